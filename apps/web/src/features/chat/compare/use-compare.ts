import { useCallback, useRef, useState } from "react";
import { messageOf, trpc } from "../../../lib/trpc";
import { columnChange, type StreamingColumn } from "../column-events";
import type { PromptUse } from "../prompt-use";

export type LiveColumn = StreamingColumn & { modelId: string };

/** The comparison turn streaming now: the message sent and each column's reply so far. */
export type LiveTurn = { sessionId: number; message: string; columns: LiveColumn[] };

/** An update of one column of the live turn. */
function patchColumn(column: number, change: (current: LiveColumn) => Partial<LiveColumn>) {
  return (turn: LiveTurn | null): LiveTurn | null =>
    turn ? { ...turn, columns: turn.columns.map((c, i) => (i === column ? { ...c, ...change(c) } : c)) } : turn;
}

type CompareSend = { text: string; modelIds: string[]; promptId: number | null; sessionId: number; category: string; use?: PromptUse | null };

/**
 * Sends one message to every column of a comparison and streams the replies side by side.
 * Stop (all) aborts the request; `stopColumn` stops one column while the others go on. The
 * server keeps what arrived in each column.
 */
export function useCompare(onNewSession: (id: number) => void) {
  const utils = trpc.useUtils();
  const [live, setLive] = useState<LiveTurn | null>(null);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const stopColumnCall = trpc.chat.stopCompareColumn.useMutation();


  const send = useCallback(
    async (input: CompareSend) => {
      const abort = new AbortController();
      controller.current = abort;
      setError(null);
      setLive({ sessionId: input.sessionId, message: input.text, columns: input.modelIds.map((modelId) => ({ modelId, text: "", status: "streaming" })) });
      let sessionId = input.sessionId;
      // Stored once the server names the conversation; refused before that, nothing was kept.
      let stored = false;
      try {
        const events = await utils.client.chat.compare.mutate(
          {
            messages: [{ content: input.text }],
            model_ids: input.modelIds,
            prompt_id: input.promptId,
            session_id: input.sessionId,
            category: input.category as never,
            ...input.use,
          },
          { signal: abort.signal },
        );
        for await (const event of events) {
          if (event.type === "session") {
            stored = true;
            sessionId = event.session_id;
            setLive((turn) => (turn ? { ...turn, sessionId } : turn));
            if (event.created) onNewSession(sessionId);
          } else {
            const update = columnChange(event);
            if (update) setLive(patchColumn(update.column, update.change));
          }
        }
      } catch (failure) {
        if (!abort.signal.aborted) setError(messageOf(failure));
      } finally {
        controller.current = null;
        // The allowance the subscription badge shows is read again with the conversation.
        await Promise.all([
          utils.chat.sessions.invalidate(),
          sessionId > 0 ? utils.chat.compareColumns.invalidate({ sessionId }) : Promise.resolve(),
          sessionId > 0 ? utils.chat.history.invalidate({ sessionId }) : Promise.resolve(),
          utils.subscription.current.invalidate(),
        ]);
        setLive(null);
      }
      return stored;
    },
    [utils, onNewSession],
  );

  const stopAll = useCallback(() => controller.current?.abort(), []);
  const stopColumn = useCallback(
    (column: number) => {
      if (live && live.sessionId > 0) stopColumnCall.mutate({ sessionId: live.sessionId, column });
    },
    [live, stopColumnCall],
  );
  return { send, stopAll, stopColumn, live, streaming: live !== null, error, clearError: () => setError(null) };
}
