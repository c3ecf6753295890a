import { useCallback, useRef, useState } from "react";
import { messageOf, trpc } from "../../lib/trpc";
import { columnChange, type SendEvent } from "./column-events";
import type { PromptUse } from "./prompt-use";
import { createStreamingStore, type LiveColumn } from "./streaming-store";

type Common = { text: string; promptId: number | null; category: string; use?: PromptUse | null };

/** What is sent: a chat's message (an edit or a regeneration with `siblingOf`), a comparison's, or a new battle's. */
export type SendRequest =
  | (Common & { kind: "chat"; modelId: string; sessionId: number; siblingOf?: number | null })
  | (Common & { kind: "comparison"; modelIds: string[]; sessionId: number })
  | (Common & { kind: "battle" });

/**
 * What became of a send: whether the server stored it (then its conversation and first column's
 * exchange are named, and its history shows any failure), a failure of the send itself to show,
 * and each column as it ended.
 */
export type SendResult = { stored: boolean; sessionId: number; entryId: number | null; error?: string; columns: LiveColumn[] };

/** A battle's answers before the server labels them. */
const BATTLE_LABELS = ["A", "B"];

type Utils = ReturnType<typeof trpc.useUtils>;

/** The send's procedure, by its kind. */
async function streamOf(utils: Utils, request: SendRequest, signal: AbortSignal): Promise<AsyncIterable<SendEvent>> {
  const common = { messages: [{ content: request.text }], prompt_id: request.promptId, category: request.category as never, ...request.use };
  const options = { signal };
  if (request.kind === "chat") {
    return utils.client.chat.send.mutate(
      { ...common, model_id: request.modelId, session_id: request.sessionId, sibling_of_entry_id: request.siblingOf ?? null },
      options,
    );
  }
  if (request.kind === "comparison")
    return utils.client.chat.compare.mutate({ ...common, model_ids: request.modelIds, session_id: request.sessionId }, options);
  return utils.client.chat.battle.mutate(common, options);
}

/** What a send changed, read again once it ends (the allowance the subscription badge shows too). */
function readAgain(utils: Utils, kind: SendRequest["kind"], sessionId: number): Promise<unknown>[] {
  const common = [utils.chat.sessions.invalidate(), utils.subscription.current.invalidate()];
  if (sessionId <= 0) return common;
  if (kind === "battle") return [...common, utils.chat.battleById.invalidate({ id: sessionId })];
  if (kind === "comparison") return [...common, utils.chat.compareColumns.invalidate({ sessionId }), utils.chat.history.invalidate({ sessionId })];
  return [...common, utils.chat.history.invalidate({ sessionId })];
}

/**
 * Sends a message (a chat's, a comparison's or a battle's) and streams its columns into `store`,
 * which the views that show them read. Stop aborts the request; `stopColumn` stops one column of
 * a comparison or battle while the others go on. The server keeps what arrived. A send the
 * server did not store answers `stored: false`, and its text goes back to the composer.
 */
export function useSend(onNewSession: (id: number) => void) {
  const utils = trpc.useUtils();
  const [store] = useState(createStreamingStore);
  const [streaming, setStreaming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const stopColumnCall = trpc.chat.stopCompareColumn.useMutation();

  const send = useCallback(
    async (request: SendRequest): Promise<SendResult> => {
      const abort = new AbortController();
      controller.current = abort;
      setError(null);
      setStreaming(true);
      let sessionId = request.kind === "battle" ? 0 : request.sessionId;
      const names = request.kind === "chat" ? [request.modelId] : request.kind === "comparison" ? request.modelIds : BATTLE_LABELS;
      store.start(request.text, names, sessionId);
      let entryId: number | null = null;
      // Stored once the server names the conversation; refused before that, nothing was kept.
      let stored = false;
      let failure: string | undefined;
      let columns: LiveColumn[] | undefined;
      try {
        for await (const event of await streamOf(utils, request, abort.signal)) {
          if (event.type === "session") {
            stored = true;
            sessionId = event.session_id;
            entryId = "entry_id" in event ? event.entry_id : (event.columns[0]?.entry_id ?? null);
            store.stored(sessionId, entryId, "columns" in event ? event.columns.map((c) => ("label" in c ? c.label : c.model_id)) : undefined);
            if (event.created) onNewSession(sessionId);
          } else {
            const update = columnChange(event);
            if (update) store.change(update);
          }
        }
      } catch (thrown) {
        if (!abort.signal.aborted) {
          failure = messageOf(thrown);
          setError(failure);
        }
      } finally {
        controller.current = null;
        await Promise.all(readAgain(utils, request.kind, sessionId));
        columns = store.stop();
        setStreaming(false);
      }
      return { stored, sessionId, entryId, error: failure, columns };
    },
    [store, utils, onNewSession],
  );

  const stop = useCallback(() => controller.current?.abort(), []);
  const { mutate: stopColumnMutate } = stopColumnCall;
  const stopColumn = useCallback(
    (column: number) => {
      const { active, sessionId } = store.get();
      if (active && sessionId > 0) stopColumnMutate({ sessionId, column });
    },
    [store, stopColumnMutate],
  );
  return { send, stop, stopColumn, store, streaming, error };
}
