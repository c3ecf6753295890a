import { useCallback, useRef, useState } from "react";
import { messageOf, trpc } from "../../lib/trpc";
import type { PromptUse } from "./prompt-use";
import type { StreamingStore } from "./streaming-store";

type SendInput = { text: string; modelId: string; promptId: number | null; sessionId: number; category: string; siblingOf?: number | null; use?: PromptUse | null };

/**
 * What became of a send: the session the server used (new for a first message), and a failure
 * to show. With an `entryId` the server kept the exchange, and its history shows the failure.
 */
export type SendResult = { sessionId: number; entryId: number | null; error?: string };

/**
 * Sends a message and streams the reply into `store`. Stop aborts the request; the
 * server keeps what arrived, marked 'stopped'.
 */
export function useChatSend(store: StreamingStore, onNewSession: (id: number) => void) {
  const utils = trpc.useUtils();
  const [streaming, setStreaming] = useState(false);
  const controller = useRef<AbortController | null>(null);

  const send = useCallback(
    async (input: SendInput): Promise<SendResult> => {
      const abort = new AbortController();
      controller.current = abort;
      setStreaming(true);
      store.start(input.text);
      let sessionId = input.sessionId;
      let entryId: number | null = null;
      try {
        const events = await utils.client.chat.send.mutate(
          { messages: [{ content: input.text }], model_id: input.modelId, prompt_id: input.promptId, session_id: input.sessionId, category: input.category as never, sibling_of_entry_id: input.siblingOf ?? null, ...input.use },
          { signal: abort.signal },
        );
        for await (const event of events) {
          if (event.type === "session") {
            sessionId = event.session_id;
            entryId = event.entry_id;
            store.entry(entryId);
            if (event.created) onNewSession(sessionId);
          } else if (event.type === "text") store.append(event.text);
          else if (event.type === "error") return { sessionId, entryId, error: event.detail || event.message };
        }
        return { sessionId, entryId };
      } catch (error) {
        if (abort.signal.aborted) return { sessionId, entryId };
        return { sessionId, entryId, error: messageOf(error) };
      } finally {
        controller.current = null;
        // The allowance the subscription badge shows is read again with the conversation.
        await Promise.all([
          utils.chat.sessions.invalidate(),
          sessionId > 0 ? utils.chat.history.invalidate({ sessionId }) : Promise.resolve(),
          utils.subscription.current.invalidate(),
        ]);
        store.stop();
        setStreaming(false);
      }
    },
    [store, utils, onNewSession],
  );

  const stop = useCallback(() => controller.current?.abort(), []);
  return { send, stop, streaming };
}
