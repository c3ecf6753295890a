import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createOpenAIProvider, ProviderError } from "../src";
import { startFakeAnthropicServer, startFakeOpenAIServer, type FakeServer } from "../src/testing";
import { collect, collectUntilError } from "./collect";

const KEY = "sk-test-openai-0123456789abcdef";
const ask = { model: "gpt-test", messages: [{ role: "user" as const, content: "Hi there" }] };

let fake: FakeServer;
beforeEach(async () => {
  fake = await startFakeOpenAIServer();
});
afterEach(async () => {
  await fake.close();
});

function provider(options: { timeoutMs?: number; maxRetries?: number } = {}) {
  return createOpenAIProvider({ apiKey: KEY, baseURL: fake.baseURL, maxRetries: 0, ...options });
}

describe("OpenAI provider over the wire", () => {
  it("streams a reply in order and reports the service's usage last", async () => {
    fake.setScenario({ type: "reply", chunks: ["The ", "answer ", "is 42."], usage: { inputTokens: 11, outputTokens: 7 } });
    const { text, events } = await collect(provider().stream(ask));
    expect(text).toBe("The answer is 42.");
    expect(events.filter((event) => event.type === "text")).toHaveLength(3);
    expect(events.at(-1)).toEqual({ type: "usage", inputTokens: 11, outputTokens: 7 });
    const body = fake.requests[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ model: "gpt-test", stream: true, stream_options: { include_usage: true } });
  });

  it("sends the system prompt as the first, system message", async () => {
    await collect(provider().stream({ ...ask, system: "Answer like a pirate." }));
    const body = fake.requests[0]?.body as { messages: unknown[] };
    expect(body.messages).toEqual([
      { role: "system", content: "Answer like a pirate." },
      { role: "user", content: "Hi there" },
    ]);
  });

  it("sends the key only as a bearer token, and only to its own server", async () => {
    const other = await startFakeAnthropicServer();
    try {
      await collect(provider().stream(ask));
      expect(fake.requests).toHaveLength(1);
      const headers = fake.requests[0]?.headers ?? {};
      expect(Object.entries(headers).filter(([, value]) => value.includes(KEY))).toEqual([["authorization", `Bearer ${KEY}`]]);
      expect(JSON.stringify(fake.requests[0]?.body)).not.toContain(KEY);
      expect(other.requests).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  it("limits the reply with max_tokens on a compatible service and max_completion_tokens when asked", async () => {
    await collect(provider().stream({ ...ask, maxTokens: 64 }));
    await collect(createOpenAIProvider({ apiKey: KEY, baseURL: fake.baseURL, tokenLimitParam: "max_completion_tokens" }).stream({ ...ask, maxTokens: 64 }));
    expect(fake.requests[0]?.body).toMatchObject({ max_tokens: 64 });
    expect(fake.requests[1]?.body).toMatchObject({ max_completion_tokens: 64 });
    expect(fake.requests[1]?.body).not.toHaveProperty("max_tokens");
  });

  it("uses max_completion_tokens by default for OpenAI itself", async () => {
    // A fetch that records instead of calling out, so the official base URL can be used offline.
    const bodies: unknown[] = [];
    const recordOnly = async (_input: string | URL | Request, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      return new Response("data: [DONE]\n\n", { headers: { "content-type": "text/event-stream" } });
    };
    const official = createOpenAIProvider({ apiKey: KEY, maxRetries: 0, fetch: recordOnly });
    await expect(collect(official.stream({ ...ask, maxTokens: 64 }))).rejects.toMatchObject({ kind: "unavailable" });
    expect(bodies).toEqual([expect.objectContaining({ max_completion_tokens: 64 })]);
    expect(bodies[0]).not.toHaveProperty("max_tokens");
  });

  it.each([
    [401, "auth"],
    [429, "rate_limit"],
    [500, "unavailable"],
    [404, "bad_request"],
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

  it("retries a failing request once by default before giving up", async () => {
    fake.setScenario({ type: "http-error", status: 500 });
    const { error } = await collectUntilError(createOpenAIProvider({ apiKey: KEY, baseURL: fake.baseURL }).stream(ask));
    expect(error).toMatchObject({ kind: "unavailable" });
    expect(fake.requests).toHaveLength(2);
  });

  it("fails with `unavailable` when the connection drops mid-stream, after the text that arrived", async () => {
    fake.setScenario({ type: "drop", chunks: ["One ", "two ", "three"], afterChunks: 2 });
    const { text, error } = await collectUntilError(provider().stream(ask));
    expect(text).toBe("One two ");
    expect(error).toMatchObject({ kind: "unavailable" });
  });

  it("fails when the service sends an error inside the stream", async () => {
    fake.setScenario({ type: "error-event", chunks: ["Partial"], afterChunks: 1, errorType: "server_error" });
    const { text, error } = await collectUntilError(provider().stream(ask));
    expect(text).toBe("Partial");
    expect(error).toMatchObject({ kind: "unavailable", code: "server_error" });
  });

  it("waits for a slow first token", async () => {
    fake.setScenario({ type: "reply", chunks: ["Slow but ", "sure."], firstTokenDelayMs: 400 });
    const { text, usage } = await collect(provider({ timeoutMs: 5_000 }).stream(ask));
    expect(text).toBe("Slow but sure.");
    expect(usage).toHaveLength(1);
  });

  it("times out when the first token takes longer than the time-out, and closes the request", async () => {
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

  it("closes the request when the reader stops early", async () => {
    fake.setScenario({ type: "reply", chunks: Array.from({ length: 100 }, (_, i) => `w${i} `), chunkDelayMs: 30 });
    for await (const event of provider().stream(ask)) if (event.type === "text") break;
    await vi.waitFor(() => expect(fake.requests[0]?.clientClosed).toBe(true));
  });

  it("refuses at once, without a request, when the signal is already aborted", async () => {
    const { error } = await collectUntilError(provider().stream({ ...ask, signal: AbortSignal.abort() }));
    expect(error).toMatchObject({ kind: "aborted" });
    expect(fake.requests).toHaveLength(0);
  });

  it("estimates usage when a compatible service reports none", async () => {
    const quiet = await startFakeOpenAIServer();
    try {
      const noUsage = createOpenAIProvider({ apiKey: KEY, baseURL: quiet.baseURL, maxRetries: 0, fetch: dropIncludeUsage });
      const { usage } = await collect(noUsage.stream(ask));
      // "Hi there": 2 tokens, and the request's 4.
      expect(usage).toEqual([{ type: "usage", inputTokens: 6, outputTokens: 7, estimated: true }]);
    } finally {
      await quiet.close();
    }
  });
});

/** A fetch that strips `stream_options`, as a service that ignores it would, so no usage chunk comes back. */
async function dropIncludeUsage(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
  delete body.stream_options;
  return fetch(input, { ...init, body: JSON.stringify(body) });
}
