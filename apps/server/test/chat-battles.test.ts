import { createTRPCClient, httpBatchStreamLink, httpLink, splitLink } from "@trpc/client";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadVoteRecords, type AppRouter } from "@parley/api";
import { resultRows } from "@parley/db";
import { createChatApp, MODEL } from "./support/chat-fixture";

// Blind battles (docs/leaderboard.md, "Battles"): two models drawn among those the person may
// use, favouring pairs with few battles; nothing names them before the verdict; one verdict,
// final; metered as any comparison; someone else's battle is a 404.

const GPT_4O = "openai:gpt-4o";
const CLAUDE_KEY = "sk-ant-own-key-000000000000000000000002";
/** Every model of the catalogue, by id and name: none may appear in anything read before the verdict. */
const NAMES = [MODEL.platform, GPT_4O, MODEL.claude, MODEL.demo, "GPT-4o mini", "GPT-4o", "Claude Haiku 4.5", "Parley Demo (offline)"];

let t: Awaited<ReturnType<typeof createChatApp>>;
let url: string;
beforeAll(async () => {
  t = await createChatApp({ openaiModels: ["gpt-4o-mini", "gpt-4o"] });
  url = await t.app.listen({ port: 0, host: "127.0.0.1" });
  t.openai.setScenario({ type: "reply", chunks: ["## Plan\n", "- one\n- two\n", "Done."], usage: { inputTokens: 11, outputTokens: 7 } });
  // The first answer of a platform model loads its client library: not under a battle's time-out on a busy machine.
  await t.signUp("warm");
  await t.call("warm", "POST", "/chat/postChat", { messages: [{ content: "Warm up" }], model_id: MODEL.platform, session_id: 0 });
});
afterAll(() => t.close());

/** The board's battle votes and what it left out, every verdict counted whatever the account's age and the day's number. */
const gathered = () => loadVoteRecords(t.db.db, { now: new Date(), dailyCap: 0, minAccountAgeHours: 0 });
const battleVoteRecords = async () => (await gathered()).records.filter((r) => r.source === "battle");

const subjectIs = (name: string) => sql`(select id from users where subject = ${name})`;

/** The client the web app uses: queries plain, sends and battles streamed. */
function client(name: string) {
  const headers = () => ({ authorization: `Bearer test:${name}` });
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.path === "chat.battle",
        true: httpBatchStreamLink({ url: `${url}/trpc`, headers }),
        false: httpLink({ url: `${url}/trpc`, headers }),
      }),
    ],
  });
}

const battle = (name: string, content = "Plan a picnic", extra: Record<string, unknown> = {}) =>
  t.call(name, "POST", "/chat/battles", { messages: [{ content }], ...extra });

/** Sets how many battles pairs have had (the sampling reads these counts). */
async function setPairCounts(counts: [string, string, number][]) {
  for (const [one, other, battles] of counts) {
    await t.db.db
      .execute(sql`insert into battle_pairs (model_a, model_b, battles) values (least(${one}::text, ${other}::text), greatest(${one}::text, ${other}::text), ${battles})
      on conflict (model_a, model_b) do update set battles = excluded.battles`);
  }
}

async function pairCount(one: string, other: string) {
  const rows = resultRows<{ battles: number }>(
    await t.db.db.execute(
      sql`select battles from battle_pairs where model_a = least(${one}::text, ${other}::text) and model_b = greatest(${one}::text, ${other}::text)`,
    ),
  );
  return rows[0]?.battles ?? 0;
}

async function sessionRow(sessionId: number) {
  const rows = resultRows<{ compare_models: string[]; battle: string | null; entries: number }>(
    await t.db.db.execute(
      sql`select compare_models, battle, (select count(*)::int from chat_entries where session_id = ${sessionId}) as entries from chat_sessions where id = ${sessionId}`,
    ),
  );
  return rows[0]!;
}

const expectNoModelIn = (text: string) => {
  for (const name of NAMES) expect(text, `"${name}" shows before the verdict`).not.toContain(name);
};

