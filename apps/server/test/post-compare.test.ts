import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refitLeaderboard } from "@parley/api";
import { chatEntries, chatSessions, posts, resultRows } from "@parley/db";
import { createChatApp, MODEL } from "./support/chat-fixture";
import { insertComparisonSession } from "./support/comparison-factory";

let t: Awaited<ReturnType<typeof createChatApp>>;
/** Every name, id and version of the three compared models: none may reach a viewer before the vote. */
let secrets: string[];
let names: Record<string, string>;
let postId: number;
let singlePostId: number;
const MODELS = [MODEL.platform, MODEL.claude, MODEL.demo];
/** Three rated models (the offline demo model is compared, never rated: post-leaderboard-rating.test.ts), for what the board counts. */
const RATED = [MODEL.platform, MODEL.claude, "openai:gpt-4o"];

const TURNS = [
  {
    prompt: "Explain recursion in one line.",
    answers: [{ content: "A function calling itself." }, { content: "Defining a thing by itself." }, { content: "See: recursion." }],
  },
  {
    prompt: "Now with an example.",
    answers: [
      { content: "factorial(n) = n * factorial(n - 1)" },
      { content: "", status: "error" },
      { content: "fib(n) = fib(n-1) + fib(n-2)", status: "pending" },
    ],
  },
];

const publish = (name: string, body: Record<string, unknown>) => t.call(name, "POST", "/post/postChat", body);
/** A comparison as one viewer is shown it: its columns and answers in that viewer's order. */
type Shown = {
  revealed: boolean;
  my_vote: number | null;
  total_votes: number | null;
  columns: { column: number; label: string; model_id?: string; model_name?: string; votes?: number }[];
  turns: { answers: { content: string }[] }[];
};
/** The model a vote's answer says the voter chose (its columns are in the voter's order; my_vote is a place in it). */
const chosenModel = (view: Shown) => view.columns[view.my_vote!]!.model_id!;
/** Counted votes by model, whatever order the viewer is shown the columns in. */
const votesByModel = (view: Shown) => Object.fromEntries(view.columns.map((c) => [c.model_id, c.votes]));
const vote = (name: string, id: number, column: unknown) => t.call(name, "POST", `/post/vote/${id}`, { column });
const trpcQuery = (name: string, path: string, input: unknown) =>
  t.app.inject({ method: "GET", url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, headers: t.as(name) });
const trpcMutation = (name: string, path: string, input: unknown) =>
  t.app.inject({ method: "POST", url: `/trpc/${path}`, headers: t.as(name), payload: input as object });

beforeAll(async () => {
  t = await createChatApp({ openaiModels: ["gpt-4o-mini", "gpt-4o"] });
  await Promise.all(["alice", "bob", "carol", "dave"].map((name) => t.signUp(name)));
  const rows = resultRows<{ id: string; name: string; version: string }>(await t.db.db.execute(sql`select id, name, version from models`));
  names = Object.fromEntries(rows.map((r) => [r.id, r.name]));
  secrets = rows.filter((r) => MODELS.includes(r.id as never)).flatMap((r) => [r.id, r.name, r.version]);
  expect(secrets).toHaveLength(9);
  const sessionId = await insertComparisonSession(t.db.db, "alice", MODELS, TURNS);
  const created = await publish("alice", { chat_id: sessionId, description: "Recursion, three ways", categories: ["education"] });
  expect(created.status).toBe(200);
  postId = created.body.post_id as number;
  const single = (await t.send("alice", "Just one model")).body.session_id as number;
  singlePostId = (await publish("alice", { chat_id: single, description: "One model", categories: [] })).body.post_id as number;
});
afterAll(() => t.close());

