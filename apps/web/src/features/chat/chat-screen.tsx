import { useCallback, useMemo, useState } from "react";
import { useNavigate } from "@tanstack/react-router";
import { DEFAULT_CATEGORY } from "@parley/contracts";
import { messageOf, trpc } from "../../lib/trpc";
import { ChatOptions } from "./chat-options";
import { Composer } from "./composer";
import { MessageList } from "./message-list";
import { messagesOf, type UiMessage } from "./messages";
import { SessionList } from "./session-list";
import { shareSessionLink } from "./share-link";
import { createStreamingStore } from "./streaming-store";
import { CHAT_TEXTS, DEFAULT_AI_LABEL, DEFAULT_USER_LABEL } from "./texts";
import { useChatSend } from "./use-chat-send";
import { useCloneOnOpen } from "./use-clone-on-open";

export type ChatMode = { kind: "own"; sessionId: number; cloneChat: boolean; postId: number | null } | { kind: "shared"; sessionId: number };

/** The chat screen (spec §2 /chat and /chat/share/{sessionId}). */
export function ChatScreen({ mode }: { mode: ChatMode }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const shared = mode.kind === "shared";
  const sessionId = mode.sessionId;
  const [streaming] = useState(createStreamingStore);
  // Failed sends and a chosen category belong to the session they were made in.
  const [failedBySession, setFailed] = useState<{ sessionId: number; messages: UiMessage[] }>({ sessionId: 0, messages: [] });
  const [categoryChoice, setCategoryChoice] = useState<{ sessionId: number; category: string } | null>(null);
  const [panel, setPanel] = useState<"none" | "sessions" | "options">("none");

  const options = trpc.chat.options.useQuery(undefined, { enabled: !shared });
  const sessions = trpc.chat.sessions.useQuery();
  const history = trpc.chat.history.useQuery({ sessionId, shared }, { enabled: sessionId > 0 && !(mode.kind === "own" && mode.cloneChat) });

  const [modelId, setModelId] = useState("");
  const [promptId, setPromptId] = useState<number | null>(null);
  const [description, setDescription] = useState("");
  const firstModel = options.data?.userModels[0]?.id ?? "";
  const selectedModel = modelId || firstModel;

  // The category comes with the history (spec §3); a new chat starts with 'general'.
  const category = (categoryChoice?.sessionId === sessionId ? categoryChoice.category : undefined) ?? history.data?.category ?? DEFAULT_CATEGORY;
  const setCategory = (value: string) => setCategoryChoice({ sessionId, category: value });

  const modelNames = useMemo(() => new Map((options.data?.userModels ?? []).map((m) => [m.id, m.name])), [options.data]);
  const aiName = modelNames.get(selectedModel) ?? DEFAULT_AI_LABEL;
  const messages = useMemo(
    () => [
      ...messagesOf(history.data?.sessions ?? [], (id) => (id && modelNames.get(id)) || (shared ? "AI" : aiName)),
      ...(failedBySession.sessionId === sessionId ? failedBySession.messages : []),
    ],
    [history.data, modelNames, aiName, shared, failedBySession, sessionId],
  );

  const openSession = useCallback(
    (id: number) => void navigate({ to: "/chat", search: id > 0 ? { sessionId: id } : {}, replace: false }),
    [navigate],
  );
  const onNewSession = useCallback((id: number) => void navigate({ to: "/chat", search: { sessionId: id }, replace: true }), [navigate]);
  const { send, stop, busy } = useChatSend(streaming, onNewSession);
  const cloning = useCloneOnOpen(mode);

  const onSend = async (text: string) => {
    const result = await send({ text, modelId: selectedModel, promptId, sessionId, category });
    if (result.error) {
      const now = new Date().toISOString();
      const pair: UiMessage[] = [
        { key: `failed-${now}-user`, isUser: true, user: DEFAULT_USER_LABEL, content: text, timestamp: now },
        { key: `failed-${now}-ai`, isUser: false, user: aiName, content: "", timestamp: now, note: `${CHAT_TEXTS.sendFailed}: ${result.error}` },
      ];
      setFailed((current) => ({ sessionId: result.sessionId, messages: current.sessionId === result.sessionId ? [...current.messages, ...pair] : pair }));
    }
  };

  const remove = trpc.chat.delete.useMutation();
  const onDelete = async (id: number) => {
    if (!window.confirm(CHAT_TEXTS.confirmDelete)) return;
    try {
      await remove.mutateAsync({ id });
      await utils.chat.sessions.invalidate();
      if (id === sessionId) openSession(0);
    } catch (error) {
      window.alert(error instanceof Error ? CHAT_TEXTS.deleteError(messageOf(error)) : CHAT_TEXTS.deleteUnexpected);
    }
  };

  const share = trpc.chat.share.useMutation({ onSuccess: () => utils.chat.history.invalidate({ sessionId }) });
  const onShare = async () => {
    if (sessionId <= 0) return window.alert(CHAT_TEXTS.shareNeedsSave);
    try {
      await share.mutateAsync({ id: sessionId, shared: true });
    } catch (error) {
      return window.alert(CHAT_TEXTS.shareFailed(messageOf(error)));
    }
    await shareSessionLink(sessionId);
    await utils.chat.sessions.invalidate();
  };
  const onUnshare = async () => {
    await share.mutateAsync({ id: sessionId, shared: false }).catch((error: unknown) => window.alert(messageOf(error)));
    await utils.chat.sessions.invalidate();
  };

  const post = trpc.post.create.useMutation();
  const onPost = async () => {
    if (sessionId <= 0) return window.alert(CHAT_TEXTS.postNeedsSave);
    if (!description.trim()) return window.alert(CHAT_TEXTS.postNeedsDescription);
    try {
      const result = await post.mutateAsync({ chat_id: sessionId, description: description.trim(), categories: [category as never] });
      if (!result.post_id) return window.alert(CHAT_TEXTS.postNoId);
      setDescription("");
      void navigate({ to: "/post/$postId", params: { postId: String(result.post_id) } });
    } catch (error) {
      window.alert(error instanceof Error ? CHAT_TEXTS.postError(messageOf(error)) : CHAT_TEXTS.postUnexpected);
    }
  };

  const sharedMissing = shared && history.isError;
  const title = shared ? "Shared Chat (Read-only)" : "Chat";
  const forkedFrom = history.data?.forked_from;
  const sessionList = (
    <SessionList sessions={sessions.data?.sessions ?? []} selectedId={shared ? 0 : sessionId} onSelect={openSession} onDelete={onDelete} onNew={() => openSession(0)} />
  );
  const optionsPanel = shared ? (
    <ChatOptions mode="shared" onClone={() => void navigate({ to: "/chat", search: { sessionId, cloneChat: true } })} cloning={cloning} />
  ) : (
    <ChatOptions
      mode="own"
      category={category}
      onCategoryChange={setCategory}
      description={description}
      onDescriptionChange={setDescription}
      shared={history.data?.shared ?? false}
      onShare={() => void onShare()}
      onUnshare={() => void onUnshare()}
      onPost={() => void onPost()}
      posting={post.isPending}
      canPost={sessionId > 0 && description.trim() !== ""}
    />
  );

  return (
    <div className="mx-auto flex h-[calc(100dvh-4rem)] w-full max-w-[1500px] gap-4 px-2 py-3 sm:px-4">
      <div className="hidden w-72 shrink-0 flex-col rounded-2xl border border-zinc-200 bg-zinc-50/70 p-3 lg:flex dark:border-zinc-800 dark:bg-zinc-900/50">{sessionList}</div>
      <section aria-labelledby="chat-title" className="flex min-w-0 flex-1 flex-col overflow-hidden rounded-2xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950">
        <header className="flex items-center gap-2 border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
          <button type="button" onClick={() => setPanel(panel === "sessions" ? "none" : "sessions")} className="rounded-lg px-2 py-1 text-sm font-medium hover:bg-zinc-100 lg:hidden dark:hover:bg-zinc-800" aria-expanded={panel === "sessions"}>
            Conversations
          </button>
          <div className="min-w-0 flex-1">
            <h1 id="chat-title" className="truncate text-lg font-semibold">
              {title}
            </h1>
            {shared && history.data?.username && <p className="truncate text-xs text-zinc-500">Shared by {history.data.username}</p>}
            {!shared && forkedFrom && <p className="truncate text-xs text-zinc-500">Forked from {forkedFrom.username ?? "another conversation"}</p>}
          </div>
          <button type="button" onClick={() => setPanel(panel === "options" ? "none" : "options")} className="rounded-lg px-2 py-1 text-sm font-medium hover:bg-zinc-100 xl:hidden dark:hover:bg-zinc-800" aria-expanded={panel === "options"}>
            Options
          </button>
        </header>
        {panel === "sessions" && <div className="max-h-[45vh] overflow-y-auto border-b border-zinc-200 p-3 lg:hidden dark:border-zinc-800">{sessionList}</div>}
        {panel === "options" && <div className="border-b border-zinc-200 p-3 xl:hidden dark:border-zinc-800">{optionsPanel}</div>}
        {sharedMissing ? (
          <div className="m-auto max-w-md p-6 text-center">
            <h2 className="text-xl font-semibold">Conversation not found</h2>
            <p className="mt-2 text-zinc-500">{messageOf(history.error)}</p>
          </div>
        ) : (
          <MessageList key={sessionId} messages={messages} streaming={streaming} aiName={aiName} />
        )}
        {shared ? (
          <p className="border-t border-zinc-200 px-4 py-4 text-center text-sm text-zinc-600 dark:border-zinc-800 dark:text-zinc-300">{CHAT_TEXTS.sharedInput}</p>
        ) : (
          <Composer
            options={options.data}
            modelId={selectedModel}
            onModelChange={setModelId}
            promptId={promptId}
            onPromptChange={setPromptId}
            busy={busy || cloning}
            onSend={(text) => void onSend(text)}
            onStop={stop}
          />
        )}
      </section>
      <div className="hidden w-72 shrink-0 rounded-2xl border border-zinc-200 bg-zinc-50/70 p-4 xl:block dark:border-zinc-800 dark:bg-zinc-900/50">{optionsPanel}</div>
    </div>
  );
}
