import type { CompareEvent } from "@parley/api";
import { MESSAGES } from "@parley/contracts";
import type { Collected } from "./serve";

type ColumnResult = {
  column: number;
  model_id: string;
  status: "complete" | "error" | "stopped";
  message_response: string;
  usage?: { input_tokens: number; output_tokens: number; charged_tokens: number };
  message?: string;
  detail?: string;
};

/**
 * /chat/compare for plain JSON clients: `{ session_id, columns }` once every column has ended,
 * each column with its reply and status. At least one complete column is a 200; when every
 * column failed it is a 502 whose body still names the saved session and each column's error.
 */
export async function collectCompareEvents(events: AsyncIterable<CompareEvent>): Promise<Collected> {
  let sessionId: number | undefined;
  const columns: ColumnResult[] = [];
  const at = (column: number) => columns.find((c) => c.column === column)!;
  for await (const event of events) {
    if (event.type === "session") {
      sessionId = event.session_id;
      for (const c of event.columns) columns.push({ column: c.column, model_id: c.model_id, status: "stopped", message_response: "" });
    } else if (event.type === "done") Object.assign(at(event.column), { status: "complete", message_response: event.message_response, usage: event.usage });
    else if (event.type === "error") Object.assign(at(event.column), { status: "error", message_response: event.partial_response, message: event.message, detail: event.detail });
    else if (event.type === "stopped") Object.assign(at(event.column), { status: "stopped", message_response: event.partial_response });
  }
  if (sessionId === undefined) return { status: 502, body: { message: MESSAGES.sendFailed } };
  const body = { session_id: sessionId, columns };
  if (columns.some((c) => c.status === "complete")) return { status: 200, body };
  return { status: 502, body: { message: MESSAGES.sendFailed, ...body } };
}
