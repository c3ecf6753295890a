import { MESSAGES } from "@parley/contracts";
import { ProviderError } from "@parley/ai";
import { BATTLE_LABELS } from "../blind";

/** What a reply cost: its tokens, and what of them was charged to the allowance. */
export type Usage = { input_tokens: number; output_tokens: number; charged_tokens: number };

/**
 * What an exchange streams, a chat's (one column), a comparison's or a battle's: the session and
 * its columns first, then each column's text and exactly one `done`, `error` or `stopped` per
 * column (in any order across columns), then `end`. Each shape's procedure streams its
 * projection of these (EventOf, projectEvents).
 */
export type ExchangeEvent =
  | { type: "session"; session_id: number; description: string; created: boolean; columns: { column: number; model_id: string; entry_id: number }[] }
  | { type: "text"; column: number; text: string }
  | { type: "done"; column: number; session_id: number; message_response: string; usage: Usage }
  | { type: "error"; column: number; session_id: number; message: string; detail: string; partial_response: string }
  | { type: "stopped"; column: number; session_id: number; partial_response: string }
  | { type: "end"; session_id: number };

/** The events of one column's reply. */
export type ColumnEvent = Extract<ExchangeEvent, { type: "text" | "done" | "error" | "stopped" }>;

type Of<T extends ExchangeEvent["type"]> = Extract<ExchangeEvent, { type: T }>;

/**
 * A chat's events: its one column's, without the column. The session names its exchange; a
 * stopped reply is an error that says so; nothing follows the reply's end.
 */
export type ChatEvent =
  (Omit<Of<"session">, "columns"> & { entry_id: number }) | Omit<Of<"text">, "column"> | Omit<Of<"done">, "column"> | Omit<Of<"error">, "column">;

/**
 * A battle's events: a comparison's with no model in them. The columns are labelled A and B; the
 * models are named by the verdict, never here, and so is each answer's usage: a person's own key
 * is not charged and a platform model is, and providers count one message in different tokens,
 * so an answer's usage would tell its kind of model.
 */
export type BattleEvent =
  | (Omit<Of<"session">, "columns"> & { columns: { column: number; label: string; entry_id: number }[] })
  | Omit<Of<"done">, "usage">
  | Of<"text" | "error" | "stopped" | "end">;

/** What each shape's procedure streams. */
export type EventOf<K extends "chat" | "comparison" | "battle"> = { chat: ChatEvent; comparison: ExchangeEvent; battle: BattleEvent }[K];

/** A reply stopped on purpose, as a chat's error says it. */
const STOPPED_DETAIL = new ProviderError("aborted").message;

async function* chatEvents(events: AsyncIterable<ExchangeEvent>): AsyncGenerator<ChatEvent> {
  for await (const event of events) {
    if (event.type === "session") {
      yield { type: "session", session_id: event.session_id, entry_id: event.columns[0]!.entry_id, description: event.description, created: event.created };
    } else if (event.type === "text") yield { type: "text", text: event.text };
    else if (event.type === "done") yield { type: "done", session_id: event.session_id, message_response: event.message_response, usage: event.usage };
    else if (event.type === "error")
      yield { type: "error", session_id: event.session_id, message: event.message, detail: event.detail, partial_response: event.partial_response };
    else if (event.type === "stopped")
      yield { type: "error", session_id: event.session_id, message: MESSAGES.sendFailed, detail: STOPPED_DETAIL, partial_response: event.partial_response };
  }
}

/** The columns labelled, no usage, and no detail that names a model (the session says which the columns have). */
async function* battleEvents(events: AsyncIterable<ExchangeEvent>): AsyncGenerator<BattleEvent> {
  let models: string[] = [];
  for await (const event of events) {
    if (event.type === "session") {
      models = event.columns.map((c) => c.model_id);
      yield {
        type: "session",
        session_id: event.session_id,
        description: event.description,
        created: event.created,
        columns: event.columns.map((c) => ({ column: c.column, label: BATTLE_LABELS[c.column] ?? String(c.column), entry_id: c.entry_id })),
      };
    } else if (event.type === "error") {
      // A model's id is in its unavailability's message too.
      yield models.some((id) => event.detail.includes(id)) ? { ...event, detail: MESSAGES.sendFailed } : event;
    } else if (event.type === "done") {
      yield { type: "done", column: event.column, session_id: event.session_id, message_response: event.message_response };
    } else yield event;
  }
}

/** Each shape's events, as its procedure streams them. */
export function projectEvents<K extends "chat" | "comparison" | "battle">(kind: K, events: AsyncGenerator<ExchangeEvent>): AsyncGenerator<EventOf<K>> {
  const projected = kind === "chat" ? chatEvents(events) : kind === "battle" ? battleEvents(events) : events;
  return projected as AsyncGenerator<EventOf<K>>;
}
