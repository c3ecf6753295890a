import { describe, expect, it } from "vitest";
import { z } from "zod";
import { answer, eventStream, setAnswerChecks } from "../../src/kit/answers";

const schema = z.object({ id: z.number().int(), tags: z.array(z.object({ name: z.string() })), note: z.string().optional() });

describe("answer(schema), a procedure's .output()", () => {
  it("checks answers unless the process turned the checks off (as the server does in production)", () => {
    const parse = answer(schema);
    expect(parse.checks).toBe(true);
    try {
      setAnswerChecks(false);
      expect(parse.checks).toBe(false);
      expect(parse({ id: "unchecked" })).toEqual({ id: "unchecked" });
      expect(answer(schema, true).checks).toBe(true);
    } finally {
      setAnswerChecks(true);
    }
    expect(() => parse({ id: "checked" })).toThrow();
  });

  it("lets a matching answer through as it is (the same object, nothing stripped or added)", () => {
    const sent = { id: 1, tags: [{ name: "a" }] };
    expect(answer(schema)(sent)).toBe(sent);
  });

  it("refuses an answer the schema refuses, naming the field", () => {
    expect(() => answer(schema)({ id: "1", tags: [] })).toThrow(/does not match its \.output\(\) schema[\s\S]*id/);
  });

  it("refuses an answer with a field the schema does not name, at any depth", () => {
    expect(() => answer(schema)({ id: 1, tags: [], extra: true })).toThrow("a field its .output() schema does not name: answer.extra");
    expect(() => answer(schema)({ id: 1, tags: [{ name: "a", secret: "x" }] })).toThrow("answer.tags[0].secret");
  });

  it("takes a field left undefined as absent", () => {
    expect(() => answer(schema)({ id: 1, tags: [], note: undefined })).not.toThrow();
  });

  it("sends anything unchecked where answers are not checked (production)", () => {
    const sent = { id: "not a number", extra: true };
    expect(answer(schema, false)(sent)).toBe(sent);
  });

  it("keeps its schema, for the OpenAPI document", () => {
    expect(answer(schema).schema).toBe(schema);
  });

  it("takes a stream of events as it is, and refuses anything else where a stream is the answer", async () => {
    async function* events() {
      yield { type: "done" };
    }
    const stream = events();
    expect(answer(eventStream<{ type: string }>())(stream)).toBe(stream);
    expect(() => answer(eventStream<{ type: string }>())({ type: "done" })).toThrow(/stream of events/);
  });
});