describe("publishing a comparison", () => {
  it("stores the side-by-side snapshot, a readable flattening and every model's version", async () => {
    const [row] = await t.db.db.select().from(posts).where(eq(posts.id, postId));
    expect(row!.comparison).toEqual({
      models: MODELS.map((modelId) => ({ modelId, modelName: names[modelId] })),
      turns: [
        { prompt: TURNS[0]!.prompt, answers: TURNS[0]!.answers.map((a) => ({ content: a.content, status: "complete" })) },
        {
          prompt: TURNS[1]!.prompt,
          answers: [
            { content: "factorial(n) = n * factorial(n - 1)", status: "complete" },
            { content: "", status: "error" },
            { content: "fib(n) = fib(n-1) + fib(n-2)", status: "stopped" },
          ],
        },
      ],
    });
    expect(row!.modelVersions).toHaveLength(3);
    // The author reads it with the models named: they made the comparison.
    const own = await t.call("alice", "GET", `/post/getPost/${postId}`);
    expect(own.status).toBe(200);
    expect(own.body.model_versions).toEqual(row!.modelVersions);
    const messages = own.body.messages as { isUser: boolean; content: string; model_name: string | null }[];
    expect(messages.map((m) => (m.isUser ? `> ${m.content}` : m.model_name))).toEqual([
      `> ${TURNS[0]!.prompt}`,
      ...MODELS.map((id) => names[id]),
      `> ${TURNS[1]!.prompt}`,
      ...MODELS.map((id) => names[id]),
    ]);
    expect(own.body.comparison).toMatchObject({
      revealed: true,
      can_vote: false,
      my_vote: null,
      total_votes: 0,
      columns: MODELS.map((id, column) => ({ column, label: "ABC"[column], model_id: id, model_name: names[id], votes: 0 })),
    });
  });

  it("refuses a comparison without any complete answer", async () => {
    const sessionId = await insertComparisonSession(
      t.db.db,
      "alice",
      [MODEL.platform, MODEL.demo],
      [
        {
          prompt: "Nothing yet",
          answers: [
            { content: "", status: "error" },
            { content: "", status: "pending" },
          ],
        },
      ],
    );
    const response = await publish("alice", { chat_id: sessionId, description: "Empty", categories: [] });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/no complete answer yet/);
  });

  it("someone else's comparison session cannot be published", async () => {
    const sessionId = await insertComparisonSession(
      t.db.db,
      "alice",
      [MODEL.platform, MODEL.demo],
      TURNS.slice(0, 1).map((turn) => ({ ...turn, answers: turn.answers.slice(0, 2) })),
    );
    expect((await publish("bob", { chat_id: sessionId, description: "Not mine", categories: [] })).status).toBe(404);
  });
});

describe("blind until the viewer votes", () => {
  it("REST and tRPC reads, and the feed, name no model before the vote; the vote reveals names and the tally", async () => {
    const rest = await t.call("carol", "GET", `/post/getPost/${postId}`);
    expect(rest.status).toBe(200);
    const trpc = await trpcQuery("carol", "post.byId", { id: postId });
    expect(trpc.statusCode).toBe(200);
    const feed = await t.call("carol", "GET", "/post/getRecentPosts?limit=50");
    const feedTrpc = await trpcQuery("carol", "post.list", { limit: 50 });
    const cardOf = (list: unknown) => JSON.stringify((list as { id: number }[]).find((p) => p.id === postId));
    const feedCards = [cardOf(feed.body), cardOf((feedTrpc.json() as { result: { data: { posts: unknown } } }).result.data.posts)];
    for (const body of [rest.raw.body, trpc.body, ...feedCards]) {
      expect(body).toContain("Recursion, three ways");
      for (const secret of secrets) expect(body).not.toContain(secret);
      expect(body).not.toMatch(/"votes"|"total_votes":\d/);
    }
    expect(rest.body.comparison).toEqual({
      revealed: false,
      can_vote: true,
      my_vote: null,
      my_vote_left_out: null,
      my_vote_counts_at: null,
      revealed_by_post_id: null,
      total_votes: null,
      columns: [0, 1, 2].map((column) => ({ column, label: "ABC"[column] })),
      turns: expect.any(Array),
    });
    expect(rest.body.model_versions).toEqual([]);
    expect((rest.body.messages as { model_name: string | null }[]).map((m) => m.model_name)).toEqual([
      null,
      "Answer A",
      "Answer B",
      "Answer C",
      null,
      "Answer A",
      "Answer B",
      "Answer C",
    ]);
    const card = (feed.body as unknown as { id: number; compare_models: number | null; model_versions: string[] }[]).find((p) => p.id === postId);
    expect(card).toMatchObject({ compare_models: 3, model_versions: [] });

    const blindAnswers = (rest.body.comparison as Shown).turns[0]!.answers.map((a) => a.content);
    const voted = await vote("carol", postId, 1);
    expect(voted.status).toBe(200);
    expect(voted.body).toMatchObject({ revealed: true, my_vote: 1, total_votes: 1 });
    const after = await t.call("carol", "GET", `/post/getPost/${postId}`);
    const revealed = after.body.comparison as Shown;
    expect(revealed).toMatchObject({ revealed: true, my_vote: 1 });
    // Still in the order Carol was shown them, now with their models: her vote is on the answer labelled B.
    expect(revealed.columns.map((c) => [c.column, c.label, c.votes])).toEqual([
      [0, "A", 0],
      [1, "B", 1],
      [2, "C", 0],
    ]);
    expect(revealed.columns.map((c) => c.model_id).sort()).toEqual([...MODELS].sort());
    for (const [place, column] of revealed.columns.entries()) {
      expect(column.model_name).toBe(names[column.model_id!]);
      expect(blindAnswers[place]).toBe(TURNS[0]!.answers[MODELS.indexOf(column.model_id as never)]!.content);
      expect(revealed.turns[0]!.answers[place]!.content).toBe(blindAnswers[place]);
    }
    expect(after.body.model_versions).toHaveLength(3);
    const afterCard = ((await t.call("carol", "GET", "/post/getRecentPosts?limit=50")).body as unknown as { id: number; model_versions: string[] }[]).find(
      (p) => p.id === postId,
    );
    expect(afterCard!.model_versions).toHaveLength(3);
    // Another viewer is still blind.
    expect((await t.call("dave", "GET", `/post/getPost/${postId}`)).body.comparison).toMatchObject({ revealed: false, total_votes: null });
  });

  it("an ordinary post reads as before, with no comparison", async () => {
    const response = await t.call("bob", "GET", `/post/getPost/${singlePostId}`);
    expect(response.body).toMatchObject({ comparison: null, compare_models: null, model_versions: ["parley-demo"] });
  });
});

