import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createAnthropicProvider, ProviderError } from "../src";
import { startFakeAnthropicServer, startFakeOpenAIServer, type FakeServer } from "../src/testing";
import { collect, collectUntilError } from "./collect";

const KEY = "sk-ant-test-0123456789abcdef";
const ask = { model: "claude-test", messages: [{ role: "user" as const, content: "Hi there" }] };

let fake: FakeServer;
beforeEach(async () => {
  fake = await startFakeAnthropicServer();
});
afterEach(async () => {
  await fake.close();
});

function provider(options: { timeoutMs?: number } = {}) {
  return createAnthropicProvider({ apiKey: KEY, baseURL: fake.baseURL, maxRetries: 0, ...options });
}

describe("Anthropic provider over the wire", () => {
  it("streams a reply in order and reports usage from message_start and message_delta", async () => {
    fake.setScenario({ type: "reply", chunks: ["The ", "answer ", "is 42."], usage: { inputTokens: 13, outputTokens: 9 } });
    const { text, events } = await collect(provider().stream(ask));
    expect(text).toBe("The answer is 42.");
    expect(events.filter((event) => event.type === "text")).toHaveLength(3);
    expect(events.filter((event) => event.type === "usage")).toEqual([{ type: "usage", inputTokens: 13, outputTokens: 9 }]);
    expect(events.at(-1)?.type).toBe("usage");
    expect(fake.requests[0]?.body).toMatchObject({ model: "claude-test", stream: true, max_tokens: 4096 });
  });

  it("sends the system prompt in the `system` field, not as a message", async () => {
    await collect(provider().stream({ ...ask, system: "Answer like a pirate.", maxTokens: 300 }));
    const body = fake.requests[0]?.body as Record<string, unknown>;
    expect(body.system).toBe("Answer like a pirate.");
    expect(body.max_tokens).toBe(300);
    expect(body.messages).toEqual([{ role: "user", content: "Hi there" }]);
  });

  it("leaves out empty turns and joins neighbours of the same role, as the Messages API requires", async () => {
    const messages = [
      { role: "user" as const, content: "First question" },
      { role: "assistant" as const, content: "" },
      { role: "user" as const, content: "Second question" },
    ];
    await collect(provider().stream({ ...ask, messages }));
    expect((fake.requests[0]?.body as { messages: unknown }).messages).toEqual([{ role: "user", content: "First question\n\nSecond question" }]);
  });

  it("sends the key in one auth header only, and only to its own server", async () => {
    const other = await startFakeOpenAIServer();
    try {
      await collect(provider().stream(ask));
      expect(fake.requests).toHaveLength(1);
      const headers = fake.requests[0]?.headers ?? {};
      // SDK 1.x sends API keys as a bearer token (the API also accepts x-api-key).
      expect(Object.entries(headers).filter(([, value]) => value.includes(KEY))).toEqual([["authorization", `Bearer ${KEY}`]]);
      expect(JSON.stringify(fake.requests[0]?.body)).not.toContain(KEY);
      expect(other.requests).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  it.each([
    [401, "auth"],
    [429, "rate_limit"],
    [500, "unavailable"],
    [529, "unavailable"],
    [400, "bad_request"],
  ] as const)("maps HTTP %i before the stream to %s, with a message that never holds the key", async (status, kind) => {
    fake.setScenario({ type: "http-error", status });
    const { text, error } = await collectUntilError(provider().stream(ask));
    expect(text).toBe("");
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind, status });
    expect(String((error as Error).message)).not.toContain(KEY);
    expect(JSON.stringify(error)).not.toContain(KEY);
    expect(String((error as Error).stack)).not.toContain(KEY);
  });

  it("refuses a wrong key with `auth` when the server checks keys", async () => {
    const strict = await startFakeAnthropicServer({ apiKey: "sk-ant-the-right-one" });
    try {
      const wrong = createAnthropicProvider({ apiKey: KEY, baseURL: strict.baseURL, maxRetries: 0 });
      const { error } = await collectUntilError(wrong.stream(ask));
      expect(error).toMatchObject({ kind: "auth", status: 401, code: "authentication_error" });
      expect((error as Error).message).not.toContain(KEY);
    } finally {
      await strict.close();
    }
  });

  it("fails with the error event's kind when the service reports an error mid-stream", async () => {
    fake.setScenario({ type: "error-event", chunks: ["Partial ", "reply"], afterChunks: 1, errorType: "overloaded_error" });
    const { text, error } = await collectUntilError(provider().stream(ask));
    expect(text).toBe("Partial ");
    expect(error).toMatchObject({ kind: "unavailable", code: "overloaded_error" });
  });

  it("fails with `unavailable` when the connection drops mid-stream, after the text that arrived", async () => {
    fake.setScenario({ type: "drop", chunks: ["One ", "two ", "three"], afterChunks: 2 });
    const { text, error } = await collectUntilError(provider().stream(ask));
    expect(text).toBe("One two ");
    expect(error).toMatchObject({ kind: "unavailable" });
  });

  it("waits for a slow first token", async () => {
    fake.setScenario({ type: "reply", chunks: ["Slow but ", "sure."], firstTokenDelayMs: 400 });
    const { text, usage } = await collect(provider({ timeoutMs: 5_000 }).stream(ask));
    expect(text).toBe("Slow but sure.");
    expect(usage).toHaveLength(1);
  });

  it("times out when no token comes within the time-out, and closes the request", async () => {
    fake.setScenario({ type: "reply", firstTokenDelayMs: 5_000 });
    const { error } = await collectUntilError(provider({ timeoutMs: 200 }).stream(ask));
    expect(error).toMatchObject({ kind: "timeout" });
    await vi.waitFor(() => expect(fake.requests[0]?.clientClosed).toBe(true));
  });

  it("stops on abort with an `aborted` error, keeps what arrived, and the server sees the connection close", async () => {
    fake.setScenario({ type: "reply", chunks: Array.from({ length: 100 }, (_, i) => `w${i} `), chunkDelayMs: 30 });
    const controller = new AbortController();
    let text = "";
    const reading = (async () => {
      for await (const event of provider().stream({ ...ask, signal: controller.signal })) {
        if (event.type !== "text") continue;
        text += event.text;
        if (text.startsWith("w0 w1 ")) controller.abort();
      }
    })();
    await expect(reading).rejects.toMatchObject({ kind: "aborted" });
    expect(text).toBe("w0 w1 ");
    await vi.waitFor(() => expect(fake.requests[0]?.clientClosed).toBe(true));
  });

  it("stops on abort while waiting for the first token", async () => {
    fake.setScenario({ type: "reply", firstTokenDelayMs: 5_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const { error } = await collectUntilError(provider().stream({ ...ask, signal: controller.signal }));
    expect(error).toMatchObject({ kind: "aborted" });
    await vi.waitFor(() => expect(fake.requests[0]?.clientClosed).toBe(true));
  });
});
