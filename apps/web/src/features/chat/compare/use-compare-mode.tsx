import { useState } from "react";
import type { RouterOutputs } from "@parley/api";
import { messageOf, trpc } from "../../../lib/trpc";
import type { PromptUse } from "../prompt-use";
import { ComparePicker, CompareToggle } from "./compare-picker";
import { CompareView } from "./compare-view";
import { COMPARE_LIMITS, COMPARE_TEXTS } from "./texts";
import { useSend } from "../use-send";
import { useLiveTurn } from "../streaming-store";

type Options = RouterOutputs["chat"]["options"];

type CompareModeProps = {
  sessionId: number;
  /** The open session's compared models, from the session list (null: an ordinary chat). */
  sessionModels: string[] | null | undefined;
  shared: boolean;
  options: Options | undefined;
  promptId: number | null;
  category: string;
  modelName: (id: string) => string;
  onNewSession: (id: number) => void;
  /** The conversation goes on as an ordinary chat with this model. */
  onWinner: (modelId: string) => void;
  /** Open with the toggle on ('Compare models on this prompt'). */
  startOn?: boolean;
};

/**
 * Comparing models in the chat screen: the 'Compare' toggle and model choice for the composer,
 * the columns in place of the message list, and the send that goes to every column. Active
 * while the open conversation is a comparison, or while the toggle is on.
 */
export function useCompareMode({
  sessionId,
  sessionModels,
  shared,
  options,
  promptId,
  category,
  modelName,
  onNewSession,
  onWinner,
  startOn = false,
}: CompareModeProps) {
  const [toggled, setToggled] = useState(startOn);
  // Until the person picks, the first models offered are picked for a start.
  const [picked, setChosen] = useState<string[] | null>(null);
  const chosen = picked ?? (options?.userModels ?? []).slice(0, COMPARE_LIMITS.min).map((m) => m.id);
  const [pickError, setPickError] = useState<string | null>(null);
  const compare = useSend(onNewSession);
  const live = useLiveTurn(compare.store);
  const utils = trpc.useUtils();
  const isComparison = Boolean(sessionModels && sessionModels.length > 0) && sessionId > 0;
  const columns = trpc.chat.compareColumns.useQuery(
    { sessionId, shared },
    {
      enabled: isComparison,
      // A stopped column is saved a moment after the browser lets go: look again until it is.
      refetchInterval: (query) => (!compare.streaming && query.state.data?.columns.some((c) => c.turns.at(-1)?.status === "pending") ? 1000 : false),
    },
  );
  const pick = trpc.chat.pickWinner.useMutation({
    onSuccess: async (result) => {
      setToggled(false);
      setPickError(null);
      onWinner(result.model_id);
      await Promise.all([utils.chat.sessions.invalidate(), utils.chat.history.invalidate({ sessionId }), utils.chat.compareColumns.invalidate({ sessionId })]);
    },
    onError: (error) => setPickError(COMPARE_TEXTS.pickFailed(messageOf(error))),
  });

  // A comparison being continued keeps its models; a new one uses the models picked.
  const fixedModels = isComparison ? (columns.data?.compare_models ?? sessionModels ?? null) : null;
  const streamingHere = live !== null && (live.sessionId === sessionId || live.sessionId === 0 || sessionId === 0);
  const active = isComparison || toggled || streamingHere;
  const modelIds = streamingHere ? live.columns.map((c) => c.name) : (fixedModels ?? chosen);
  // Models of a forked comparison the person cannot use keep their columns, marked; a follow-up,
  // which goes to every column, waits until they are usable (or a winner is picked).
  const unavailable = isComparison && !shared ? (columns.data?.unavailable_models ?? []) : [];
  const storedNames = new Map((columns.data?.columns ?? []).map((c) => [c.model_id, c.model_name]));
  const nameOf = (id: string) => storedNames.get(id) ?? modelName(id);
  const ready = modelIds.length >= COMPARE_LIMITS.min && modelIds.length <= COMPARE_LIMITS.max && unavailable.length === 0;

  const send = async (text: string, use: PromptUse | null = null) =>
    (await compare.send({ kind: "comparison", text, modelIds, promptId, sessionId: isComparison ? sessionId : 0, category, use })).stored;

  return {
    active,
    streaming: compare.streaming,
    /** Turns of the open comparison as stored (0 until read). */
    turns: isComparison ? (columns.data?.columns[0]?.turns.length ?? 0) : 0,
    ready,
    send,
    stop: compare.stop,
    toggle: shared ? null : <CompareToggle on={active} disabled={isComparison || compare.streaming} onChange={setToggled} />,
    picker: active ? (
      <>
        <ComparePicker models={options?.userModels ?? []} chosen={modelIds} onChange={setChosen} fixed={isComparison || streamingHere} modelName={nameOf} />
        {unavailable.length > 0 && (
          <p
            role="status"
            className="mx-4 mt-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-200"
          >
            {COMPARE_TEXTS.unavailableNotice(unavailable.map((m) => m.model_name))}
          </p>
        )}
      </>
    ) : null,
    view: active ? (
      <>
        {(compare.error || pickError) && (
          <p
            role="alert"
            className="mx-3 mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 sm:mx-6 dark:border-red-900 dark:bg-red-950/60 dark:text-red-300"
          >
            {compare.error ?? pickError}
          </p>
        )}
        <CompareView
          modelIds={modelIds}
          stored={isComparison ? columns.data?.columns : undefined}
          live={streamingHere ? live : null}
          modelName={nameOf}
          onStopColumn={compare.stopColumn}
          onPickWinner={isComparison && !shared && !compare.streaming ? (column) => pick.mutate({ sessionId, column }) : null}
          picking={pick.isPending}
        />
      </>
    ) : null,
  };
}
