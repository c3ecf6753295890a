import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { periodEnd } from "@parley/api";
import { resultRows } from "@parley/db";
import { createChatApp, MODEL } from "./support/chat-fixture";

const subjectIs = (name: string) => sql`(select id from users where subject = ${name})`;

let t: Awaited<ReturnType<typeof createChatApp>>;
beforeAll(async () => {
  t = await createChatApp();
});
afterAll(() => t.close());

async function allowance(name: string) {
  const rows = resultRows<{ free_tokens_used: number; free_tokens_allowed: number }>(
    await t.db.db.execute(
      sql`select s.free_tokens_used, s.free_tokens_allowed from subscriptions s join users u on u.id = s.user_id where u.subject = ${name}`,
    ),
  );
  return rows[0]!;
}

async function ledger(name: string) {
  return resultRows<{ key_source: string; charged_tokens: number; input_tokens: number; output_tokens: number }>(
    await t.db.db.execute(
      sql`select l.key_source, l.charged_tokens, l.input_tokens, l.output_tokens from usage_ledger l join users u on u.id = l.user_id where u.subject = ${name} order by l.id`,
    ),
  );
}

describe("the token allowance", () => {
  it("20 parallel sends from a user whose allowance covers one reply let at most one through", async () => {
    await t.signUp("racer");
    // 40 tokens left: one short question and the least reply worth a call (32 tokens) fit; after
    // its reply, what is left no longer does.
    await t.db.db.execute(sql`update subscriptions set free_tokens_used = 460 where user_id = ${subjectIs("racer")}`);
    t.openai.setScenario({ type: "reply", chunks: ["ok"], usage: { inputTokens: 12, outputTokens: 2 }, firstTokenDelayMs: 500 });
    const calls = t.openai.requests.length;
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => t.send("racer", `question ${i}`, { model_id: MODEL.platform })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 402)).toHaveLength(19);
    expect(results.find((r) => r.status === 402)!.body.message).toMatch(/add your own OpenAI or Claude key under Admin → API Keys.*upgrade/);
    expect(t.openai.requests.length - calls).toBe(1);
    const after = await allowance("racer");
    expect(after.free_tokens_used).toBe(474);
    expect(await ledger("racer")).toEqual([{ key_source: "platform", charged_tokens: 14, input_tokens: 12, output_tokens: 2 }]);
  });

  it("30 parallel short sends with 490 tokens left all pass when the allowance covers them, however long the replies in flight take", async () => {
    await t.signUp("parallel");
    await t.db.db.execute(sql`update subscriptions set free_tokens_used = 10 where user_id = ${subjectIs("parallel")}`);
    // Slow replies, as on a busy machine: each send waits through several rounds of the others'
    // reservations (a few at a time fit), longer in all than any fixed wait.
    t.openai.setScenario({ type: "reply", chunks: ["Short", " answer."], usage: { inputTokens: 6, outputTokens: 4 }, chunkDelayMs: 2500 });
    const calls = t.openai.requests.length;
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => t.send("parallel", `hi ${i}`, { model_id: MODEL.platform })));
    // 30 replies of 10 tokens cost 300: a send waits for the others' reservations rather than
    // being told the allowance is used up.
    expect(results.map((r) => (r.status === 200 ? 200 : `${r.status} ${r.body.message} ${r.body.detail ?? ""}`))).toEqual(
      Array.from({ length: 30 }, () => 200),
    );
    expect(t.openai.requests.length - calls).toBe(30);
    // Each reply was limited to its share of what was left, and was given at least a useful length.
    for (const request of t.openai.requests.slice(calls)) {
      expect((request.body as { max_tokens: number }).max_tokens).toBeGreaterThanOrEqual(32);
      expect((request.body as { max_tokens: number }).max_tokens).toBeLessThanOrEqual(245);
    }
    const charged = (await ledger("parallel")).reduce((sum, row) => sum + row.charged_tokens, 0);
    expect(charged).toBe(300);
    const after = await allowance("parallel");
    expect(after.free_tokens_used).toBe(10 + charged);
    expect(after.free_tokens_used).toBeLessThanOrEqual(after.free_tokens_allowed);
  }, 120_000);

  it("sends that all start while the allowance row is busy still let only one through", async () => {
    await t.signUp("queued");
    await t.db.db.execute(sql`update subscriptions set free_tokens_used = 460 where user_id = ${subjectIs("queued")}`);
    // The first reply stays in flight with its reservation held while the other sends wait for
    // it; once it ends, what is left is too little for another reply.
    t.openai.setScenario({ type: "reply", chunks: ["ok"], usage: { inputTokens: 12, outputTokens: 2 }, firstTokenDelayMs: 1500 });
    const calls = t.openai.requests.length;
    // Another transaction holds the row, so on PostgreSQL every send reaches the database and
    // waits on it with a snapshot taken before the first one's reservation commits.
    const pending: Promise<{ status: number }>[] = [];
    await t.db.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from subscriptions where user_id = ${subjectIs("queued")} for update`);
      for (let i = 0; i < 20; i++) pending.push(t.send("queued", `queued ${i}`, { model_id: MODEL.platform }));
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const statuses = (await Promise.all(pending)).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 402)).toHaveLength(19);
    expect(t.openai.requests.length - calls).toBe(1);
    expect(await allowance("queued")).toMatchObject({ free_tokens_used: 474 });
  });

  it("an exhausted allowance is refused with 402 before any provider call, and the balance never goes below zero", async () => {
    await t.signUp("spender");
    await t.db.db.execute(sql`update subscriptions set free_tokens_used = 495 where user_id = (select id from users where subject = 'spender')`);
    const calls = t.openai.requests.length;
    const response = await t.send("spender", "one more?", { model_id: MODEL.platform });
    expect(response.status).toBe(402);
    // Some is left, but less than the message needs: 7 tokens of input estimate and the shortest reply (32).
    expect(response.body.message).toBe(
      "You have 5 of the 500 tokens of your Free plan left this month, and this message needs at least 39 (its text and the shortest reply). To keep chatting, add your own OpenAI or Claude key under Admin → API Keys, choose the offline demo model, or upgrade your plan.",
    );
    expect(t.openai.requests.length).toBe(calls);
    expect(await allowance("spender")).toMatchObject({ free_tokens_used: 495 });
    const sessions = await t.call("spender", "GET", "/chat/getSessionHistory");
    expect(sessions.body.sessions).toEqual([]);

    const record = await t.call("spender", "GET", "/subscription/userSubscription");
    expect(record.body).toMatchObject({ free_tokens_used: 495, free_tokens_allowed: 500, tokens_left: 5 });
  });

  it("an allowance used to the last token is refused with a 402 that says all of it is used", async () => {
    await t.signUp("emptied");
    await t.db.db.execute(sql`update subscriptions set free_tokens_used = 500 where user_id = ${subjectIs("emptied")}`);
    const response = await t.send("emptied", "anything left?", { model_id: MODEL.platform });
    expect(response.status).toBe(402);
    expect(response.body.message).toBe(
      "You have used all 500 tokens of your Free plan this month. To keep chatting, add your own OpenAI or Claude key under Admin → API Keys, choose the offline demo model, or upgrade your plan.",
    );
  });

  it("the demo model is free even with the allowance used up", async () => {
    const response = await t.send("spender", "demo please", { model_id: MODEL.demo });
    expect(response.status).toBe(200);
    expect(await allowance("spender")).toMatchObject({ free_tokens_used: 495 });
    expect((await ledger("spender")).at(-1)).toMatchObject({ key_source: "free", charged_tokens: 0 });
  });

  it("replies paid with the user's own key are recorded but not charged, and the key goes only to its own service", async () => {
    await t.signUp("owner");
    const before = await t.call("owner", "GET", "/chat/getPromptsAndModels");
    expect((before.body.userModels as { id: string }[]).map((m) => m.id)).not.toContain(MODEL.claude);

    const key = "sk-ant-owner-key-1234567890";
    expect((await t.call("owner", "POST", "/user/updateUserApiKeys", { claude_api_key: key, open_ai_key: "", nickname: "" })).status).toBe(200);
    const after = await t.call("owner", "GET", "/chat/getPromptsAndModels");
    expect(after.body.userModels).toEqual(
      expect.arrayContaining([{ id: MODEL.claude, name: "Claude Haiku 4.5", version: "claude-haiku-4-5", service: "anthropic", battle: true }]),
    );

    t.anthropic.setScenario({ type: "reply", chunks: ["Own key reply"], usage: { inputTokens: 300, outputTokens: 400 } });
    const openaiCalls = t.openai.requests.length;
    const response = await t.send("owner", "Use my key", { model_id: MODEL.claude });
    expect(response.status).toBe(200);
    expect(response.body.message_response).toBe("Own key reply");
    const headers = t.anthropic.requests.at(-1)!.headers;
    expect([headers["x-api-key"], headers.authorization]).toContain(headers["x-api-key"] ? key : `Bearer ${key}`);
    expect(t.openai.requests.length).toBe(openaiCalls);
    expect(await allowance("owner")).toMatchObject({ free_tokens_used: 0 });
    expect(await ledger("owner")).toEqual([{ key_source: "user", charged_tokens: 0, input_tokens: 300, output_tokens: 400 }]);
  });
  it("a Basic or Pro plan is charged to its own counter, and only what the reply used stays spent", async () => {
    await t.signUp("basic");
    await t.db.db.execute(sql`update subscriptions set plan = 'basic', max_tokens_allowed = 5000 where user_id = ${subjectIs("basic")}`);
    t.openai.setScenario({ type: "reply", chunks: ["Paid"], usage: { inputTokens: 40, outputTokens: 60 } });
    expect((await t.send("basic", "on my plan", { model_id: MODEL.platform })).status).toBe(200);
    const [row] = resultRows<{ tokens_used: number; free_tokens_used: number }>(
      await t.db.db.execute(sql`select tokens_used, free_tokens_used from subscriptions where user_id = ${subjectIs("basic")}`),
    );
    expect(row).toEqual({ tokens_used: 100, free_tokens_used: 0 });
  });

  it("a new month renews a used-up allowance on the next send", async () => {
    await t.signUp("monthly");
    await t.db.db.execute(
      sql`update subscriptions set free_tokens_used = 500, period_start = now() - interval '40 days' where user_id = ${subjectIs("monthly")}`,
    );
    // The record already shows the new month before anything is sent.
    const record = await t.call("monthly", "GET", "/subscription/userSubscription");
    expect(record.body).toMatchObject({ free_tokens_used: 0, tokens_left: 500 });
    expect(new Date(record.body.period_ends_at as string).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    t.openai.setScenario({ type: "reply", chunks: ["Renewed"], usage: { inputTokens: 10, outputTokens: 5 } });
    expect((await t.send("monthly", "new month", { model_id: MODEL.platform })).status).toBe(200);
    const [row] = resultRows<{ free_tokens_used: number; fresh: boolean }>(
      await t.db.db.execute(
        sql`select free_tokens_used, period_start > now() - interval '1 minute' as fresh from subscriptions where user_id = ${subjectIs("monthly")}`,
      ),
    );
    expect(row).toEqual({ free_tokens_used: 15, fresh: true });
  });

  it("a refused send to an existing conversation stores nothing and leaves it untouched", async () => {
    await t.signUp("continuer");
    const first = await t.send("continuer", "first, on the demo");
    const sessionId = first.body.session_id as number;
    const before = await t.call("continuer", "POST", "/chat/getChatHistory", { sessionId });
    await t.db.db.execute(sql`update subscriptions set free_tokens_used = 500 where user_id = ${subjectIs("continuer")}`);
    const refused = await t.send("continuer", "second, on the platform key", { model_id: MODEL.platform, session_id: sessionId, category: "technology" });
    expect(refused.status).toBe(402);
    const after = await t.call("continuer", "POST", "/chat/getChatHistory", { sessionId });
    expect(after.body).toEqual(before.body);
    const sessions = await t.call("continuer", "GET", "/chat/getSessionHistory");
    expect(sessions.body.sessions).toEqual([expect.objectContaining({ id: sessionId, category: "general" })]);
  });

  it("the allowance renews one calendar month on, as the database counts it", async () => {
    const starts = ["2026-01-31T10:00:00Z", "2028-01-31T23:30:00Z", "2026-03-31T00:00:00Z", "2026-12-15T12:34:56.789Z", "2026-02-28T08:00:00Z"];
    for (const start of starts) {
      const [row] = resultRows<{ end: string }>(
        await t.db.db.execute(sql`select to_char(((${start}::timestamptz at time zone 'UTC') + interval '1 month'), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as end`),
      );
      expect(periodEnd(new Date(start)).toISOString(), start).toBe(row!.end);
    }
    expect(periodEnd(new Date("2026-01-31T10:00:00Z")).toISOString()).toBe("2026-02-28T10:00:00.000Z");
  });
});
