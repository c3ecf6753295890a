import { createTRPCClient, httpBatchStreamLink, httpLink, splitLink } from "@trpc/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppRouter, EventOf } from "@parley/api";
import { createChatApp, MODEL } from "./support/chat-fixture";

let t: Awaited<ReturnType<typeof createChatApp>>;
let url: string;
beforeAll(async () => {
  t = await createChatApp();
  await t.signUp("streamer");
  url = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => t.close());

/** The client the web app uses: queries batched, sends streamed. */
function client(name: string) {
  const headers = () => ({ authorization: `Bearer test:${name}` });
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.path === "chat.send",
        true: httpBatchStreamLink({ url: `${url}/trpc`, headers }),
        false: httpLink({ url: `${url}/trpc`, headers }),
      }),
    ],
  });
}

describe("streaming a reply over tRPC", () => {
  it("delivers the session, the text as it arrives, then done", async () => {
    t.openai.setScenario({ type: "reply", chunks: ["One", " two", " three"], chunkDelayMs: 20, usage: { inputTokens: 5, outputTokens: 3 } });
    const stream = await client("streamer").chat.send.mutate({ messages: [{ content: "Count" }], model_id: MODEL.platform, session_id: 0 });
    const events: EventOf<"chat">[] = [];
    for await (const event of stream) events.push(event);
    expect(events.map((e) => e.type)).toEqual(["session", "text", "text", "text", "done"]);
    expect(events.filter((e) => e.type === "text").map((e) => (e as { text: string }).text)).toEqual(["One", " two", " three"]);
    expect(events.at(-1)).toMatchObject({ type: "done", message_response: "One two three", usage: { charged_tokens: 8 } });
  });

  it("refuses before streaming with the procedure's own error", async () => {
    await expect(client("streamer").chat.send.mutate({ messages: [{ content: "hi" }], model_id: "openai:nope", session_id: 0 })).rejects.toThrow(
      /not available to you/,
    );
  });

  it("Stop aborts the model call and keeps what arrived", async () => {
    t.openai.setScenario({ type: "reply", chunks: ["Kept", " part", " lost", " lost"], chunkDelayMs: 300 });
    const controller = new AbortController();
    const stream = await client("streamer").chat.send.mutate(
      { messages: [{ content: "Long answer please" }], model_id: MODEL.platform, session_id: 0 },
      { signal: controller.signal },
    );
    let sessionId = 0;
    let text = "";
    await expect(
      (async () => {
        for await (const event of stream) {
          if (event.type === "session") sessionId = event.session_id;
          if (event.type === "text") {
            text += event.text;
            if (text === "Kept part") controller.abort();
          }
        }
      })(),
    ).rejects.toThrow(/abort/i);
    expect(text).toBe("Kept part");
    await expect.poll(() => t.openai.requests.at(-1)?.clientClosed, { timeout: 5000 }).toBe(true);
    const history = await client("streamer").chat.history.query({ sessionId });
    await expect.poll(async () => (await client("streamer").chat.history.query({ sessionId })).sessions[0]?.status, { timeout: 5000 }).toBe("stopped");
    expect(history.sessions[0]!.message_content).toBe("Long answer please");
    const final = await client("streamer").chat.history.query({ sessionId });
    expect(final.sessions[0]!.response_content).toBe("Kept part");
  });

  it("a REST client that disconnects mid-stream stops the model call; what arrived is kept", async () => {
    t.openai.setScenario({ type: "reply", chunks: ["First", " second", " never"], chunkDelayMs: 300 });
    const controller = new AbortController();
    const response = await fetch(`${url}/api/v1/chat/postChat`, {
      method: "POST",
      headers: { authorization: "Bearer test:streamer", "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify({ messages: [{ content: "Go slowly" }], model_id: MODEL.platform, session_id: 0 }),
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let seen = "";
    while (!seen.includes('"text":" second"')) seen += decoder.decode((await reader.read()).value, { stream: true });
    controller.abort();
    const sessionId = Number(/"session_id":(\d+)/.exec(seen)![1]);
    await expect.poll(() => t.openai.requests.at(-1)?.clientClosed, { timeout: 5000 }).toBe(true);
    await expect
      .poll(async () => (await client("streamer").chat.history.query({ sessionId })).sessions[0], { timeout: 5000 })
      .toMatchObject({ status: "stopped", response_content: "First second" });
  });
});
