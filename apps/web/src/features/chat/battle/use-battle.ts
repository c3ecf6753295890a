import { useCallback, useRef, useState } from "react";
import { messageOf, trpc } from "../../../lib/trpc";
import { columnChange, type StreamingColumn } from "../column-events";
import type { PromptUse } from "../prompt-use";

export type LiveAnswer = StreamingColumn & { label: string };

/** The battle streaming now: the message sent and each answer so far, unnamed. */
export type LiveBattle = { sessionId: number; message: string; answers: LiveAnswer[] };

type BattleSend = { text: string; promptId: number | null; category: string; use?: PromptUse | null };

const patch = (column: number, change: (current: LiveAnswer) => Partial<LiveAnswer>) => (battle: LiveBattle | null) =>
  battle ? { ...battle, answers: battle.answers.map((a, i) => (i === column ? { ...a, ...change(a) } : a)) } : battle;

/**
 * Starts a blind battle and streams its two answers side by side. Stop aborts the request (the
 * server keeps what arrived); `stopAnswer` stops one answer while the other goes on.
 */
export function useBattle(onNewSession: (id: number) => void) {
  const utils = trpc.useUtils();
  const [live, setLive] = useState<LiveBattle | null>(null);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const stopColumnCall = trpc.chat.stopCompareColumn.useMutation();

  const send = useCallback(
    async (input: BattleSend) => {
      const abort = new AbortController();
      controller.current = abort;
      setError(null);
      setLive({ sessionId: 0, message: input.text, answers: ["A", "B"].map((label) => ({ label, text: "", status: "streaming" })) });
      let sessionId = 0;
      // Stored once the server names the conversation; refused before that, nothing was kept.
      let stored = false;
      try {
        const events = await utils.client.chat.battle.mutate(
          { messages: [{ content: input.text }], prompt_id: input.promptId, category: input.category as never, ...input.use },
          { signal: abort.signal },
        );
        for await (const event of events) {
          if (event.type === "session") {
            stored = true;
            sessionId = event.session_id;
            setLive((battle) => (battle ? { ...battle, sessionId, answers: event.columns.map((c) => ({ label: c.label, text: "", status: "streaming" as const })) } : battle));
            onNewSession(sessionId);
          } else {
            const update = columnChange(event);
            if (update) setLive(patch(update.column, update.change));
          }
        }
      } catch (failure) {
        if (!abort.signal.aborted) setError(messageOf(failure));
      } finally {
        controller.current = null;
        await Promise.all([
          utils.chat.sessions.invalidate(),
          sessionId > 0 ? utils.chat.battleById.invalidate({ id: sessionId }) : Promise.resolve(),
          utils.subscription.current.invalidate(),
        ]);
        setLive(null);
      }
      return stored;
    },
    [utils, onNewSession],
  );

  const stopAll = useCallback(() => controller.current?.abort(), []);
  const stopAnswer = useCallback(
    (column: number) => {
      if (live && live.sessionId > 0) stopColumnCall.mutate({ sessionId: live.sessionId, column });
    },
    [live, stopColumnCall],
  );
  return { send, stopAll, stopAnswer, live, streaming: live !== null, error };
}