describe("drawing the two models", () => {
  it("draws only among the models the person may use, favouring the pairs with few battles, and counts each battle", async () => {
    await t.signUp("ada");
    // Claude needs an own key, which Ada has not stored: its pairs are the rarest, and never drawn.
    await setPairCounts([
      [MODEL.platform, GPT_4O, 1_000_000],
      [MODEL.claude, GPT_4O, 0],
      [MODEL.claude, MODEL.platform, 0],
    ]);
    for (let i = 0; i < 4; i++) {
      const started = await battle("ada", `Question ${i}`);
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const models = (await sessionRow(started.body.battle_id as number)).compare_models;
      expect([...models].sort()).toEqual([GPT_4O, MODEL.platform].sort());
    }
    expect(await pairCount(GPT_4O, MODEL.platform)).toBe(1_000_004);
    expect(await pairCount(MODEL.claude, GPT_4O)).toBe(0);

    // With her Claude key stored, Claude's pairs are hers to draw, and the rarest.
    expect((await t.call("ada", "POST", "/user/updateUserApiKeys", { claude_api_key: CLAUDE_KEY, open_ai_key: "", nickname: "" })).status).toBe(200);
    await setPairCounts([[MODEL.claude, MODEL.platform, 1_000_000]]);
    t.anthropic.setScenario({ type: "reply", chunks: ["Claude's plan"] });
    for (let i = 0; i < 3; i++) {
      const started = await battle("ada", `With Claude ${i}`);
      expect(started.status).toBe(200);
      const models = (await sessionRow(started.body.battle_id as number)).compare_models;
      expect(models).toContain(MODEL.claude);
      expect(models).not.toContain(MODEL.platform);
    }
  });

  it("never draws the offline demo model, which only repeats what it is asked, however rare its pairs", async () => {
    await t.signUp("ida");
    await setPairCounts([
      [MODEL.platform, GPT_4O, 1_000_000],
      [MODEL.platform, MODEL.demo, 0],
      [GPT_4O, MODEL.demo, 0],
    ]);
    // The demo is one of her models (she may chat with it and compare it by hand), but never a battle's.
    const offered = await t.call("ida", "GET", "/chat/getPromptsAndModels");
    expect(JSON.stringify(offered.body)).toContain(MODEL.demo);
    for (let i = 0; i < 12; i++) {
      const started = await battle("ida", `Demo ${i}`);
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      expect((await sessionRow(started.body.battle_id as number)).compare_models).not.toContain(MODEL.demo);
    }
    expect(await pairCount(MODEL.platform, MODEL.demo)).toBe(0);
    expect(await pairCount(GPT_4O, MODEL.demo)).toBe(0);
  });

  it("the chat options say which of a person's models a battle may draw, so the screen can say before a send what would add models", async () => {
    await t.signUp("ivo");
    const offered = await t.call("ivo", "GET", "/chat/getPromptsAndModels");
    expect(offered.status).toBe(200);
    const models = offered.body.userModels as { id: string; battle: boolean }[];
    expect(Object.fromEntries(models.map((m) => [m.id, m.battle]))).toEqual({ [MODEL.platform]: true, [GPT_4O]: true, [MODEL.demo]: false });
  });

  it("with fewer than two usable models, says what would add one", async () => {
    const lonely = await createChatApp({ openaiModels: [] });
    try {
      await lonely.signUp("solo");
      const refused = await lonely.call("solo", "POST", "/chat/battles", { messages: [{ content: "Anyone?" }] });
      expect(refused.status).toBe(400);
      // The demo is hers to chat with, but takes no part in battles: no model is left.
      expect(refused.body.message).toMatch(/A battle needs at least 2 models, and none is available to you\. Add your own OpenAI or Claude key/);
      const stored = resultRows<{ n: number }>(await lonely.db.db.execute(sql`select count(*)::int as n from chat_sessions`));
      expect(stored[0]!.n).toBe(0);
    } finally {
      await lonely.close();
    }
  });
});

