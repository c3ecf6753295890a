import { describe, expect, it } from "vitest";
import { createDemoProvider } from "../src";
import { collect, collectUntilError } from "./collect";

const demo = createDemoProvider({ chunkDelayMs: 0 });
const ask = { model: "parley-demo", messages: [{ role: "user" as const, content: "What is the capital of France?" }] };

describe("demo provider", () => {
  it("streams the same labelled reply, in many small chunks, for the same request", async () => {
    const first = await collect(demo.stream(ask));
    const second = await collect(demo.stream(ask));
    expect(second.events).toEqual(first.events);
    expect(first.events.filter((event) => event.type === "text").length).toBeGreaterThan(20);
    expect(first.text).toContain("offline demo of Parley");
    expect(first.text).toContain("not a real AI");
  });

  it("echoes what it was asked and says what the person can do to use a real model, not how the server is set up", async () => {
    const { text } = await collect(demo.stream({ ...ask, system: "You are a helpful travel guide." }));
    expect(text).toContain("You asked: “What is the capital of France?”");
    expect(text).toContain("You are a helpful travel guide.");
    // Where the nav leads: Admin, then its API Keys tab.
    expect(text).toContain("add your own OpenAI or Claude API key under **Admin → API Keys**");
    expect(text).toContain("pick another model in the model list");
    for (const setting of ["OPENAI_API_KEY", "ANTHROPIC_API_KEY", "environment", "Profile"]) expect(text).not.toContain(setting);
  });

  it("shortens a long question to one line", async () => {
    const long = `${"word ".repeat(100)}\n\nend`;
    const { text } = await collect(demo.stream({ ...ask, messages: [{ role: "user", content: long }] }));
    const echoed = /You asked: “([^”]*)”/.exec(text)?.[1] ?? "";
    expect(echoed.length).toBeLessThanOrEqual(120);
    expect(echoed.endsWith("…")).toBe(true);
    expect(echoed).not.toContain("\n");
  });

  it("answers about the last user message of a conversation", async () => {
    const messages = [
      { role: "user" as const, content: "First" },
      { role: "assistant" as const, content: "Reply" },
      { role: "user" as const, content: "Second" },
    ];
    const { text } = await collect(demo.stream({ ...ask, messages }));
    expect(text).toContain("You asked: “Second”");
    expect(text).toContain("3 messages");
  });

  it("reports estimated usage once, after the text", async () => {
    const { text, events } = await collect(demo.stream(ask));
    const usage = events.at(-1);
    // 30 characters: 8 tokens, and the request's 4.
    expect(usage).toEqual({ type: "usage", inputTokens: 12, outputTokens: Math.ceil(text.length / 4), estimated: true });
    expect(events.filter((event) => event.type === "usage")).toHaveLength(1);
  });

  it("pauses between chunks by the configured delay", async () => {
    const slow = createDemoProvider({ chunkDelayMs: 5 });
    const started = performance.now();
    const { events } = await collect(slow.stream(ask));
    const chunks = events.filter((event) => event.type === "text").length;
    expect(performance.now() - started).toBeGreaterThanOrEqual((chunks - 1) * 5 - 5);
  });

  it("stops with an `aborted` error when the signal aborts", async () => {
    const controller = new AbortController();
    const slow = createDemoProvider({ chunkDelayMs: 20 });
    setTimeout(() => controller.abort(), 50);
    const { text, error } = await collectUntilError(slow.stream({ ...ask, signal: controller.signal }));
    expect(error).toMatchObject({ kind: "aborted" });
    expect(text.length).toBeGreaterThan(0);
    expect(text.length).toBeLessThan((await collect(demo.stream(ask))).text.length);
  });
});