describe("votes", () => {
  it("the same vote again changes nothing; a vote cannot be changed once the models are shown, over REST and tRPC", async () => {
    expect((await vote("bob", postId, 0)).body).toMatchObject({ my_vote: 0 });
    const tallyAfterFirst = ((await vote("bob", postId, 0)).body.columns as { votes: number }[]).map((c) => c.votes);
    const again = ((await vote("bob", postId, 0)).body.columns as { votes: number }[]).map((c) => c.votes);
    expect(again).toEqual(tallyAfterFirst);
    const moved = await vote("bob", postId, 2);
    expect(moved.status).toBe(409);
    expect(moved.body.message).toMatch(/only votes cast before the models are shown count/);
    const movedTrpc = await trpcMutation("bob", "post.vote", { postId, column: 2 });
    expect(movedTrpc.statusCode).toBe(409);
    expect(movedTrpc.json().error.message).toMatch(/only votes cast before the models are shown count/);
    const read = (await t.call("bob", "GET", `/post/getPost/${postId}`)).body.comparison as { my_vote: number; columns: { votes: number }[] };
    expect(read.my_vote).toBe(0);
    expect(read.columns.map((c) => c.votes)).toEqual(tallyAfterFirst);
  });

  it("100 viewers voting at once give exact tallies; one viewer voting twice at once is one vote", async () => {
    const voters = Array.from({ length: 100 }, (_, i) => `voter${i}`);
    for (const name of voters) await t.signUp(name);
    const sessionId = await insertComparisonSession(t.db.db, "alice", MODELS, TURNS.slice(0, 1));
    const id = (await publish("alice", { chat_id: sessionId, description: "Race", categories: [] })).body.post_id as number;
    const responses = await Promise.all(voters.map((name, i) => vote(name, id, i % 3)));
    expect(responses.map((r) => r.status)).toEqual(voters.map(() => 200));
    // Each voter names a place in their own order; the tally counts the models they chose.
    const chosen = Object.fromEntries(MODELS.map((model) => [model, 0]));
    for (const response of responses) chosen[chosenModel(response.body as unknown as Shown)]! += 1;
    const tally = (await t.call("voter0", "GET", `/post/getPost/${id}`)).body.comparison as Shown;
    expect(votesByModel(tally)).toEqual(chosen);
    expect(tally.total_votes).toBe(100);

    const twice = await Promise.all([vote("bob", id, 0), vote("bob", id, 1), trpcMutation("bob", "post.vote", { postId: id, column: 1 }), vote("bob", id, 0)]);
    // The first vote to land stands; the same column again is a 200, another one a 409.
    const statuses = twice.map((r) => ("status" in r ? r.status : r.statusCode));
    const kept = ((await t.call("bob", "GET", `/post/getPost/${id}`)).body.comparison as { my_vote: number }).my_vote;
    expect(statuses).toEqual([0, 1, 1, 0].map((column) => (column === kept ? 200 : 409)));
    const rows = resultRows<{ votes: number }>(
      await t.db.db.execute(
        sql`select count(*)::int as votes from post_votes where post_id = ${id} and user_id = (select id from users where subject = 'bob')`,
      ),
    );
    expect(rows[0]!.votes).toBe(1);
    expect(((await t.call("carol", "GET", `/post/getPost/${id}`)).body.comparison as { total_votes: number | null }).total_votes).toBeNull();
    const final = await vote("carol", id, 2);
    expect(final.body.total_votes).toBe(102);
    // 100 sign-ups and 100 votes at once, each answered with its tally, on a busy machine.
  }, 120_000);

  it("a vote moved after the models were shown (as votes could be before they were final) counts in no tally or leaderboard", async () => {
    await t.signUp("gina");
    const sessionId = await insertComparisonSession(t.db.db, "alice", RATED, TURNS.slice(0, 1));
    const id = (await publish("alice", { chat_id: sessionId, description: "Moved votes", categories: ["health"] })).body.post_id as number;
    const carol = await vote("carol", id, 0);
    expect(carol.status).toBe(200);
    const carolChose = chosenModel(carol.body as unknown as Shown);
    await t.db.db.execute(sql`insert into post_votes (post_id, user_id, "column", created_at, updated_at)
      values (${id}, (select id from users where subject = 'gina'), ${(RATED.indexOf(carolChose as never) + 1) % 3}, now() - interval '1 hour', now())`);
    const read = (await t.call("alice", "GET", `/post/getPost/${id}`)).body.comparison as Shown;
    expect(read.columns.map((c) => c.votes)).toEqual(RATED.map((m) => (m === carolChose ? 1 : 0)));
    expect(read.total_votes).toBe(1);
    // The board is refitted in the background; this test asks for the refit now.
    await refitLeaderboard(t.db.db);
    const board = (await t.call("alice", "GET", "/post/leaderboard?category=health")).body.models as {
      model_id: string;
      votes_won: number;
      votes_cast: number;
    }[];
    expect(board.map((m) => [m.model_id, m.votes_won, m.votes_cast]).sort()).toEqual(RATED.map((m) => [m, m === carolChose ? 1 : 0, 1]).sort());
  });

  it("the author cannot vote on their own comparison", async () => {
    const response = await vote("alice", postId, 0);
    expect(response.status).toBe(403);
    expect(response.body.message).toMatch(/You made this comparison/);
  });

  it.each([
    ["an ordinary post", () => singlePostId, 0, 400, /Votes are for comparison posts/],
    ["a column past the last answer", () => postId, 3, 400, /this comparison has 3 answers; vote with a column from 0 to 2/],
    ["a negative column", () => postId, -1, 400, /column: must be 0 or more/],
    ["a column that is not a number", () => postId, "B", 400, /column: must be the column of the answer/],
    ["no column", () => postId, undefined, 400, /column: must be the column of the answer/],
    ["a missing post", () => 2_000_000_000, 0, 404, /Post not found/],
  ])("refuses %s", async (_what, id, column, status, message) => {
    const response = await vote("dave", id(), column);
    expect(response.status).toBe(status);
    expect(response.body.message).toMatch(message);
    // Nothing was revealed by a refused vote.
    expect(((await t.call("dave", "GET", `/post/getPost/${postId}`)).body.comparison as { revealed: boolean }).revealed).toBe(false);
  });

  it.each([
    ["post.vote", { postId: 1, column: 9 }, 400],
    ["post.vote", { postId: "x", column: 0 }, 400],
    ["post.vote", { postId: 2_000_000_000, column: 0 }, 404],
  ])("tRPC %s with %j answers %i with a message", async (path, input, status) => {
    const response = await trpcMutation("dave", path, input);
    expect(response.statusCode).toBe(status);
    expect(response.json().error.message).toEqual(expect.any(String));
  });

  it("an anonymous vote is a 401", async () => {
    const response = await t.app.inject({ method: "POST", url: `/api/v1/post/vote/${postId}`, payload: { column: 0 } });
    expect(response.statusCode).toBe(401);
  });
});

