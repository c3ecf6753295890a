import { useCallback, useMemo, useState, type ReactNode } from "react";
import { useNavigate } from "@tanstack/react-router";
import { DEFAULT_CATEGORY } from "@parley/contracts";
import { profileOf, useAuth } from "../../lib/auth";
import { errorCodeOf, messageOf, trpc } from "../../lib/trpc";
import { closedLinkOf, LinkClosed } from "../../components/link-gate";
import { BranchActionsContext } from "./branch-actions";
import { ChatHeader } from "./chat-header";
import { ChatOptions } from "./chat-options";
import { useCompareMode } from "./compare/use-compare-mode";
import { useBattleMode } from "./battle/use-battle-mode";
import { useSessionBattle } from "../../lib/sessions/use-session-battle";
import { Composer } from "./composer";
import type { Me } from "./message-bubble";
import { MessageList } from "./message-list";
import { postCategoriesOf } from "./post-categories";
import { messagesOf, type UiMessage } from "./messages";
import { SessionList } from "./session-list";
import { SideDrawer } from "./side-drawer";
import { CHAT_TEXTS, DEFAULT_AI_LABEL, DEFAULT_USER_LABEL } from "./texts";
import { useSend, type SendResult } from "./use-send";
import { useCloneOnOpen } from "./use-clone-on-open";
import { useBranching } from "./use-branching";
import { useSessionActions } from "./use-session-actions";
import type { ChatMode } from "./chat-mode";
import type { PromptUse } from "./prompt-use";

/** Failures of one conversation: sends the server never stored, and why stored ones failed. */
type Failures = { sessionId: number; unsent: UiMessage[]; details: Record<number, string> };
const NO_FAILURES: Failures = { sessionId: 0, unsent: [], details: {} };
const NO_MODELS: { id: string; name: string }[] = [];

/**
 * The chat screen. The route may add its own
 * pieces below the options panel (`optionsExtra`) and the session list (`sessionsExtra`).
 */
