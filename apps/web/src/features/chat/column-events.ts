import type { CompareEvent } from "@parley/api";

/** What a streaming column (a comparison's model, a battle's answer) holds so far. */
export type StreamingColumn = {
  text: string;
  status: "streaming" | "complete" | "error" | "stopped";
  error?: string;
  usage?: { input_tokens: number; output_tokens: number };
};

/** The events of a comparison's or a battle's stream that change one column (the two streams share them). */
type ColumnEvent = Extract<CompareEvent, { column: number }>;

/**
 * The change a column event makes to its column: text appended, or the column's end (complete
 * with the stored reply and its usage, failed with the reason, stopped). Null for the stream's
 * other events (the session, the end), which the caller reads itself.
 */
export function columnChange(event: CompareEvent | { type: string }): { column: number; change: (current: StreamingColumn) => Partial<StreamingColumn> } | null {
  const columnEvent = event as ColumnEvent;
  switch (columnEvent.type) {
    case "text": {
      const { text } = columnEvent;
      return { column: columnEvent.column, change: (current) => ({ text: current.text + text }) };
    }
    case "done":
      return { column: columnEvent.column, change: () => ({ status: "complete", text: columnEvent.message_response, usage: columnEvent.usage }) };
    case "error":
      return { column: columnEvent.column, change: () => ({ status: "error", error: columnEvent.detail || columnEvent.message }) };
    case "stopped":
      return { column: columnEvent.column, change: () => ({ status: "stopped" }) };
    default:
      return null;
  }
}
