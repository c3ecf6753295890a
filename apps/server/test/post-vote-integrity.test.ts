import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postVotes, resultRows, users } from "@parley/db";
import { refitLeaderboard } from "@parley/api";
import { createChatApp, MODEL } from "./support/chat-fixture";
import { insertComparisonSession } from "./support/comparison-factory";

// Labels shuffled per viewer, what a blind viewer is sent, what a vote records, and the vote
// settings as the server reads them (docs/leaderboard.md, 'What is counted').

let t: Awaited<ReturnType<typeof createChatApp>>;
let postId: number;
/** Every name, id and version of the compared models. */
let secrets: string[];
const MODELS = [MODEL.platform, MODEL.claude, MODEL.demo];
const TURNS = [
  { prompt: "Name a colour.", answers: [{ content: "Red, the colour of a stop sign." }, { content: "Green, like grass." }, { content: "Blue, as the sky." }] },
  { prompt: "And a fruit?", answers: [{ content: "Apple." }, { content: "Pear." }, { content: "Plum." }] },
];
const VIEWERS = Array.from({ length: 36 }, (_, i) => `viewer${i}`);

type Shown = {
  revealed: boolean;
  can_vote: boolean;
  my_vote: number | null;
  total_votes: number | null;
  columns: { column: number; label: string; model_id?: string; model_name?: string; votes?: number }[];
  turns: { prompt: string; answers: { content: string; status: string }[] }[];
};
type Detail = Record<string, unknown> & { comparison: Shown; messages: { isUser: boolean; model_name: string | null; content: string }[] };

const read = async (name: string, id = postId) => {
  const response = await t.call(name, "GET", `/post/getPost/${id}`);
  expect(response.status).toBe(200);
  return { raw: response.raw.body, body: response.body as unknown as Detail };
};
const readTrpc = async (name: string, id = postId) => {
  const response = await t.app.inject({ method: "GET", url: `/trpc/post.byId?input=${encodeURIComponent(JSON.stringify({ id }))}`, headers: t.as(name) });
  expect(response.statusCode).toBe(200);
  return { raw: response.body, body: response.json().result.data as Detail };
};
/** The order a viewer is shown the columns in, read from where each column's answer is shown: `order[place]` is the column. */
const orderOf = (view: Shown) => view.turns[0]!.answers.map((answer) => TURNS[0]!.answers.findIndex((a) => a.content === answer.content));
const idOf = async (name: string) => (await t.db.db.select({ id: users.id }).from(users).where(eq(users.subject, name)))[0]!.id;
const makeOld = (names: string[]) =>
  t.db.db
    .update(users)
    .set({ createdAt: sql`now() - interval '2 days'` })
    .where(inArray(users.subject, names));
const publishComparison = async (description: string) => {
  const sessionId = await insertComparisonSession(t.db.db, "alice", MODELS, TURNS);
  return (await t.call("alice", "POST", "/post/postChat", { chat_id: sessionId, description, categories: ["education"] })).body.post_id as number;
};

beforeAll(async () => {
  // A cap of 2 counted votes a day, and a day's wait for new accounts.
  t = await createChatApp({ env: { VOTE_DAILY_CAP: "2", VOTE_MIN_ACCOUNT_AGE_HOURS: "24" }, openaiModels: ["gpt-4o-mini", "gpt-4o"] });
  for (const name of ["alice", "young", "busy", ...VIEWERS]) await t.signUp(name);
  await makeOld(["alice", "busy", ...VIEWERS]);
  const rows = resultRows<{ id: string; name: string; version: string }>(await t.db.db.execute(sql`select id, name, version from models`));
  secrets = rows.filter((r) => MODELS.includes(r.id as never)).flatMap((r) => [r.id, r.name, r.version]);
  expect(secrets).toHaveLength(9);
  postId = await publishComparison("Colours and fruit");
}, 120_000);
afterAll(() => t.close());

