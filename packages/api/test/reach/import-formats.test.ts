import { describe, expect, it } from "vitest";
import { parseExport, parseExportInSteps } from "../../src/reach/import-formats";

const node = (id: string, parent: string | null, children: string[], role?: string, text?: string, extra: Record<string, unknown> = {}) => ({
  id,
  parent,
  children,
  message: role
    ? { author: { role }, content: { content_type: "text", parts: [text ?? ""] }, create_time: 1_700_000_000 + children.length, metadata: extra }
    : null,
});

describe("reading a ChatGPT export", () => {
  it("without a current_node, follows the latest child from the root", () => {
    const mapping = {
      r: node("r", null, ["u"]),
      u: node("u", "r", ["a1", "a2"], "user", "Question"),
      a1: node("a1", "u", [], "assistant", "First answer", { model_slug: "gpt-4" }),
      a2: node("a2", "u", [], "assistant", "Regenerated answer", { model_slug: "gpt-4o" }),
    };
    const { conversations } = parseExport(JSON.stringify([{ title: "T", create_time: 1_700_000_000, mapping }]));
    expect(conversations[0]!.exchanges.map((e) => [e.message, e.response, e.modelId])).toEqual([["Question", "Regenerated answer", "gpt-4o"]]);
  });

  it("leaves out a reply before any question, and keeps a question without a reply", () => {
    const mapping = {
      a0: node("a0", null, ["u1"], "assistant", "Hello! How can I help?"),
      u1: node("u1", "a0", ["u2"], "user", "First"),
      u2: node("u2", "u1", [], "user", "Second"),
    };
    const { conversations } = parseExport(JSON.stringify([{ title: "", mapping, current_node: "u2" }]));
    expect(conversations[0]!.title).toBe("Imported conversation");
    expect(conversations[0]!.exchanges.map((e) => [e.message, e.response])).toEqual([
      ["First", ""],
      ["Second", ""],
    ]);
    const [first, second] = conversations[0]!.exchanges;
    expect(second!.createdAt.getTime()).toBeGreaterThan(first!.createdAt.getTime());
  });

  it("drops NUL characters, which PostgreSQL cannot store", () => {
    const mapping = { u: node("u", null, ["a"], "user", "a\u0000b"), a: node("a", "u", [], "assistant", "ok") };
    expect(parseExport(JSON.stringify([{ title: "T", mapping, current_node: "a" }])).conversations[0]!.exchanges[0]!.message).toBe("ab");
  });

  it("survives a cycle in a malformed mapping", () => {
    const mapping = { u: node("u", "a", ["a"], "user", "Q"), a: node("a", "u", ["u"], "assistant", "A") };
    expect(parseExport(JSON.stringify([{ title: "T", mapping, current_node: "a" }])).conversations[0]!.exchanges).toHaveLength(1);
  });
});

describe("refusals", () => {
  it.each([
    ["an empty array", "[]", /not a ChatGPT or Claude export/],
    [
      "a conversation list with only empty conversations",
      JSON.stringify([{ uuid: "x", name: "n", created_at: "2024-01-01T00:00:00Z", chat_messages: [] }]),
      /no conversation with messages/,
    ],
    ["too many conversations", JSON.stringify(Array.from({ length: 2001 }, () => ({ mapping: {} }))), /at most 2,000/],
  ])("refuses %s", (_what, text, message) => {
    expect(() => parseExport(text)).toThrow(message);
  });
});

describe("reading an export in steps", () => {
  const claude = (name: string) => ({
    uuid: name,
    name,
    created_at: "2024-01-01T00:00:00Z",
    chat_messages: [
      { sender: "human", text: `Hi "${name}" [{,}]` },
      { sender: "assistant", text: "Hello" },
    ],
  });
  const outcome = async (read: () => unknown) => {
    try {
      return { ok: await read() };
    } catch (error) {
      return { refused: (error as Error).message };
    }
  };
  it.each([
    ["an export", JSON.stringify([claude("one"), claude("two")], null, 2)],
    ["an export with escaped quotes and brackets in its texts", JSON.stringify([claude('a \\"b\\" ]'), claude("}")])],
    ["items without a comma between them", `[${JSON.stringify(claude("a"))}${JSON.stringify(claude("b"))}]`],
    ["a trailing comma", `[${JSON.stringify(claude("a"))},]`],
    ["text after the array", `[${JSON.stringify(claude("a"))}] x`],
    ["an array of arrays", "[[1], [2]]"],
    ["an object", JSON.stringify({ conversations: [claude("a")] })],
    ["a malformed conversation", JSON.stringify([claude("a"), { uuid: "b" }])],
    ["no JSON at all", "not json"],
  ])("answers as reading it whole does: %s", async (_what, text) => {
    expect(await outcome(() => parseExportInSteps(text))).toEqual(await outcome(() => parseExport(text)));
  });
});