describe("nothing names a column's model before the viewer votes", () => {
  const sessionsOf = async (name: string) =>
    resultRows<{ n: number }>(
      await t.db.db.execute(sql`select count(*)::int as n from chat_sessions where user_id = (select id from users where subject = ${name})`),
    )[0]!.n;

  it("a clone or fork of an unvoted comparison is refused, REST and tRPC, and made after the vote", async () => {
    await t.signUp("erin");
    const rest = await t.call("erin", "POST", "/chat/getChatHistory", { post_id: postId, clone: true });
    expect(rest.status).toBe(403);
    expect(rest.body.message).toMatch(/Vote for the best answer first/);
    const trpc = await trpcMutation("erin", "chat.clonePost", { postId });
    expect(trpc.statusCode).toBe(403);
    expect(trpc.json().error.message).toMatch(/Vote for the best answer first/);
    expect(await sessionsOf("erin")).toBe(0);
    expect(((await t.call("erin", "GET", `/post/getPost/${postId}`)).body.comparison as { revealed: boolean }).revealed).toBe(false);

    expect((await vote("erin", postId, 1)).status).toBe(200);
    expect((await t.call("erin", "POST", "/chat/getChatHistory", { post_id: postId, clone: true })).status).toBe(200);
    // The author knows the models and may copy their own comparison.
    expect((await trpcMutation("alice", "chat.clonePost", { postId })).statusCode).toBe(200);
  });

  it("searching a compared model's name or version does not find the comparison, REST and tRPC; its text still does", async () => {
    await t.signUp("frank");
    const found = async (q: string) => {
      const rest = await t.call("frank", "GET", `/post/search?q=${encodeURIComponent(q)}`);
      const trpc = await trpcQuery("frank", "post.search", { q });
      expect([rest.status, trpc.statusCode]).toEqual([200, 200]);
      const card = JSON.stringify((rest.body.posts as { id: number }[]).find((p) => p.id === postId) ?? null);
      for (const secret of secrets) expect(card).not.toContain(secret);
      const restIds = (rest.body.posts as { id: number }[]).map((p) => p.id);
      const trpcIds = (trpc.json().result.data.posts as { id: number }[]).map((p) => p.id);
      expect(trpcIds).toEqual(restIds);
      return restIds.includes(postId);
    };
    expect(await found("Recursion three ways")).toBe(true);
    expect(await found("factorial")).toBe(true);
    for (const secret of secrets.filter((s) => !s.includes(":"))) expect(await found(secret), secret).toBe(false);
  });

  it("the export of an unvoted comparison names no model, REST and tRPC", async () => {
    for (const format of ["md", "json"]) {
      const rest = await t.app.inject({ method: "GET", url: `/api/v1/post/export/${postId}?format=${format}`, headers: t.as("frank") });
      expect(rest.statusCode).toBe(200);
      const trpc = await trpcQuery("frank", "archive.exportPost", { postId, format });
      expect(trpc.statusCode).toBe(200);
      for (const body of [rest.body, trpc.body]) {
        expect(body).toContain("Explain recursion in one line.");
        for (const secret of secrets) expect(body).not.toContain(secret);
      }
    }
  });
});