describe("labels shuffled per viewer", () => {
  it("each viewer is shown the columns in an order of their own, the same on every read, REST and tRPC; orders differ across viewers", async () => {
    const orders = new Map<string, number>();
    const firstShown = new Set<number>();
    for (const name of VIEWERS) {
      const rest = await read(name);
      const order = orderOf(rest.body.comparison);
      expect([...order].sort()).toEqual([0, 1, 2]);
      // Every turn follows the same order, and so do the plain messages.
      for (const [turn, shown] of rest.body.comparison.turns.entries())
        expect(shown.answers.map((a) => a.content)).toEqual(order.map((c) => TURNS[turn]!.answers[c]!.content));
      expect(rest.body.messages.filter((m) => !m.isUser).map((m) => m.content)).toEqual(TURNS.flatMap((turn) => order.map((c) => turn.answers[c]!.content)));
      // Stable: read again, over tRPC too.
      expect(orderOf((await read(name)).body.comparison)).toEqual(order);
      expect(orderOf((await readTrpc(name)).body.comparison)).toEqual(order);
      orders.set(order.join(""), (orders.get(order.join("")) ?? 0) + 1);
      firstShown.add(order[0]!);
    }
    // 36 viewers over the 6 orders of 3 columns: all in one or two orders has a chance below 1e-9.
    expect(orders.size).toBeGreaterThanOrEqual(3);
    expect(firstShown.size).toBe(3);
    // The author is shown the order they made.
    expect(orderOf((await read("alice")).body.comparison)).toEqual([0, 1, 2]);
  });

  it("a blind viewer is sent the labels and the answers in their order and nothing else: no model, tally, stored column or anything that follows the stored order", async () => {
    // Two blind viewers shown different orders.
    const views = await Promise.all(VIEWERS.map(async (name) => ({ name, order: orderOf((await read(name)).body.comparison) })));
    const first = views[0]!;
    const other = views.find((v) => v.order.join("") !== first.order.join(""))!;
    for (const { name, order } of [first, other]) {
      for (const payload of [await read(name), await readTrpc(name)]) {
        for (const secret of secrets) expect(payload.raw).not.toContain(secret);
        expect(payload.raw).not.toMatch(/"votes"|"total_votes":\d|model_id|model_name":"(?!Answer [A-D]")|shuffle|shown_order|shownOrder/i);
        // The comparison is exactly what the viewer is shown: labels by place, the answers in their order.
        expect(payload.body.comparison).toEqual({
          revealed: false,
          can_vote: true,
          my_vote: null,
          my_vote_left_out: null,
          my_vote_counts_at: null,
          revealed_by_post_id: null,
          total_votes: null,
          columns: order.map((_, place) => ({ column: place, label: "ABC"[place] })),
          turns: TURNS.map((turn) => ({ prompt: turn.prompt, answers: order.map((c) => ({ content: turn.answers[c]!.content, status: "complete" })) })),
        });
        expect(payload.body.messages.map((m) => [m.isUser, m.model_name, m.content])).toEqual(
          TURNS.flatMap((turn) => [[true, null, turn.prompt], ...order.map((c, place) => [false, `Answer ${"ABC"[place]}`, turn.answers[c]!.content])]),
        );
        expect(payload.body.model_versions).toEqual([]);
      }
    }
    // Everything else is the same for both viewers: none of it follows the order either was shown.
    const rest = async (name: string) => {
      const { comparison: _comparison, messages: _messages, ...others } = (await read(name)).body;
      return others;
    };
    expect(await rest(other.name)).toEqual(await rest(first.name));
  });

  it("the vote names the place shown; the server records the column and the order shown, and the reveal keeps that order", async () => {
    const voter = VIEWERS[1]!;
    const before = await read(voter);
    const order = orderOf(before.body.comparison);
    const voted = await t.call(voter, "POST", `/post/vote/${postId}`, { column: 2 });
    expect(voted.status).toBe(200);
    const [row] = await t.db.db
      .select({ column: postVotes.column, shownOrder: postVotes.shownOrder })
      .from(postVotes)
      .where(and(eq(postVotes.postId, postId), eq(postVotes.userId, await idOf(voter))));
    expect(row).toEqual({ column: order[2], shownOrder: order });
    // Revealed in the order the voter saw: each place now names the model whose answer was there.
    const after = (await read(voter)).body.comparison;
    for (const view of [voted.body as unknown as Shown, after]) {
      expect(view).toMatchObject({ revealed: true, my_vote: 2, total_votes: 1 });
      expect(view.columns.map((c) => [c.column, c.label, c.model_id, c.votes])).toEqual(
        order.map((c, place) => [place, "ABC"[place], MODELS[c], place === 2 ? 1 : 0]),
      );
      expect(view.turns).toEqual(before.body.comparison.turns);
    }
    // The same vote again changes nothing; another place is refused.
    expect((await t.call(voter, "POST", `/post/vote/${postId}`, { column: 2 })).status).toBe(200);
    expect((await t.call(voter, "POST", `/post/vote/${postId}`, { column: 0 })).status).toBe(409);
    // The author is shown the stored column order with the vote on the column chosen.
    expect((await read("alice")).body.comparison.columns.map((c) => [c.model_id, c.votes])).toEqual(MODELS.map((m, c) => [m, c === order[2] ? 1 : 0]));
  });
});

describe("a reader with no account (a post's public link)", () => {
  type Transcript = { models: string[]; messages: { role: string; author: string; content: string }[] };
  /** The transcript a browser with no account reads through the post's public link, and its raw body. */
  const readPublic = async (token: string, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ method: "GET", url: `/api/v1/public/post/${token}`, headers });
    expect(response.statusCode).toBe(200);
    return { raw: response.body, transcript: (response.json() as { transcript: Transcript }).transcript };
  };
  /** The order the answers of the first turn are shown in: `order[place]` is the column. */
  const publicOrderOf = (transcript: Transcript) =>
    transcript.messages
      .filter((m) => m.role === "assistant")
      .slice(0, 3)
      .map((m) => TURNS[0]!.answers.findIndex((a) => a.content === m.content));
  const linkOf = async (id: number, author: string) => {
    const made = await t.call(author, "POST", `/post/publicLink/${id}`, { enabled: true });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    return made.body.token as string;
  };

  it("is shown each post blind, labelled A-C in one order per post: the same on every read and for every such reader, never naming a model or a tally", async () => {
    // The post has votes by now (the test above): a reader with no account still sees none of them.
    // Eleven more posts, by two other authors (an author's posts a day are limited).
    const ids = [postId];
    for (const author of ["anna", "ben"]) await t.signUp(author);
    for (let i = 0; i < 11; i++) {
      const author = i % 2 === 0 ? "anna" : "ben";
      const sessionId = await insertComparisonSession(t.db.db, author, MODELS, TURNS);
      const posted = await t.call(author, "POST", "/post/postChat", { chat_id: sessionId, description: `Anonymous order ${i}`, categories: ["education"] });
      expect(posted.status).toBe(200);
      ids.push(posted.body.post_id as number);
    }
    const orders: string[] = [];
    for (const [i, id] of ids.entries()) {
      const token = await linkOf(id, i === 0 ? "alice" : i % 2 === 1 ? "anna" : "ben");
      const first = await readPublic(token);
      const order = publicOrderOf(first.transcript);
      expect([...order].sort()).toEqual([0, 1, 2]);
      // Every turn follows that order, each answer by its label only.
      expect(first.transcript.messages.map((m) => [m.role, m.role === "user" ? null : m.author, m.content])).toEqual(
        TURNS.flatMap((turn) => [["user", null, turn.prompt], ...order.map((c, place) => ["assistant", `Answer ${"ABC"[place]}`, turn.answers[c]!.content])]),
      );
      expect(first.transcript.models).toEqual([]);
      for (const secret of secrets) expect(first.raw).not.toContain(secret);
      expect(first.raw).not.toMatch(/"votes"|total_votes|model_id|shuffle|shown_order|shownOrder/i);
      // Stable: read again, and by another browser from another address, it is the same.
      expect(publicOrderOf((await readPublic(token)).transcript)).toEqual(order);
      expect(publicOrderOf((await readPublic(token, { "user-agent": "Another browser", "x-forwarded-for": "198.51.100.7" })).transcript)).toEqual(order);
      orders.push(order.join(""));
    }
    // One order per post, drawn per post: 12 posts in one order, or all in the author's, has a chance below 1e-8.
    expect(new Set(orders).size).toBeGreaterThanOrEqual(2);
    expect(orders.every((order) => order === "012")).toBe(false);
  });
});

