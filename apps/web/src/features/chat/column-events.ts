import type { EventOf } from "@parley/api";

/** What a streaming column (a chat's reply, a comparison's model, a battle's answer) holds so far. */
export type StreamingColumn = {
  text: string;
  status: "streaming" | "complete" | "error" | "stopped";
  error?: string;
  usage?: { input_tokens: number; output_tokens: number };
};

/** An event of any send's stream: a chat's, a comparison's or a battle's. */
export type SendEvent = EventOf<"chat"> | EventOf<"comparison"> | EventOf<"battle">;

/**
 * The change an event makes to its column (a chat's events name none: its one column, 0): text
 * appended, or the column's end (complete with the stored reply and its usage, failed with the
 * reason, stopped). Null for the stream's other events (the session, the end), which the caller
 * reads itself.
 */
export function columnChange(event: SendEvent): { column: number; change: (current: StreamingColumn) => Partial<StreamingColumn> } | null {
  const column = "column" in event ? event.column : 0;
  switch (event.type) {
    case "text": {
      const { text } = event;
      return { column, change: (current) => ({ text: current.text + text }) };
    }
    case "done": {
      const usage = "usage" in event ? { usage: event.usage } : {};
      return { column, change: () => ({ status: "complete", text: event.message_response, ...usage }) };
    }
    case "error":
      return { column, change: () => ({ status: "error", error: event.detail || event.message }) };
    case "stopped":
      return { column, change: () => ({ status: "stopped" }) };
    default:
      return null;
  }
}
