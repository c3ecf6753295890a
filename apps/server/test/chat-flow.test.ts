import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "@parley/contracts";
import { resultRows } from "@parley/db";
import { createChatApp, MODEL, PLATFORM_OPENAI_KEY } from "./support/chat-fixture";

let t: Awaited<ReturnType<typeof createChatApp>>;
beforeAll(async () => {
  t = await createChatApp();
  await t.signUp("alice");
});
afterAll(() => t.close());

type Entry = { message_content: string; response_content: string; status: string; model_id: string };

describe("sending messages", () => {
  it("a first message creates a session named after it and answers with the demo reply", async () => {
    const response = await t.send("alice", "  How do tides work?  ");
    expect(response.status).toBe(200);
    const sessionId = response.body.session_id as number;
    expect(Number.isSafeInteger(sessionId) && sessionId > 0).toBe(true);
    expect(response.body.message_response).toMatch(/demo/i);

    const sessions = await t.call("alice", "GET", "/chat/getSessionHistory");
    expect(sessions.body.sessions).toEqual([
      expect.objectContaining({ id: sessionId, description: "How do tides work?", last_updated: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+$/) }),
    ]);
    const history = await t.call("alice", "POST", "/chat/getChatHistory", { sessionId });
    expect(history.body.category).toBe("general");
    expect(history.body.sessions).toEqual([
      expect.objectContaining({
        message_content: "How do tides work?",
        response_content: response.body.message_response,
        status: "complete",
        model_id: MODEL.demo,
      }),
    ]);
  });

  it("streams Server-Sent Events when the client asks for them", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v1/chat/postChat",
      headers: { ...t.as("alice"), accept: "text/event-stream" },
      payload: { messages: [{ content: "Stream please" }], model_id: MODEL.demo, session_id: 0 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/event-stream/);
    const events = response.body
      .split("\n\n")
      .filter(Boolean)
      .map(
        (block) =>
          JSON.parse(
            block
              .split("\n")
              .find((l) => l.startsWith("data: "))!
              .slice(6),
          ) as { type: string; text?: string; message_response?: string },
      );
    expect(events[0]).toMatchObject({ type: "session", created: true });
    expect(events.at(-1)).toMatchObject({ type: "done" });
    const texts = events.filter((e) => e.type === "text");
    expect(texts.length).toBeGreaterThan(1);
    expect(texts.map((e) => e.text).join("")).toBe(events.at(-1)!.message_response);
  });

  it("continues a session with the earlier exchanges as context, the prompt as system message", async () => {
    t.openai.setScenario({ type: "reply", chunks: ["Paris", "."], usage: { inputTokens: 20, outputTokens: 2 } });
    const options = await t.call("alice", "GET", "/chat/getPromptsAndModels");
    const prompt = (options.body.userPrompts as { id: number; prompt: string }[])[0]!;
    const first = await t.send("alice", "Capital of France?", { model_id: MODEL.platform, prompt_id: prompt.id });
    expect(first.body.message_response).toBe("Paris.");
    t.openai.setScenario({ type: "reply", chunks: ["About 2.1 million."], usage: { inputTokens: 40, outputTokens: 5 } });
    const second = await t.send("alice", "Population?", { model_id: MODEL.platform, session_id: first.body.session_id });
    expect(second.body.session_id).toBe(first.body.session_id);
    const request = t.openai.requests.at(-1)!;
    expect(request.headers.authorization).toBe(`Bearer ${PLATFORM_OPENAI_KEY}`);
    expect((request.body as { messages: unknown[] }).messages).toEqual([
      { role: "user", content: "Capital of France?" },
      { role: "assistant", content: "Paris." },
      { role: "user", content: "Population?" },
    ]);
    const firstRequest = t.openai.requests.at(-2)!;
    expect((firstRequest.body as { messages: { role: string; content: string }[] }).messages[0]).toEqual({ role: "system", content: prompt.prompt });
  });

  it.each([
    ["a blank message", { messages: [{ content: "   " }] }, 400, /cannot be empty/],
    ["an over-long message", { messages: [{ content: "x".repeat(40_000) }] }, 400, /at most 32,000 characters/],
    ["no message", { messages: [] }, 400, /messages/],
    ["an unknown model", { model_id: "openai:not-configured" }, 400, /not available to you/],
    ["an unknown category", { category: "gossip" }, 400, /category: must be one of general/],
    ["a missing prompt", { prompt_id: 999_999 }, 400, /prompt no longer exists/],
    ["a missing session", { session_id: 123_456_789 }, 404, /Conversation not found/],
  ])("refuses %s with %i and a message", async (_label, change, status, message) => {
    const response = await t.call("alice", "POST", "/chat/postChat", { messages: [{ content: "hi" }], model_id: MODEL.demo, session_id: 0, ...change });
    expect(response.status).toBe(status);
    expect(response.body.message).toMatch(message);
  });

  it("refuses, storing nothing, a send without an account, to a key-only model without a key, or with a key it cannot open", async () => {
    const counts = async () =>
      resultRows<{ sessions: number; entries: number }>(
        await t.db.db.execute(sql`select (select count(*)::int from chat_sessions) as sessions, (select count(*)::int from chat_entries) as entries`),
      )[0];
    const before = await counts();
    const stranger = await t.call("nobody", "POST", "/chat/postChat", { messages: [{ content: "hi" }], model_id: MODEL.demo, session_id: 0 });
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toMatch(/Finish setting up your account/);

    await t.signUp("keyless");
    const claude = await t.send("keyless", "hi Claude", { model_id: MODEL.claude });
    expect(claude.status).toBe(400);
    expect(claude.body.message).toMatch(/not available to you/);

    // A key sealed under another encryption key: the send is refused and its message withdrawn.
    await t.db.db.execute(
      sql`insert into user_provider_keys (user_id, provider, ciphertext, last4) select id, 'claude', ${`v1.${randomBytes(48).toString("base64url")}`}, '1234' from users where subject = 'keyless'`,
    );
    const sealed = await t.send("keyless", "hi again", { model_id: MODEL.claude });
    expect(sealed.status).toBe(409);
    expect(sealed.body.message).toMatch(/Claude key can no longer be read/);
    expect(await counts()).toEqual(before);
    expect(t.anthropic.requests).toHaveLength(0);
  });

  it("withdraws a send its key cannot pay for from an existing conversation, leaving the conversation as it was", async () => {
    await t.signUp("sealed");
    const first = await t.send("sealed", "first, on the demo");
    const sessionId = first.body.session_id as number;
    const history = await t.call("sealed", "POST", "/chat/getChatHistory", { sessionId });
    const sessions = await t.call("sealed", "GET", "/chat/getSessionHistory");
    await t.db.db.execute(
      sql`insert into user_provider_keys (user_id, provider, ciphertext, last4) select id, 'claude', ${`v1.${randomBytes(48).toString("base64url")}`}, '1234' from users where subject = 'sealed'`,
    );
    const refused = await t.send("sealed", "second, on Claude", { model_id: MODEL.claude, session_id: sessionId, category: "technology" });
    expect(refused.status).toBe(409);
    expect((await t.call("sealed", "POST", "/chat/getChatHistory", { sessionId })).body).toEqual(history.body);
    expect((await t.call("sealed", "GET", "/chat/getSessionHistory")).body).toEqual(sessions.body);
    expect(sessions.body.sessions).toEqual([expect.objectContaining({ id: sessionId, category: "general" })]);
    expect(t.anthropic.requests).toHaveLength(0);
  });

  it("sends the last 20 complete exchanges as context, oldest first, leaving failed ones out", async () => {
    const first = await t.send("alice", "Exchange 0", { model_id: MODEL.demo });
    const sessionId = first.body.session_id as number;
    await t.db.db.execute(sql`
      insert into chat_entries (session_id, message_content, response_content, status, created_at)
      select ${sessionId}::bigint, 'Exchange ' || n, 'Reply ' || n, case when n % 5 = 0 then 'error' else 'complete' end, now() + n * interval '1 second'
      from generate_series(1, 30) as n`);
    // The stored exchanges continue the conversation as one branch, which the session is on.
    await t.db.db.execute(sql`update chat_entries e set parent_entry_id = o.previous
      from (select id, lag(id) over (order by created_at, id) as previous from chat_entries where session_id = ${sessionId}::bigint) o
      where e.id = o.id and o.previous is not null`);
    await t.db.db.execute(
      sql`update chat_sessions set active_entry_id = (select max(id) from chat_entries where session_id = ${sessionId}::bigint) where id = ${sessionId}::bigint`,
    );
    t.openai.setScenario({ type: "reply", chunks: ["ok"], usage: { inputTokens: 1, outputTokens: 1 } });
    expect((await t.send("alice", "And now?", { model_id: MODEL.platform, session_id: sessionId })).status).toBe(200);
    const messages = (t.openai.requests.at(-1)!.body as { messages: { role: string; content: string }[] }).messages;
    const kept = Array.from({ length: 30 }, (_, i) => i + 1)
      .filter((n) => n % 5 !== 0)
      .slice(-20);
    expect(messages).toEqual([
      ...kept.flatMap((n) => [
        { role: "user", content: `Exchange ${n}` },
        { role: "assistant", content: `Reply ${n}` },
      ]),
      { role: "user", content: "And now?" },
    ]);
  });

  it("keeps the message and marks the exchange failed when the provider fails before replying", async () => {
    t.openai.setScenario({ type: "http-error", status: 500 });
    const response = await t.send("alice", "Will this fail?", { model_id: MODEL.platform });
    expect(response.status).toBe(502);
    expect(response.body.message).toBe(MESSAGES.sendFailed);
    const history = await t.call("alice", "POST", "/chat/getChatHistory", { sessionId: response.body.session_id });
    expect((history.body.sessions as Entry[])[0]).toMatchObject({ message_content: "Will this fail?", status: "error", response_content: "" });
  });

  it("keeps what arrived when the provider drops the stream mid-way", async () => {
    t.openai.setScenario({ type: "drop", chunks: ["Part one", " and part two", " never"], afterChunks: 2 });
    const response = await t.send("alice", "Tell me a long story", { model_id: MODEL.platform });
    expect(response.status).toBe(502);
    expect(response.body.partial_response).toBe("Part one and part two");
    const history = await t.call("alice", "POST", "/chat/getChatHistory", { sessionId: response.body.session_id });
    expect((history.body.sessions as Entry[])[0]).toMatchObject({ status: "error", response_content: "Part one and part two" });
  });

  it("reports the subscription record from the allowance", async () => {
    const record = await t.call("alice", "GET", "/subscription/userSubscription");
    expect(record.status).toBe(200);
    expect(record.body).toMatchObject({ subscription_type: "FREE", free_tokens_allowed: 500, tokens_used: 0, max_tokens_allowed: 0 });
    expect(record.body.free_tokens_used).toBeGreaterThan(0);
  });
});

describe("deleting", () => {
  it("removes the session and its entries", async () => {
    const sent = await t.send("alice", "Delete me");
    const id = sent.body.session_id as number;
    expect((await t.call("alice", "POST", `/chat/deleteChat/${id}`)).status).toBe(200);
    expect((await t.call("alice", "POST", "/chat/getChatHistory", { sessionId: id })).status).toBe(404);
    const rows = resultRows<{ n: number }>(await t.db.db.execute(sql`select count(*)::int as n from chat_entries where session_id = ${id}`));
    expect(rows[0]!.n).toBe(0);
  });
});