describe("the vote settings (VOTE_DAILY_CAP=2, VOTE_MIN_ACCOUNT_AGE_HOURS=24)", () => {
  const authorTally = async (id: number) => (await read("alice", id)).body.comparison.total_votes;

  it("a new account's vote waits: it is not in the tally until the account is a day old, then it counts", async () => {
    const id = await publishComparison("New voter");
    const voted = await t.call("young", "POST", `/post/vote/${id}`, { column: 0 });
    expect(voted.status).toBe(200);
    // The voter is told why their vote is not in the tally yet.
    expect(voted.body).toMatchObject({ revealed: true, my_vote: 0, my_vote_left_out: "waiting", total_votes: 0 });
    // And when it will count: once the account is VOTE_MIN_ACCOUNT_AGE_HOURS old.
    const [young] = await t.db.db.select({ createdAt: users.createdAt }).from(users).where(eq(users.subject, "young"));
    expect(voted.body.my_vote_counts_at).toBe(new Date(young!.createdAt.getTime() + 24 * 3_600_000).toISOString());
    expect((await read("young", id)).body.comparison).toMatchObject({ my_vote_counts_at: voted.body.my_vote_counts_at });
    expect(await authorTally(id)).toBe(0);
    await t.db.db
      .update(users)
      .set({ createdAt: sql`now() - interval '23 hours 59 minutes'` })
      .where(eq(users.subject, "young"));
    expect(await authorTally(id)).toBe(0);
    await t.db.db
      .update(users)
      .set({ createdAt: sql`now() - interval '24 hours 1 minute'` })
      .where(eq(users.subject, "young"));
    expect(await authorTally(id)).toBe(1);
    expect((await read("young", id)).body.comparison).toMatchObject({ my_vote_left_out: null, my_vote_counts_at: null, total_votes: 1 });
  });

  it("a person's third vote of a day does not count; moved to the next day, it would", async () => {
    const ids = [await publishComparison("Cap 1"), await publishComparison("Cap 2"), await publishComparison("Cap 3")];
    const votes = [];
    for (const id of ids) votes.push(await t.call("busy", "POST", `/post/vote/${id}`, { column: 1 }));
    expect(votes.map((v) => [v.status, v.body.my_vote_left_out])).toEqual([
      [200, null],
      [200, null],
      [200, "capped"],
    ]);
    expect(await Promise.all(ids.map(authorTally))).toEqual([1, 1, 0]);
    const busy = await idOf("busy");
    await t.db.db
      .update(postVotes)
      .set({ createdAt: sql`date_trunc('day', now(), 'UTC') + interval '1 day'`, updatedAt: sql`date_trunc('day', now(), 'UTC') + interval '1 day'` })
      .where(and(eq(postVotes.postId, ids[2]!), eq(postVotes.userId, busy)));
    expect(await Promise.all(ids.map(authorTally))).toEqual([1, 1, 1]);
  });

  it("battle verdicts follow the same rules: a new account's verdict waits, verdicts and post votes share the day's cap, and the board says what waits and what is capped", async () => {
    await t.signUp("newcomer");
    await t.signUp("battler");
    await makeOld(["battler"]);
    // The first answer of a platform model loads its client library: not under a battle's time-out on a busy machine.
    await t.call("battler", "POST", "/chat/postChat", { messages: [{ content: "Warm up" }], model_id: MODEL.platform, session_id: 0 });
    const decide = async (name: string) => {
      const started = await t.call(name, "POST", "/chat/battles", { messages: [{ content: "Plan a picnic" }] });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const verdict = await t.call(name, "POST", `/chat/battles/${started.body.battle_id as number}/verdict`, { choice: "a" });
      expect(verdict.status).toBe(200);
    };
    const leftOut = async () => {
      await refitLeaderboard(t.db.db);
      return ((await t.call("alice", "GET", "/post/leaderboard")).body as unknown as { left_out: { reason: string; votes: number }[] }).left_out;
    };
    const WAITING = { reason: "from battles decided by accounts too new to count yet (they count once the account is old enough)", votes: 1 };
    const CAPPED = { reason: "from battles over a person's daily cap on counted votes (battle verdicts and post votes count together)", votes: 1 };
    await decide("newcomer");
    await decide("battler");
    await decide("battler");
    // Two verdicts fill the battler's day: a post vote after them is over the cap, and so is a third verdict.
    const id = await publishComparison("After two battles");
    expect((await t.call("battler", "POST", `/post/vote/${id}`, { column: 0 })).body).toMatchObject({ my_vote_left_out: "capped" });
    await decide("battler");
    const board = await leftOut();
    expect(board).toContainEqual(WAITING);
    expect(board).toContainEqual(CAPPED);
    // A day later the newcomer's verdict counts.
    await makeOld(["newcomer"]);
    expect(await leftOut()).not.toContainEqual(WAITING);
  });
  it("a verdict's own answer says what a post vote's says in the same case: it waits, and when it counts, or it is over the day's cap; over REST and tRPC, and read back", async () => {
    await t.signUp("fresh");
    await t.signUp("steady");
    await makeOld(["steady"]);
    type Verdict = { counted: boolean; left_out: string | null; counts_at: string | null };
    const start = async (name: string) => {
      const started = await t.call(name, "POST", "/chat/battles", { messages: [{ content: "Name a river" }] });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      return started.body.battle_id as number;
    };
    const decideRest = async (name: string) => {
      const id = await start(name);
      const answer = await t.call(name, "POST", `/chat/battles/${id}/verdict`, { choice: "b" });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return { id, verdict: answer.body.verdict as Verdict };
    };
    const decideTrpc = async (name: string) => {
      const id = await start(name);
      const answer = await t.app.inject({ method: "POST", url: "/trpc/chat.battleVerdict", headers: t.as(name), payload: { id, choice: "a" } });
      expect(answer.statusCode, answer.body).toBe(200);
      return { id, verdict: answer.json().result.data.verdict as Verdict };
    };
    const readBack = async (name: string, id: number) => ({
      rest: (await t.call(name, "GET", `/chat/battles/${id}`)).body.verdict as Verdict,
      trpc: (
        await t.app.inject({ method: "GET", url: `/trpc/chat.battleById?input=${encodeURIComponent(JSON.stringify({ id }))}`, headers: t.as(name) })
      ).json().result.data.verdict as Verdict,
    });

    // A day-old wait: the verdict is kept and says when it counts, as a new account's post vote does.
    const [fresh] = await t.db.db.select({ createdAt: users.createdAt }).from(users).where(eq(users.subject, "fresh"));
    const countsAt = new Date(fresh!.createdAt.getTime() + 24 * 3_600_000).toISOString();
    const waiting = { counted: false, left_out: "waiting", counts_at: countsAt };
    const viaRest = await decideRest("fresh");
    expect(viaRest.verdict).toMatchObject(waiting);
    const viaTrpc = await decideTrpc("fresh");
    expect(viaTrpc.verdict).toMatchObject(waiting);
    expect(await readBack("fresh", viaRest.id)).toEqual({ rest: expect.objectContaining(waiting), trpc: expect.objectContaining(waiting) });
    // The post vote's answer in the same case says the same.
    const post = await publishComparison("Fresh voter");
    expect((await t.call("fresh", "POST", `/post/vote/${post}`, { column: 0 })).body).toMatchObject({
      my_vote_left_out: "waiting",
      my_vote_counts_at: countsAt,
    });

    // Two verdicts fill an older account's day; the third is over the cap.
    const counted = { counted: true, left_out: null, counts_at: null };
    expect((await decideRest("steady")).verdict).toMatchObject(counted);
    expect((await decideTrpc("steady")).verdict).toMatchObject(counted);
    const capped = { counted: false, left_out: "capped", counts_at: null };
    const third = await decideRest("steady");
    expect(third.verdict).toMatchObject(capped);
    expect(await readBack("steady", third.id)).toEqual({ rest: expect.objectContaining(capped), trpc: expect.objectContaining(capped) });
    expect((await t.call("steady", "POST", `/post/vote/${post}`, { column: 0 })).body).toMatchObject({ my_vote_left_out: "capped", my_vote_counts_at: null });

    // Once the account is old enough, the waiting verdict counts, and says so.
    await makeOld(["fresh"]);
    expect(await readBack("fresh", viaRest.id)).toEqual({ rest: expect.objectContaining(counted), trpc: expect.objectContaining(counted) });
  });
});
