import { useCallback, useRef, useState } from "react";
import { messageOf, trpc } from "../../lib/trpc";
import type { StreamingStore } from "./streaming-store";

type SendInput = { text: string; modelId: string; promptId: number | null; sessionId: number; category: string };

/**
 * Sends a message and streams the reply into `store` (spec §4). Resolves with the session id the
 * server used (new for a first message) or with a failure to show; Stop aborts and keeps what
 * arrived.
 */
export function useChatSend(store: StreamingStore, onSession: (id: number) => void) {
  const utils = trpc.useUtils();
  const [busy, setBusy] = useState(false);
  const controller = useRef<AbortController | null>(null);

  const send = useCallback(
    async (input: SendInput): Promise<{ sessionId: number; error?: string }> => {
      const abort = new AbortController();
      controller.current = abort;
      setBusy(true);
      store.start(input.text);
      let sessionId = input.sessionId;
      try {
        const events = await utils.client.chat.send.mutate(
          { messages: [{ content: input.text }], model_id: input.modelId, prompt_id: input.promptId, session_id: input.sessionId, category: input.category as never },
          { signal: abort.signal },
        );
        for await (const event of events) {
          if (event.type === "session") {
            sessionId = event.session_id;
            store.entry(event.entry_id);
            if (event.created) onSession(sessionId);
          } else if (event.type === "text") store.append(event.text);
          else if (event.type === "error") return { sessionId, error: event.detail };
        }
        return { sessionId };
      } catch (error) {
        if (abort.signal.aborted) return { sessionId };
        return { sessionId, error: messageOf(error) };
      } finally {
        controller.current = null;
        await Promise.all([utils.chat.sessions.invalidate(), sessionId > 0 ? utils.chat.history.invalidate({ sessionId }) : Promise.resolve()]);
        store.stop();
        setBusy(false);
        // The subscription badge refreshes on this event (spec §4).
        window.dispatchEvent(new Event("chat-sent"));
      }
    },
    [store, utils, onSession],
  );

  const stop = useCallback(() => controller.current?.abort(), []);
  return { send, stop, busy };
}
