import type { SendEvent } from "@parley/api";
import { MESSAGES } from "@parley/contracts";
import type { Collected } from "./serve";

/**
 * postChat for plain JSON clients: `{ session_id, message_response }` once the reply
 * is complete; a failed reply is a 502 whose body still names the saved session.
 */
export async function collectSendEvents(events: AsyncIterable<SendEvent>): Promise<Collected> {
  for await (const event of events) {
    if (event.type === "done") return { status: 200, body: { session_id: event.session_id, message_response: event.message_response, usage: event.usage } };
    if (event.type === "error") {
      return { status: 502, body: { message: event.message, detail: event.detail, session_id: event.session_id, partial_response: event.partial_response } };
    }
  }
  return { status: 502, body: { message: MESSAGES.sendFailed } };
}
