import type { EventOf, Usage } from "@parley/api";
import { MESSAGES } from "@parley/contracts";
import type { Collected } from "./serve";

type Kind = "chat" | "comparison" | "battle";

/** A column as it ended: named by its model (a comparison's) or its label (a battle's). */
type ColumnResult = {
  column: number;
  model_id?: string;
  label?: string;
  status: "complete" | "error" | "stopped";
  message_response: string;
  usage?: Usage;
  message?: string;
  detail?: string;
};

/** Each shape's answer, from its session and its columns as they ended. */
const ANSWERS: Record<Kind, (sessionId: number, columns: ColumnResult[]) => Collected> = {
  // `{ session_id, message_response, usage }` once the reply is complete; a failed reply is a 502 that still names the saved session.
  chat: (sessionId, [column]) => {
    if (column?.status === "complete") return { status: 200, body: { session_id: sessionId, message_response: column.message_response, usage: column.usage } };
    if (column?.status !== "error") return { status: 502, body: { message: MESSAGES.sendFailed } };
    return { status: 502, body: { message: column.message, detail: column.detail, session_id: sessionId, partial_response: column.message_response } };
  },
  comparison: (sessionId, columns) => atLeastOne(columns, { session_id: sessionId, columns }),
  battle: (sessionId, answers) => atLeastOne(answers, { battle_id: sessionId, session_id: sessionId, answers }),
};

/** At least one complete column is a 200; when every column failed it is a 502 that still names the saved session and each column's end. */
function atLeastOne(columns: ColumnResult[], body: object): Collected {
  if (columns.some((c) => c.status === "complete")) return { status: 200, body };
  return { status: 502, body: { message: MESSAGES.sendFailed, ...body } };
}

/**
 * A send's events as one JSON answer, for plain JSON clients of postChat, /chat/compare and
 * /chat/battles: once every column has ended, each with its reply and status (a chat's one
 * column is its reply; a battle's columns are labelled A and B and name no model, as its
 * events). Nothing stored at all is a 502.
 */
export function collectEvents<K extends Kind>(kind: K): (events: AsyncIterable<EventOf<K>>) => Promise<Collected> {
  return async (events) => {
    let sessionId: number | undefined;
    const columns: ColumnResult[] = [];
    for await (const event of events as AsyncIterable<EventOf<Kind>>) {
      if (event.type === "session") {
        sessionId = event.session_id;
        // A chat's session names its one exchange; a comparison's and a battle's name their columns.
        const named = "columns" in event ? event.columns.map(({ entry_id: _entry, ...column }) => column) : [{ column: 0 }];
        for (const column of named) columns.push({ ...column, status: "stopped", message_response: "" });
        continue;
      }
      if (event.type === "text" || event.type === "end") continue;
      const at = columns.find((c) => c.column === ("column" in event ? event.column : 0));
      if (!at) continue;
      if (event.type === "done")
        Object.assign(at, { status: "complete", message_response: event.message_response }, "usage" in event ? { usage: event.usage } : {});
      else if (event.type === "error")
        Object.assign(at, { status: "error", message_response: event.partial_response, message: event.message, detail: event.detail });
      else Object.assign(at, { status: "stopped", message_response: event.partial_response });
    }
    if (sessionId === undefined) return { status: 502, body: { message: MESSAGES.sendFailed } };
    return ANSWERS[kind](sessionId, columns);
  };
}
