import type { BattleEvent } from "@parley/api";
import { MESSAGES } from "@parley/contracts";
import type { Collected } from "./serve";

type AnswerResult = {
  column: number;
  label: string;
  status: "complete" | "error" | "stopped";
  message_response: string;
  message?: string;
  detail?: string;
};

/**
 * /chat/battles for plain JSON clients: `{ battle_id, session_id, answers }` once both answers
 * have ended, labelled A and B, with no model named and no usage (the verdict shows them). At least one
 * complete answer is a 200; when both failed it is a 502 that still names the saved battle.
 */
export async function collectBattleEvents(events: AsyncIterable<BattleEvent>): Promise<Collected> {
  let sessionId: number | undefined;
  const answers: AnswerResult[] = [];
  const at = (column: number) => answers.find((c) => c.column === column)!;
  for await (const event of events) {
    if (event.type === "session") {
      sessionId = event.session_id;
      for (const c of event.columns) answers.push({ column: c.column, label: c.label, status: "stopped", message_response: "" });
    } else if (event.type === "done") Object.assign(at(event.column), { status: "complete", message_response: event.message_response });
    else if (event.type === "error") Object.assign(at(event.column), { status: "error", message_response: event.partial_response, message: event.message, detail: event.detail });
    else if (event.type === "stopped") Object.assign(at(event.column), { status: "stopped", message_response: event.partial_response });
  }
  if (sessionId === undefined) return { status: 502, body: { message: MESSAGES.sendFailed } };
  const body = { battle_id: sessionId, session_id: sessionId, answers };
  if (answers.some((c) => c.status === "complete")) return { status: 200, body };
  return { status: 502, body: { message: MESSAGES.sendFailed, ...body } };
}