describe("a comparison and the comparisons forked from it are one blind set", () => {
  type View = {
    revealed: boolean;
    can_vote: boolean;
    my_vote: number | null;
    revealed_by_post_id: number | null;
    total_votes: number | null;
    columns: { model_id?: string; votes?: number }[];
  };
  const viewOf = async (name: string, id: number) => (await t.call(name, "GET", `/post/getPost/${id}`)).body.comparison as View;

  it("a vote on one post of the set shows the others revealed and a vote there is refused, REST and tRPC; votes cast knowing the models count nowhere", async () => {
    for (const name of ["hank", "ivy", "jo"]) await t.signUp(name);
    const sessionId = await insertComparisonSession(t.db.db, "alice", MODELS, TURNS.slice(0, 1));
    const original = (await publish("alice", { chat_id: sessionId, description: "Lineage", categories: ["business"] })).body.post_id as number;
    // Hank votes, forks and publishes the fork: its columns are in the same order as the original's.
    const hank = await vote("hank", original, 0);
    expect(hank.status).toBe(200);
    const hankChose = chosenModel(hank.body as unknown as Shown);
    const forkSession = (await t.call("hank", "POST", "/chat/getChatHistory", { post_id: original, clone: true })).body.new_session_id as number;
    const fork = (await publish("hank", { chat_id: forkSession, description: "Lineage, forked", categories: ["business"] })).body.post_id as number;
    expect((await t.call("ivy", "GET", `/post/getPost/${fork}`)).body.forked_from_post_id).toBe(original);

    // Ivy knows neither: both are blind to her. Her vote on the fork is blind and counts.
    expect(await viewOf("ivy", original)).toMatchObject({ revealed: false, can_vote: true, revealed_by_post_id: null });
    const ivy = await vote("ivy", fork, 1);
    expect(ivy.status).toBe(200);
    const ivyChose = chosenModel(ivy.body as unknown as Shown);
    // She now knows the original's models too: it shows them, and her vote there is refused.
    const seen = await viewOf("ivy", original);
    expect(seen).toMatchObject({ revealed: true, can_vote: false, my_vote: null, revealed_by_post_id: fork, total_votes: 1 });
    expect(seen.columns.map((c) => c.model_id).sort()).toEqual([...MODELS].sort());
    const rest = await vote("ivy", original, 1);
    expect(rest.status).toBe(403);
    expect(rest.body.message).toMatch(/You already know which model wrote each answer/);
    const trpc = await trpcMutation("ivy", "post.vote", { postId: original, column: 1 });
    expect(trpc.statusCode).toBe(403);
    expect(trpc.json().error.message).toMatch(/You already know which model wrote each answer/);
    const trpcView = (await trpcQuery("ivy", "post.byId", { id: original })).json().result.data.comparison as View;
    expect(trpcView).toMatchObject({ revealed: true, can_vote: false, revealed_by_post_id: fork });

    // The original's author knows the fork's models: it is revealed to her and her vote is refused.
    expect(await viewOf("alice", fork)).toMatchObject({ revealed: true, can_vote: false, revealed_by_post_id: original });
    expect((await vote("alice", fork, 0)).status).toBe(403);
    // The fork's author voted on the original before forking: that vote was blind and counts.
    expect((await viewOf("alice", original)).columns.map((c) => c.votes)).toEqual(MODELS.map((m) => (m === hankChose ? 1 : 0)));

    // The models being no secret to them, each may copy the other post of the set, REST and tRPC.
    expect((await t.call("ivy", "POST", "/chat/getChatHistory", { post_id: original, clone: true })).status).toBe(200);
    expect((await trpcMutation("alice", "chat.clonePost", { postId: fork })).statusCode).toBe(200);
    // Votes cast knowing the models, as they could be before the set was one: neither counts.
    await t.db.db.execute(sql`insert into post_votes (post_id, user_id, "column", created_at, updated_at)
      values (${original}, (select id from users where subject = 'ivy'), 2, now(), now()),
             (${fork}, (select id from users where subject = 'alice'), 2, now(), now())`);
    expect((await viewOf("jo", original)).revealed).toBe(false);
    const jo = await vote("jo", original, 0);
    expect(jo.status).toBe(200);
    const joChose = chosenModel(jo.body as unknown as Shown);
    expect(votesByModel((await viewOf("jo", original)) as unknown as Shown)).toEqual(
      Object.fromEntries(MODELS.map((m) => [m, (m === hankChose ? 1 : 0) + (m === joChose ? 1 : 0)])),
    );
    // Hank made the fork: he is shown its columns in their own order.
    expect((await viewOf("hank", fork)).columns.map((c) => c.votes)).toEqual(MODELS.map((m) => (m === ivyChose ? 1 : 0)));
    expect((await viewOf("jo", fork)).revealed_by_post_id).toBe(original);
  });
});

