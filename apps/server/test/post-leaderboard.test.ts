import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refitLeaderboard } from "@parley/api";
import { createChatApp, MODEL } from "./support/chat-fixture";
import { insertComparisonSession, voteForColumn } from "./support/comparison-factory";

let t: Awaited<ReturnType<typeof createChatApp>>;
/** A second platform OpenAI model (the offline demo model is never rated: post-leaderboard-rating.test.ts). */
const GPT_4O = "openai:gpt-4o";
type Row = {
  rank: number;
  rank_low: number;
  rank_high: number;
  model_id: string;
  model_name: string;
  rating: number;
  ci_low: number;
  ci_high: number;
  provisional: boolean;
  votes_won: number;
  votes_cast: number;
  comparisons: number;
};

const turn = (count: number) => [{ prompt: "Which is better?", answers: Array.from({ length: count }, (_, i) => ({ content: `Answer ${i}` })) }];

async function comparisonPost(models: string[], category: string, votesPerColumn: number[], voters: string[]) {
  const sessionId = await insertComparisonSession(t.db.db, "author", models, turn(models.length));
  const postId = (await t.call("author", "POST", "/post/postChat", { chat_id: sessionId, description: "Which is better?", categories: [category] })).body
    .post_id as number;
  let next = 0;
  for (const [column, votes] of votesPerColumn.entries()) {
    for (let i = 0; i < votes; i++) expect((await voteForColumn(t.db.db, t.call, voters[next++]!, postId, column)).status).toBe(200);
  }
  return postId;
}

/** The board after a refit (it is fitted in the background, never on a request: docs/leaderboard.md). */
const board = async (query = "") => {
  await refitLeaderboard(t.db.db);
  return (await t.call("v0", "GET", `/post/leaderboard${query}`)).body as { category: string | null; models: Row[] };
};
const summary = (rows: Row[]) => rows.map((r) => [r.model_id, r.votes_won, r.votes_cast]);

beforeAll(async () => {
  t = await createChatApp({ openaiModels: ["gpt-4o-mini", "gpt-4o"] });
  const voters = Array.from({ length: 6 }, (_, i) => `v${i}`);
  await Promise.all(["author", ...voters].map((name) => t.signUp(name)));
  // Education: the OpenAI model wins 3 of 4; Claude wins 2 of 2; GPT-4o wins 1 of 6.
  await comparisonPost([MODEL.platform, GPT_4O], "education", [3, 1], voters);
  await comparisonPost([GPT_4O, MODEL.claude], "education", [0, 2], voters);
  // Technology: Claude wins all 4 against the OpenAI model.
  await comparisonPost([MODEL.platform, MODEL.claude], "technology", [0, 4], voters);
});
afterAll(() => t.close());