describe("nothing names the models before the verdict", () => {
  it("the stream, the battle, the list and every read or copy of it name no model until the verdict; the verdict names them and is final", async () => {
    await t.signUp("bea");
    await setPairCounts([
      [MODEL.platform, MODEL.demo, 0],
      [MODEL.platform, GPT_4O, 1_000_000],
      [GPT_4O, MODEL.demo, 1_000_000],
    ]);
    // The SSE stream as a script reads it, whole.
    const response = await fetch(`${url}/api/v1/chat/battles`, {
      method: "POST",
      headers: { authorization: "Bearer test:bea", "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify({ messages: [{ content: "Plan a picnic for four" }], category: "education" }),
    });
    expect(response.status).toBe(200);
    const stream = await response.text();
    expectNoModelIn(stream);
    const events = stream
      .split("\n\n")
      .filter((block) => block.includes("data: "))
      .map((block) => JSON.parse(block.slice(block.indexOf("data: ") + 6)) as { type: string; session_id?: number; columns?: unknown });
    expect(events[0]).toMatchObject({
      type: "session",
      columns: [
        { column: 0, label: "A" },
        { column: 1, label: "B" },
      ],
    });
    expect(events.filter((e) => e.type === "done")).toHaveLength(2);
    expect(events.at(-1)).toMatchObject({ type: "end" });
    const id = events[0]!.session_id!;
    const { compare_models: shown } = await sessionRow(id);

    // The tRPC stream the web app reads.
    const streamed: unknown[] = [];
    for await (const event of await client("bea").chat.battle.mutate({ messages: [{ content: "Another picnic" }] })) streamed.push(event);
    expectNoModelIn(JSON.stringify(streamed));

    const read = await t.call("bea", "GET", `/chat/battles/${id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ state: "blind", verdict: null, message_content: "Plan a picnic for four", category: "education" });
    expect(read.body.answers).toEqual([
      expect.objectContaining({ label: "A", status: "complete", model_id: null, model_name: null }),
      expect.objectContaining({ label: "B", status: "complete", model_id: null, model_name: null }),
    ]);
    expectNoModelIn(JSON.stringify(read.body));
    const list = await t.call("bea", "GET", "/chat/getSessionHistory");
    expect((list.body.sessions as { id: number }[]).find((s) => s.id === id)).toMatchObject({ compare_models: null, battle: "blind" });
    expectNoModelIn(JSON.stringify(list.body));

    // Every other way in is refused with what to do, and changes nothing.
    const openaiCalls = t.openai.requests.length;
    const refused: [string, "GET" | "POST", string, unknown][] = [
      ["history", "POST", "/chat/getChatHistory", { sessionId: id }],
      ["clone", "POST", "/chat/cloneChat", { sessionId: id }],
      ["share", "POST", `/chat/shareChat/${id}`, undefined],
      ["post", "POST", "/post/postChat", { chat_id: id, description: "Too early" }],
      ["export", "GET", `/chat/export/${id}?format=json`, undefined],
      ["public link", "POST", `/chat/publicLink/${id}`, { enabled: true }],
      ["follow-up with its very models", "POST", "/chat/compare", { messages: [{ content: "More" }], model_ids: shown, session_id: id }],
      ["follow-up with other models", "POST", "/chat/compare", { messages: [{ content: "More" }], model_ids: [MODEL.demo, GPT_4O], session_id: id }],
      ["plain send into it", "POST", "/chat/postChat", { messages: [{ content: "More" }], model_id: MODEL.demo, session_id: id }],
    ];
    for (const [what, method, path, payload] of refused) {
      const answer = await t.call("bea", method, path, payload);
      expect(answer.status, what).toBe(409);
      expect(answer.body.message, what).toMatch(/^This battle is still blind: give your verdict first/);
      expectNoModelIn(answer.raw.body);
    }
    const c = client("bea");
    await expect(c.chat.compareColumns.query({ sessionId: id })).rejects.toThrow(/still blind/);
    await expect(c.chat.pickWinner.mutate({ sessionId: id, column: 0 })).rejects.toThrow(/still blind/);
    expect(await sessionRow(id)).toMatchObject({ battle: "blind", entries: 2 });
    expect(t.openai.requests.length).toBe(openaiCalls);

    // The verdict names the models, in the order shown; a second one is refused.
    const verdict = await t.call("bea", "POST", `/chat/battles/${id}/verdict`, { choice: "b" });
    expect(verdict.status).toBe(200);
    expect(verdict.body).toMatchObject({ state: "decided", verdict: { choice: "b", counted: true } });
    expect((verdict.body.answers as { model_id: string }[]).map((a) => a.model_id)).toEqual(shown);
    expect((verdict.body.answers as { model_name: string }[]).map((a) => a.model_name)).toEqual(shown.map((m) => (m === GPT_4O ? "GPT-4o" : "GPT-4o mini")));
    const again = await t.call("bea", "POST", `/chat/battles/${id}/verdict`, { choice: "a" });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/a verdict is final/);
    expect((await t.call("bea", "GET", `/chat/battles/${id}`)).body).toMatchObject({ verdict: { choice: "b" } });

    // Now it is a comparison like any other: read, posted, copied.
    const history = await t.call("bea", "POST", "/chat/getChatHistory", { sessionId: id });
    expect(history.status).toBe(200);
    expect(history.body.compare_models).toEqual(shown);
    const posted = await t.call("bea", "POST", "/post/postChat", { chat_id: id, description: "My battle", categories: ["education"] });
    expect(posted.status).toBe(200);
    expect((await t.call("bea", "POST", "/chat/cloneChat", { sessionId: id })).status).toBe(200);
    expect((await t.call("bea", "GET", "/chat/getSessionHistory")).body.sessions).toContainEqual(
      expect.objectContaining({ id, battle: "decided", compare_models: shown }),
    );

    // It feeds the board as a battle: the models as shown, the choice, the category, each answer's style.
    const records = (await battleVoteRecords()).filter((r) => r.comparisonId === `battle:${id}`);
    expect(records).toEqual([
      {
        source: "battle",
        comparisonId: `battle:${id}`,
        shown,
        choice: 1,
        category: "education",
        day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        promptId: null,
        lengths: [expect.any(Number), expect.any(Number)],
        markdown: [expect.any(Number), expect.any(Number)],
      },
    ]);
    const openaiColumn = shown.indexOf(MODEL.platform);
    expect(records[0]!.lengths![openaiColumn]).toBe("## Plan\n- one\n- two\nDone.".length);
    expect(records[0]!.markdown![openaiColumn]).toBe(3);
  });

  it("two verdicts sent at once give one; ties and 'both bad' are verdicts too", async () => {
    await t.signUp("cyd");
    const id = (await battle("cyd")).body.battle_id as number;
    const answers = await Promise.all([
      t.call("cyd", "POST", `/chat/battles/${id}/verdict`, { choice: "tie" }),
      t.call("cyd", "POST", `/chat/battles/${id}/verdict`, { choice: "both_bad" }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const rows = resultRows<{ choice: string }>(await t.db.db.execute(sql`select choice from battle_verdicts where session_id = ${id}`));
    expect(rows).toHaveLength(1);
    const records = (await battleVoteRecords()).filter((r) => r.comparisonId === `battle:${id}`);
    expect(records.map((r) => r.choice)).toEqual([rows[0]!.choice === "tie" ? "tie" : "both_bad"]);
  });

  it("waits for both answers to end before taking a verdict", async () => {
    await t.signUp("hal");
    await setPairCounts([
      [MODEL.platform, GPT_4O, 0],
      [MODEL.platform, MODEL.demo, 1_000_000],
      [GPT_4O, MODEL.demo, 1_000_000],
    ]);
    t.openai.setScenario({ type: "reply", chunks: ["Slow", " answer"], firstTokenDelayMs: 600 });
    try {
      let early: Awaited<ReturnType<typeof t.call>> | undefined;
      for await (const event of await client("hal").chat.battle.mutate({ messages: [{ content: "Take your time" }] })) {
        if (event.type === "session") early = await t.call("hal", "POST", `/chat/battles/${event.session_id}/verdict`, { choice: "a" });
      }
      expect(early?.status).toBe(409);
      expect(early?.body.message).toMatch(/Wait until both answers have ended/);
      const id = Number(resultRows<{ id: string }>(await t.db.db.execute(sql`select id::text from chat_sessions where user_id = ${subjectIs("hal")}`))[0]!.id);
      expect((await t.call("hal", "POST", `/chat/battles/${id}/verdict`, { choice: "a" })).status).toBe(200);
    } finally {
      t.openai.setScenario({ type: "reply", chunks: ["## Plan\n", "- one\n- two\n", "Done."], usage: { inputTokens: 11, outputTokens: 7 } });
    }
  });

  it("a battle whose answer failed can be decided, and does not count on the board", async () => {
    await t.signUp("dee");
    await setPairCounts([
      [MODEL.platform, GPT_4O, 0],
      [MODEL.platform, MODEL.demo, 1_000_000],
      [GPT_4O, MODEL.demo, 1_000_000],
    ]);
    t.openai.setScenario({ type: "http-error", status: 500 });
    try {
      const started = await battle("dee");
      expect(started.status).toBe(502);
      const id = started.body.battle_id as number;
      expectNoModelIn(JSON.stringify(started.body));
      const verdict = await t.call("dee", "POST", `/chat/battles/${id}/verdict`, { choice: "both_bad" });
      expect(verdict.body).toMatchObject({ verdict: { choice: "both_bad", counted: false } });
      expect((await battleVoteRecords()).some((r) => r.comparisonId === `battle:${id}`)).toBe(false);
      expect((await gathered()).leftOut).toEqual([{ reason: "from battles where an answer did not complete", votes: 1 }]);
    } finally {
      t.openai.setScenario({ type: "reply", chunks: ["## Plan\n", "- one\n- two\n", "Done."], usage: { inputTokens: 11, outputTokens: 7 } });
    }
  });
});

describe("metering and ownership", () => {
  it("charges platform-paid answers to the allowance as any send, and refuses a battle the allowance cannot cover", async () => {
    await t.signUp("eve");
    await setPairCounts([
      [MODEL.platform, GPT_4O, 0],
      [MODEL.platform, MODEL.demo, 1_000_000],
      [GPT_4O, MODEL.demo, 1_000_000],
    ]);
    const started = await battle("eve");
    expect(started.status).toBe(200);
    const ledger = resultRows<{ model_id: string; key_source: string; charged_tokens: number }>(
      await t.db.db.execute(sql`select model_id, key_source, charged_tokens from usage_ledger where user_id = ${subjectIs("eve")} order by model_id`),
    );
    expect(ledger).toEqual([
      { model_id: GPT_4O, key_source: "platform", charged_tokens: 18 },
      { model_id: MODEL.platform, key_source: "platform", charged_tokens: 18 },
    ]);
    const used = resultRows<{ free_tokens_used: number }>(
      await t.db.db.execute(sql`select free_tokens_used from subscriptions where user_id = ${subjectIs("eve")}`),
    );
    expect(used[0]!.free_tokens_used).toBe(36);

    await t.db.db.execute(sql`update subscriptions set free_tokens_used = free_tokens_allowed where user_id = ${subjectIs("eve")}`);
    const sessionsBefore = resultRows<{ n: number }>(
      await t.db.db.execute(sql`select count(*)::int as n from chat_sessions where user_id = ${subjectIs("eve")}`),
    );
    const openaiCalls = t.openai.requests.length;
    const refused = await battle("eve", "One more");
    expect(refused.status).toBe(402);
    expectNoModelIn(refused.raw.body);
    expect(t.openai.requests.length).toBe(openaiCalls);
    const sessionsAfter = resultRows<{ n: number }>(
      await t.db.db.execute(sql`select count(*)::int as n from chat_sessions where user_id = ${subjectIs("eve")}`),
    );
    expect(sessionsAfter[0]!.n).toBe(sessionsBefore[0]!.n);
  });

  it("someone else's battle is a 404 on every battle path, and its verdict is not theirs to give", async () => {
    await Promise.all([t.signUp("fay"), t.signUp("gus")]);
    const id = (await battle("fay")).body.battle_id as number;
    expect((await t.call("gus", "GET", `/chat/battles/${id}`)).status).toBe(404);
    const stolen = await t.call("gus", "POST", `/chat/battles/${id}/verdict`, { choice: "a" });
    expect(stolen.status).toBe(404);
    expect(stolen.body.message).toMatch(/Conversation not found/);
    await expect(client("gus").chat.battleById.query({ id })).rejects.toThrow(/Conversation not found/);
    await expect(client("gus").chat.battleVerdict.mutate({ id, choice: "b" })).rejects.toThrow(/Conversation not found/);
    expect(await sessionRow(id)).toMatchObject({ battle: "blind" });
    // A conversation that is not a battle is not one here either.
    const chat = (await t.send("fay", "Just a chat")).body.session_id as number;
    expect((await t.call("fay", "GET", `/chat/battles/${chat}`)).status).toBe(404);
  });
});