describe("forking a comparison", () => {
  it("'Interact with this conversation' makes the viewer's own comparison, each column its own branch, unusable models kept and named", async () => {
    const response = await t.call("bob", "POST", "/chat/getChatHistory", { post_id: postId, clone: true });
    expect(response.status).toBe(200);
    const newId = response.body.new_session_id as number;
    // Bob has no Claude key of his own: the Claude column stays, marked unavailable.
    expect(response.body.unavailable_models).toEqual([{ model_id: MODEL.claude, model_name: names[MODEL.claude] }]);
    expect(response.body).toMatchObject({ is_owner: true, forked_from: { session_id: null, post_id: postId, username: "alice" } });

    const [session] = await t.db.db.select().from(chatSessions).where(eq(chatSessions.id, newId));
    expect(session!.compareModels).toEqual(MODELS);
    const entries = await t.db.db.select().from(chatEntries).where(eq(chatEntries.sessionId, newId)).orderBy(chatEntries.createdAt, chatEntries.id);
    expect(entries).toHaveLength(6);
    for (const column of [0, 1, 2]) {
      const [first, second] = entries.filter((e) => e.compareColumn === column);
      expect(first!.parentEntryId).toBeNull();
      expect(second!.parentEntryId).toBe(first!.id);
      expect([first!.modelId, second!.modelId]).toEqual([MODELS[column], MODELS[column]]);
      expect(first!.responseContent).toBe(TURNS[0]!.answers[column]!.content);
    }
    expect(entries.filter((e) => e.compareColumn === 1).map((e) => e.status)).toEqual(["complete", "error"]);
    expect(session!.activeEntryId).toBe(entries.filter((e) => e.compareColumn === 0).at(-1)!.id);

    // The post's author is untouched and the fork is private to bob.
    expect((await t.call("carol", "POST", "/chat/getChatHistory", { sessionId: newId })).status).toBe(404);

    // Posted, the fork names its models and keeps the original's categories.
    const posted = await publish("bob", { chat_id: newId, description: "Bob's fork", categories: [] });
    const read = await t.call("bob", "GET", `/post/getPost/${posted.body.post_id}`);
    expect(read.body).toMatchObject({ categories: ["education"], forked_from_post_id: postId, model_versions: expect.arrayContaining([expect.any(String)]) });
    expect((read.body.model_versions as string[]).length).toBe(3);
    expect(
      (read.body.messages as { isUser: boolean; model_name: string | null }[])
        .filter((m) => !m.isUser)
        .map((m) => m.model_name)
        .slice(0, 3),
    ).toEqual(MODELS.map((id) => names[id]));
  });

  it("the forked comparison keeps the unavailable model's column, marked so, and a follow-up says why it cannot go; a key makes it available", async () => {
    const fork = (await trpcMutation("carol", "chat.clonePost", { postId })).json().result.data as { new_session_id: number };
    const read = async () => (await trpcQuery("carol", "chat.compareColumns", { sessionId: fork.new_session_id })).json().result.data;
    const before = await read();
    expect(before.compare_models).toEqual(MODELS);
    expect(before.unavailable_models).toEqual([{ model_id: MODEL.claude, model_name: names[MODEL.claude] }]);
    expect(
      before.columns.map((c: { model_id: string; model_name: string; available: boolean; turns: unknown[] }) => [
        c.model_id,
        c.model_name,
        c.available,
        c.turns.length,
      ]),
    ).toEqual([
      [MODEL.platform, names[MODEL.platform], true, 2],
      [MODEL.claude, names[MODEL.claude], false, 2],
      [MODEL.demo, names[MODEL.demo], true, 2],
    ]);
    const followUp = await t.call("carol", "POST", "/chat/compare", {
      messages: [{ content: "And in Python?" }],
      model_ids: MODELS,
      session_id: fork.new_session_id,
    });
    expect(followUp.status).toBe(400);
    expect(followUp.body.message).toContain(`The model "${MODEL.claude}" is not available to you`);

    expect((await t.call("carol", "POST", "/user/updateUserApiKeys", { claude_api_key: "sk-ant-carol-0000000000000000" })).status).toBe(200);
    const after = await read();
    expect(after.unavailable_models).toEqual([]);
    expect(after.columns.map((c: { available: boolean }) => c.available)).toEqual([true, true, true]);
  });

  it("over tRPC the fork names the unavailable models too; an ordinary post's fork has none", async () => {
    expect((await vote("dave", postId, 0)).status).toBe(200);
    const forked = await trpcMutation("dave", "chat.clonePost", { postId });
    expect(forked.json().result.data).toMatchObject({ unavailable_models: [{ model_id: MODEL.claude }] });
    const plain = await trpcMutation("dave", "chat.clonePost", { postId: singlePostId });
    expect(plain.json().result.data).toMatchObject({ unavailable_models: [] });
  });
});