describe("the leaderboard", () => {
  it("rates models overall from the votes, each with its interval, rank range and the votes behind it", async () => {
    const overall = await board();
    expect(overall.category).toBeNull();
    expect(summary(overall.models)).toEqual([
      [MODEL.claude, 6, 6],
      [MODEL.platform, 3, 8],
      [GPT_4O, 1, 6],
    ]);
    expect(overall.models.map((r) => r.rank)).toEqual([1, 2, 3]);
    expect(overall.models.map((r) => r.comparisons)).toEqual([2, 2, 2]);
    for (const row of overall.models) {
      expect(row.ci_low).toBeLessThan(row.rating);
      expect(row.ci_high).toBeGreaterThan(row.rating);
      // Under 20 votes each: provisional.
      expect(row.provisional).toBe(true);
    }
    expect(overall.models.map((r) => r.rating)).toEqual([...overall.models.map((r) => r.rating)].sort((a, b) => b - a));
    for (const row of overall.models) expect(row.rank_low <= row.rank && row.rank <= row.rank_high).toBe(true);
    expect(overall.models[0]!.model_name).toMatch(/Claude|claude/);
  });

  it("per category counts only that category's comparisons; few votes leave the ranks open", async () => {
    const education = await board("?category=education");
    expect(education.category).toBe("education");
    // Claude beat GPT-4o 2-0, GPT-4o mini beat it 3-1: Claude rates higher, but with
    // so few votes either could be first.
    expect(summary(education.models)).toEqual([
      [MODEL.claude, 2, 2],
      [MODEL.platform, 3, 4],
      [GPT_4O, 1, 6],
    ]);
    expect(education.models[1]!.rank_low).toBe(1);
    expect(education.models[0]!.rank_high).toBeGreaterThanOrEqual(2);
    expect(summary((await board("?category=technology")).models)).toEqual([
      [MODEL.claude, 4, 4],
      [MODEL.platform, 0, 4],
    ]);
    expect((await board("?category=entertainment")).models).toEqual([]);
  });

  it("does not move when a voter tries to change a vote after the models were shown, over REST and tRPC alike", async () => {
    const before = summary((await board("?category=technology")).models);
    const [post] = (await t.call("v0", "GET", "/post/getRecentPosts?category=technology")).body as unknown as { id: number }[];
    // v0 voted for Claude's column (1): a vote for the other one is refused.
    const changed = await voteForColumn(t.db.db, t.call, "v0", post!.id, 0);
    expect(changed.status).toBe(409);
    const after = await t.app.inject({
      method: "GET",
      url: `/trpc/post.leaderboard?input=${encodeURIComponent(JSON.stringify({ category: "technology" }))}`,
      headers: t.as("v1"),
    });
    expect(before).toEqual([
      [MODEL.claude, 4, 4],
      [MODEL.platform, 0, 4],
    ]);
    expect(summary(after.json().result.data.models)).toEqual(before);
  });

  it("a comparison and its published forks are one blind set: a vote cast after voting on or making one of them counts nowhere, over REST and tRPC", async () => {
    await t.signUp("v6");
    // v0 votes on the original (claude wins), forks it and publishes the fork in the same category.
    const original = await comparisonPost([MODEL.platform, MODEL.claude], "business", [0, 1], ["v0"]);
    const session = (await t.call("v0", "POST", "/chat/getChatHistory", { post_id: original, clone: true })).body.new_session_id as number;
    const fork = (await t.call("v0", "POST", "/post/postChat", { chat_id: session, description: "Forked", categories: ["business"] })).body.post_id as number;
    // v6 votes blind on the fork (the OpenAI model wins), then tries the original knowing the models.
    expect((await voteForColumn(t.db.db, t.call, "v6", fork, 0)).status).toBe(200);
    const refused = await voteForColumn(t.db.db, t.call, "v6", original, 1);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/You already know which model wrote each answer/);
    // Votes cast knowing the models, as they could be before: by v6 on the original, by the original's author on the fork.
    const { sql } = await import("drizzle-orm");
    await t.db.db.execute(sql`insert into post_votes (post_id, user_id, "column", created_at, updated_at)
      values (${original}, (select id from users where subject = 'v6'), 1, now(), now()),
             (${fork}, (select id from users where subject = 'author'), 1, now(), now())`);
    const expected = [
      [MODEL.claude, 1, 2],
      [MODEL.platform, 1, 2],
    ];
    const rows = (await board("?category=business")).models;
    expect(summary(rows).sort()).toEqual(expected.sort());
    const trpc = await t.app.inject({
      method: "GET",
      url: `/trpc/post.leaderboard?input=${encodeURIComponent(JSON.stringify({ category: "business" }))}`,
      headers: t.as("v1"),
    });
    expect(summary(trpc.json().result.data.models).sort()).toEqual(expected.sort());
  });

  it("with a prompt, counts the pairwise matrix over the votes on comparisons started from it only, in the board's order", async () => {
    const { sql } = await import("drizzle-orm");
    const made = await t.call("author", "POST", "/prompts", { name: "Better", text: "Which is better?" });
    expect(made.status).toBe(200);
    const promptId = made.body.id as number;
    // A comparison started from the prompt (as a send from the library records it on the conversation); its post carries it.
    const sessionId = await insertComparisonSession(t.db.db, "author", [GPT_4O, MODEL.platform], turn(2));
    await t.db.db.execute(sql`update chat_sessions set prompt_id = ${promptId}, prompt_version = 1 where id = ${sessionId}`);
    const postId = (await t.call("author", "POST", "/post/postChat", { chat_id: sessionId, description: "From the prompt", categories: ["health"] })).body
      .post_id as number;
    for (const [voter, column] of [
      ["v1", 0],
      ["v2", 0],
      ["v3", 1],
    ] as const)
      expect((await voteForColumn(t.db.db, t.call, voter, postId, column)).status).toBe(200);
    await refitLeaderboard(t.db.db);
    type Pairs = { models: string[]; win_rates: (number | null)[][]; counts: number[][] };
    const pairsOf = async (query: string) => {
      const answer = await t.call("author", "GET", `/post/leaderboard${query}`);
      expect(answer.status).toBe(200);
      return answer.body as unknown as { models: Row[]; prompt_id: number | null; pairs: Pairs };
    };
    const overall = await pairsOf("");
    const prompted = await pairsOf(`?promptId=${promptId}`);
    expect(prompted.prompt_id).toBe(promptId);
    // The board's rows and order, the prompt's votes only: GPT-4o beat GPT-4o mini 2 to 1 there.
    expect(prompted.models).toEqual(overall.models);
    expect(prompted.pairs.models).toEqual(overall.pairs.models);
    const at = (model: string) => overall.models.findIndex((row) => row.model_id === model);
    const [other, platform, claude] = [at(GPT_4O), at(MODEL.platform), at(MODEL.claude)];
    const counts = prompted.pairs.counts;
    expect(counts[other]![platform]).toBe(3);
    expect(counts[platform]![other]).toBe(3);
    expect(counts.flat().reduce((a, b) => a + b, 0)).toBe(6);
    expect(counts[claude]!.every((n) => n === 0)).toBe(true);
    expect(prompted.pairs.win_rates[other]![platform]).toBe(0.6667);
    expect(prompted.pairs.win_rates[platform]![other]).toBe(0.3333);
    expect(prompted.pairs.win_rates[claude]![other]).toBeNull();
    // All votes: the education comparison's four (3 to 1 the other way) as well.
    expect(overall.pairs.counts[other]![platform]).toBe(7);
    expect(overall.pairs.win_rates[platform]![other]).toBe(0.5714);
    // With a category: the prompt's votes in it.
    expect((await pairsOf(`?promptId=${promptId}&category=health`)).pairs.counts.flat().reduce((a, b) => a + b, 0)).toBe(6);
    expect((await pairsOf(`?promptId=${promptId}&category=education`)).pairs.counts.flat().every((n) => n === 0)).toBe(true);
  });

  it("with a prompt, shows a reader only the votes on comparisons whose models they know: one blind comparison's matrix would name its models and tally", async () => {
    const { sql } = await import("drizzle-orm");
    const made = await t.call("author", "POST", "/prompts", { name: "Blind", text: "Which is kinder?" });
    const promptId = made.body.id as number;
    expect(
      (await t.app.inject({ method: "PUT", url: `/api/v1/prompts/${promptId}/visibility`, headers: t.as("author"), payload: { visibility: "public" } }))
        .statusCode,
    ).toBe(200);
    const sessionId = await insertComparisonSession(t.db.db, "author", [MODEL.platform, MODEL.claude], turn(2));
    await t.db.db.execute(sql`update chat_sessions set prompt_id = ${promptId}, prompt_version = 1 where id = ${sessionId}`);
    const postId = (await t.call("author", "POST", "/post/postChat", { chat_id: sessionId, description: "Kinder?", categories: ["general"] })).body
      .post_id as number;
    for (const [voter, column] of [
      ["v1", 1],
      ["v2", 1],
    ] as const)
      expect((await voteForColumn(t.db.db, t.call, voter, postId, column)).status).toBe(200);
    await refitLeaderboard(t.db.db);
    type Pairs = { models: string[]; win_rates: (number | null)[][]; counts: number[][] };
    const as = async (name: string) => (await t.call(name, "GET", `/post/leaderboard?promptId=${promptId}`)).body as unknown as { models: Row[]; pairs: Pairs };
    const total = (pairs: Pairs) => pairs.counts.flat().reduce((a, b) => a + b, 0);
    // Its author and its voters know the models: the two votes, each counted for both models.
    const author = await as("author");
    expect(total(author.pairs)).toBe(4);
    const voter = await as("v1");
    expect(voter.pairs, JSON.stringify(voter)).toEqual(author.pairs);
    // A reader who has not voted on it (v3 voted on other posts) sees the board's rows and none of its votes.
    const stranger = await as("v3");
    expect(stranger.models).toEqual(author.models);
    expect(stranger.pairs.models).toEqual(author.pairs.models);
    expect(total(stranger.pairs)).toBe(0);
    expect(stranger.pairs.win_rates.flat().every((rate) => rate === null)).toBe(true);
  });

  it("refuses an unknown category and an anonymous caller", async () => {
    const bad = await t.call("v0", "GET", "/post/leaderboard?category=gossip");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/category: must be one of/);
    // The feed's groups are no post's category: the leaderboard offers only what a post can carry.
    for (const group of ["ai", "creative", "technical"]) {
      const feedOnly = await t.call("v0", "GET", `/post/leaderboard?category=${group}`);
      expect(feedOnly.status).toBe(400);
      expect(feedOnly.body.message).toMatch(/category: must be one of general, technology, education, health, business, entertainment/);
      const trpc = await t.app.inject({
        method: "GET",
        url: `/trpc/post.leaderboard?input=${encodeURIComponent(JSON.stringify({ category: group }))}`,
        headers: t.as("v0"),
      });
      expect(trpc.statusCode).toBe(400);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/v1/post/leaderboard" })).statusCode).toBe(401);
  });
});