export function ChatScreen({ mode, optionsExtra, sessionsExtra }: { mode: ChatMode; optionsExtra?: ReactNode; sessionsExtra?: ReactNode }) {
  const navigate = useNavigate();
  const auth = useAuth();
  const shared = mode.kind === "shared";
  // 'Use in chat' and 'Compare models on this prompt' open a new conversation from a library prompt.
  const startPrompt = mode.kind === "own" && mode.sessionId <= 0 ? (mode.startPrompt ?? null) : null;
  const sessionId = mode.sessionId;
  const [failures, setFailures] = useState<Failures>(NO_FAILURES);
  // A chosen category belongs to the conversation it was chosen in.
  const [categoryChoice, setCategoryChoice] = useState<{ sessionId: number; category: string } | null>(null);
  const [panel, setPanel] = useState<"none" | "sessions" | "options">("none");
  // A model picked belongs to the conversation it was picked in; without one, a saved
  // conversation goes on with the model it used.
  const [modelChoice, setModelChoice] = useState<{ sessionId: number; modelId: string } | null>(null);
  const [promptId, setPromptId] = useState<number | null>(null);
  const [description, setDescription] = useState("");

  const openSession = useCallback((id: number) => void navigate({ to: "/chat", search: id > 0 ? { sessionId: id } : {} }), [navigate]);
  const onNewSession = useCallback(
    (id: number) => {
      // The model picked for the new conversation stays picked once it has its id.
      setModelChoice((choice) => (choice?.sessionId === 0 ? { sessionId: id, modelId: choice.modelId } : choice));
      void navigate({ to: "/chat", search: { sessionId: id }, replace: true });
    },
    [navigate],
  );
  const { send, stop, store: streaming, streaming: replying } = useSend(onNewSession);
  const cloning = useCloneOnOpen(mode);

  const options = trpc.chat.options.useQuery(undefined, { enabled: !shared });
  // A battle's models stay unnamed until its verdict: its history waits for it (the battle view reads the battle).
  // Until the session list has come, whether it is a blind battle is not known: its history is not
  // asked for (a blind battle's would be refused, showing 'could not be loaded').
  const { sessions, sessionBattle, known: battleKnown, historyReadable } = useSessionBattle(sessionId, shared);
  const history = trpc.chat.history.useQuery(
    { sessionId, shared },
    {
      enabled: sessionId > 0 && !(mode.kind === "own" && mode.cloneChat) && historyReadable,
      // A stopped reply is saved a moment after the browser lets go: look again until it is.
      refetchInterval: (query) => (!replying && query.state.data?.sessions.at(-1)?.status === "pending" ? 1000 : false),
    },
  );

  const usable = options.data?.userModels ?? NO_MODELS;
  const usedModel = history.data?.sessions.at(-1)?.model_id ?? null;
  const pickedModel = modelChoice?.sessionId === sessionId ? modelChoice.modelId : "";
  const selectedModel = pickedModel || (usedModel && usable.some((m) => m.id === usedModel) ? usedModel : "") || usable[0]?.id || "";
  const setModelId = useCallback((id: string) => setModelChoice({ sessionId, modelId: id }), [sessionId]);
  // The category comes with the history; a new chat starts with 'general'.
  const category = (categoryChoice?.sessionId === sessionId ? categoryChoice.category : undefined) ?? history.data?.category ?? DEFAULT_CATEGORY;
  const modelNames = useMemo(() => new Map((options.data?.userModels ?? []).map((m) => [m.id, m.name])), [options.data]);
  const aiName = modelNames.get(selectedModel) ?? DEFAULT_AI_LABEL;
  const profile = auth.user ? profileOf(auth.user) : null;
  const me = useMemo<Me>(
    () => ({ name: profile?.nickname ?? profile?.name ?? DEFAULT_USER_LABEL, picture: profile?.picture ?? "" }),
    [profile?.nickname, profile?.name, profile?.picture],
  );

  const mine = failures.sessionId === sessionId ? failures : NO_FAILURES;
  const messages = useMemo(() => {
    // A reader of someone else's share sees its owner's name and each reply's model (the history names both).
    const owner = shared && history.data?.is_owner === false ? history.data.username || DEFAULT_USER_LABEL : DEFAULT_USER_LABEL;
    const named = history.data?.model_names ?? {};
    const nameOf = (id: string | null) => (id && (modelNames.get(id) ?? named[id])) || (shared ? "AI" : aiName);
    // A share's every answer has a link of its own (docs/reach.md, 'Links to one answer').
    const stored = messagesOf(history.data?.sessions ?? [], nameOf, owner, shared);
    const explained = stored.map((message) => {
      const detail = mine.details[Number.parseInt(message.key, 10)];
      return detail && !message.isUser && message.note ? { ...message, note: `${message.note}: ${detail}` } : message;
    });
    return [...explained, ...mine.unsent];
  }, [history.data, modelNames, aiName, shared, mine]);

  // A send the server refused before storing it is shown as an unsent message with the reason;
  // a refused regeneration only with the reason (its message is on the screen already).
  const remember = (text: string, result: SendResult, regenerated: boolean) => {
    const error = result.error ?? result.columns[0]?.error;
    if (!error) return;
    setFailures((current) => {
      const base = current.sessionId === result.sessionId ? current : { ...NO_FAILURES, sessionId: result.sessionId };
      if (result.entryId !== null) return { ...base, details: { ...base.details, [result.entryId]: error } };
      const now = new Date().toISOString();
      const pair: UiMessage[] = [
        ...(regenerated ? [] : [{ key: `unsent-${now}-user`, isUser: true, user: DEFAULT_USER_LABEL, content: text, timestamp: now }]),
        { key: `unsent-${now}-ai`, isUser: false, user: aiName, content: "", timestamp: now, note: `${CHAT_TEXTS.sendFailed}: ${error}` },
      ];
      return { ...base, unsent: [...base.unsent, ...pair] };
    });
  };
  /** Sends; answers whether the server stored the message (a refused one goes back to the composer). */
  const onSend = async (text: string, version?: { modelId: string; siblingOf: number; regenerated: boolean }, use: PromptUse | null = null) => {
    const result = await send({
      kind: "chat",
      text,
      modelId: version?.modelId ?? selectedModel,
      promptId,
      sessionId,
      category,
      siblingOf: version?.siblingOf,
      use,
    });
    remember(text, result, version?.regenerated ?? false);
    return result.stored;
  };
  const branching = useBranching({
    sessionId,
    enabled: !shared && sessionId > 0 && history.data?.is_owner === true,
    busy: replying || cloning,
    models: options.data?.userModels ?? NO_MODELS,
    defaultModelId: selectedModel,
    send: async (text, version, siblingOf, regenerated) => void (await onSend(text, { modelId: version, siblingOf, regenerated })),
  });
  const compare = useCompareMode({
    sessionId,
    // A shared comparison is not in the reader's own list: its history names its models. A blind battle names none; a decided one is a comparison.
    sessionModels: sessionBattle === "blind" ? null : (sessions.data?.sessions.find((s) => s.id === sessionId)?.compare_models ?? history.data?.compare_models),
    shared,
    options: options.data,
    promptId,
    category,
    modelName: (id) => modelNames.get(id) ?? id,
    onNewSession,
    onWinner: setModelId,
    startOn: startPrompt?.compare === true,
  });
  const battle = useBattleMode({
    sessionId,
    sessionBattle,
    shared,
    promptId,
    category,
    onNewSession,
    comparing: compare.active,
    startOn: startPrompt?.battle === true,
    continued: compare.streaming || compare.turns > 1,
    models: options.data?.userModels,
  });

  const categories = postCategoriesOf(categoryChoice?.sessionId === sessionId ? categoryChoice.category : undefined, history.data?.category);
  const actions = useSessionActions({ sessionId, categories, description, clearDescription: () => setDescription(""), openSession });
  const selectAndClose = (id: number) => {
    setPanel("none");
    openSession(id);
  };
  const sessionList = (
    <>
      <div className="flex min-h-0 flex-1 flex-col">
        <SessionList
          sessions={sessions.data?.sessions ?? []}
          selectedId={shared ? 0 : sessionId}
          onSelect={selectAndClose}
          onDelete={(id) => void actions.deleteSession(id)}
          onNew={() => selectAndClose(0)}
        />
      </div>
      {sessionsExtra && <div className="shrink-0 pt-3">{sessionsExtra}</div>}
    </>
  );
  const unavailable = sessionId <= 0 || history.isError;
  const optionsControls = shared ? (
    <ChatOptions
      mode="shared"
      onClone={() => void navigate({ to: "/chat", search: { sessionId, cloneChat: true } })}
      cloning={cloning}
      available={!unavailable}
      sessionId={sessionId}
    />
  ) : (
    <ChatOptions
      mode="own"
      sessionId={sessionId}
      category={category}
      onCategoryChange={(value) => setCategoryChoice({ sessionId, category: value })}
      description={description}
      onDescriptionChange={setDescription}
      saved={sessionId > 0}
      shared={history.data?.shared ?? false}
      onShare={() => void actions.shareSession()}
      onUnshare={() => void actions.unshareSession()}
      sharing={actions.sharing}
      onPost={() => void actions.postSession()}
      posting={actions.posting}
      canPost={sessionId > 0 && description.trim() !== ""}
      replying={replying || compare.streaming || battle.streaming}
      privacyDialog={actions.privacyDialog}
    />
  );
  const optionsPanel = (
    <>
      {optionsControls}
      {optionsExtra}
    </>
  );

  return (
    <div className="flex min-h-0 w-full flex-1 bg-white dark:bg-zinc-950">
      <div className="hidden w-72 shrink-0 flex-col border-r border-zinc-200 bg-zinc-50 p-3 lg:flex dark:border-zinc-800 dark:bg-zinc-900/60">
        {sessionList}
      </div>
      <section aria-labelledby="chat-title" className="flex min-w-0 flex-1 flex-col">
        <ChatHeader
          shared={shared}
          description={history.data?.description ?? ""}
          owner={shared ? history.data?.username : undefined}
          forkedFrom={shared ? null : (history.data?.forked_from ?? null)}
          onOpenSessions={() => setPanel("sessions")}
          onOpenOptions={() => setPanel("options")}
          optionsFolded={compare.active}
        />
        {battle.active ? (
          battle.view
        ) : compare.active ? (
          compare.view
        ) : shared && history.isError && closedLinkOf(history.error) ? (
          <LinkClosed reason={closedLinkOf(history.error)!} link={{ sessionId }} onUnlocked={() => void history.refetch()} />
        ) : history.isError ? (
          <Unavailable shared={shared} notFound={errorCodeOf(history.error) === "NOT_FOUND"} reason={messageOf(history.error)} onNew={() => openSession(0)} />
        ) : (
          <BranchActionsContext.Provider value={branching.actions}>
            <MessageList
              sessionId={sessionId}
              messages={branching.visible(messages)}
              loading={history.isLoading || cloning || (sessionId > 0 && !battleKnown)}
              streaming={streaming}
              lastEntryId={history.data?.sessions.at(-1)?.id ?? null}
              aiName={aiName}
              me={me}
              target={mode.kind === "shared" ? (mode.answer ?? null) : null}
            />
          </BranchActionsContext.Provider>
        )}
        {shared ? (
          <p className="mx-3 mb-3 rounded-2xl border border-zinc-200 bg-zinc-50 px-4 py-3 text-center text-sm text-zinc-600 sm:mx-6 sm:mb-4 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300">
            {CHAT_TEXTS.sharedInput}
          </p>
        ) : (
          <Composer
            options={options.data}
            modelId={selectedModel}
            onModelChange={setModelId}
            promptId={promptId}
            onPromptChange={setPromptId}
            busy={replying || cloning || compare.streaming || battle.streaming}
            streaming={replying || compare.streaming || battle.streaming}
            onSend={(text, use) =>
              battle.active && !battle.decided ? battle.send(text, use) : compare.active ? compare.send(text, use) : onSend(text, undefined, use)
            }
            startPromptId={startPrompt?.id ?? null}
            onStop={battle.streaming ? battle.stop : compare.streaming ? compare.stop : stop}
            compare={
              battle.active && !battle.decided
                ? { toggle: battle.toggle, picker: battle.notice, ready: battle.ready }
                : {
                    toggle: (
                      <>
                        {compare.toggle}
                        {battle.toggle}
                      </>
                    ),
                    picker: compare.picker,
                    ready: compare.ready,
                  }
            }
          />
        )}
      </section>
      {/* While comparing, the columns take the options panel's width too (it opens from the header). */}
      <div
        className={`hidden w-80 shrink-0 overflow-y-auto border-l border-zinc-200 bg-zinc-50 p-5 dark:border-zinc-800 dark:bg-zinc-900/60 ${compare.active ? "" : "xl:block"}`}
      >
        {optionsPanel}
      </div>
      {panel === "sessions" && (
        <SideDrawer side="left" title="Your Conversations" onClose={() => setPanel("none")}>
          {sessionList}
        </SideDrawer>
      )}
      {panel === "options" && (
        <SideDrawer side="right" title="Chat Options" onClose={() => setPanel("none")}>
          {optionsPanel}
        </SideDrawer>
      )}
    </div>
  );
}

/** A conversation that cannot be shown: a revoked or missing share, or a failed load. */
function Unavailable({ shared, notFound, reason, onNew }: { shared: boolean; notFound: boolean; reason: string; onNew: () => void }) {
  return (
    <div className="m-auto max-w-md p-6 text-center" role="alert">
      <h2 className="text-xl font-semibold">{notFound ? CHAT_TEXTS.sharedMissingTitle : CHAT_TEXTS.loadFailed}</h2>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">{notFound && shared ? CHAT_TEXTS.sharedMissingText : reason}</p>
      <button type="button" onClick={onNew} className="mt-5 rounded-full bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-700">
        Start a new conversation
      </button>
    </div>
  );
}
