import { describe, expect, it } from "vitest";
import { columnChange, type StreamingColumn } from "../../../src/features/chat/column-events";

const streaming: StreamingColumn = { text: "Hel", status: "streaming" };
const apply = (event: Parameters<typeof columnChange>[0], current = streaming) => {
  const update = columnChange(event);
  return update ? { column: update.column, next: { ...current, ...update.change(current) } } : null;
};

describe("a streamed column event", () => {
  it("appends text to its column", () => {
    expect(apply({ type: "text", column: 2, text: "lo" })).toEqual({ column: 2, next: { text: "Hello", status: "streaming" } });
  });

  it("ends its column complete with the stored reply and its usage", () => {
    const usage = { input_tokens: 3, output_tokens: 2, charged_tokens: 5 };
    expect(apply({ type: "done", column: 0, session_id: 7, message_response: "Hello.", usage })).toEqual({
      column: 0,
      next: { text: "Hello.", status: "complete", usage },
    });
  });

  it("ends its column failed with the detail, or the message when there is none, keeping what arrived", () => {
    const failed = { type: "error" as const, column: 1, session_id: 7, message: "The model failed", partial_response: "Hel" };
    expect(apply({ ...failed, detail: "rate limited" })?.next).toEqual({ text: "Hel", status: "error", error: "rate limited" });
    expect(apply({ ...failed, detail: "" })?.next).toEqual({ text: "Hel", status: "error", error: "The model failed" });
  });

  it("ends its column stopped, keeping what arrived", () => {
    expect(apply({ type: "stopped", column: 3, session_id: 7, partial_response: "Hel" })).toEqual({ column: 3, next: { text: "Hel", status: "stopped" } });
  });

  it("changes a chat's one column, 0, from its events, which name no column", () => {
    const usage = { input_tokens: 3, output_tokens: 2, charged_tokens: 5 };
    expect(apply({ type: "text", text: "lo" })).toEqual({ column: 0, next: { text: "Hello", status: "streaming" } });
    expect(apply({ type: "done", session_id: 7, message_response: "Hello.", usage })).toEqual({
      column: 0,
      next: { text: "Hello.", status: "complete", usage },
    });
    expect(apply({ type: "error", session_id: 7, message: "The model failed", detail: "The reply was stopped.", partial_response: "Hel" })?.next).toEqual({
      text: "Hel",
      status: "error",
      error: "The reply was stopped.",
    });
  });

  it("ends a battle's answer complete without usage (its events carry none before the verdict)", () => {
    expect(apply({ type: "done", column: 1, session_id: 7, message_response: "Hello." })).toEqual({ column: 1, next: { text: "Hello.", status: "complete" } });
  });

  it("leaves the stream's other events to the caller", () => {
    expect(columnChange({ type: "session", session_id: 7, description: "", created: true, columns: [] })).toBeNull();
    expect(columnChange({ type: "end", session_id: 7 })).toBeNull();
  });
});
