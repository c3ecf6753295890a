import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postVotes, posts, users } from "@parley/db";
import { loadVoteRecords, recordsOf, refitLeaderboard, VoteGatherer } from "@parley/api";
import { createChatApp, MODEL } from "./support/chat-fixture";
import { insertComparisonSession, voteForColumn } from "./support/comparison-factory";

// The board keeps each voter's standings between refits and gathers again only those of the
// voters whose votes, verdicts, comparison posts or account age changed (the `vote_changes` log
// written by triggers): what it keeps must always be what a fresh gathering of everything finds.

let t: Awaited<ReturnType<typeof createChatApp>>;
const VOTERS = Array.from({ length: 8 }, (_, i) => `voter${i}`);
const RULES = { dailyCap: 2, minAccountAgeHours: 24 };
const turns = (tag: string) => [{ prompt: `Which is better? ${tag}`, answers: [{ content: `First ${tag}` }, { content: `Second ${tag}` }] }];
const postIds: number[] = [];

const idOf = async (name: string) => (await t.db.db.select({ id: users.id }).from(users).where(eq(users.subject, name)))[0]!.id;
const makeOld = (names: string[]) =>
  t.db.db
    .update(users)
    .set({ createdAt: sql`now() - interval '2 days'` })
    .where(inArray(users.subject, names));
async function publish(tag: string, models: string[] = [MODEL.platform, MODEL.claude]) {
  const sessionId = await insertComparisonSession(t.db.db, "author", models, turns(tag));
  const response = await t.call("author", "POST", "/post/postChat", { chat_id: sessionId, description: `Comparison ${tag}`, categories: ["education"] });
  expect(response.status).toBe(200);
  return response.body.post_id as number;
}
const vote = async (name: string, postId: number, column: number) => expect((await voteForColumn(t.db.db, t.call, name, postId, column)).status).toBe(200);

/** A gathering's records and left-out counts, in an order that does not depend on how they were read. */
const normal = (loaded: Awaited<ReturnType<typeof loadVoteRecords>>) => ({
  records: loaded.records.map((record) => JSON.stringify(record)).sort(),
  leftOut: [...loaded.leftOut].sort((a, b) => (a.reason < b.reason ? -1 : 1)),
});

const kept = new VoteGatherer();
/**
 * The kept gatherer brought up to date, checked against a fresh gathering of every vote; answers
 * what it read, with `voters` as "at least" the changed ones: it also reads again the notes of
 * transactions that were still running at the last refit anywhere on the database server (on a
 * shared PostgreSQL, other databases' too), which is never fewer voters than changed.
 */
async function keptMatchesFresh(now = new Date(), changed?: number) {
  const counting = { ...RULES, now };
  const loaded = await kept.load(t.db.db, counting);
  const mine = normal({ ...loaded, records: recordsOf(loaded.ballots) });
  expect(mine).toEqual(normal(await loadVoteRecords(t.db.db, counting)));
  const gathering = kept.lastGathering!;
  if (changed !== undefined && !gathering.full) {
    expect(gathering.voters).toBeGreaterThanOrEqual(changed);
  }
  return { full: gathering.full, counted: mine.records.length };
}

beforeAll(async () => {
  t = await createChatApp({ env: { VOTE_DAILY_CAP: "2", VOTE_MIN_ACCOUNT_AGE_HOURS: "24" }, openaiModels: ["gpt-4o-mini", "gpt-4o"] });
  for (const name of ["author", ...VOTERS]) await t.signUp(name);
  // voter0 is new: their votes wait for the account's age.
  await makeOld(["author", ...VOTERS.slice(1)]);
  for (const tag of ["one", "two", "three"]) postIds.push(await publish(tag));
  await vote("voter0", postIds[0]!, 0);
  await vote("voter1", postIds[0]!, 1);
  await vote("voter1", postIds[1]!, 0);
  await vote("voter2", postIds[1]!, 1);
  await vote("voter3", postIds[0]!, 0);
}, 120_000);
afterAll(() => t.close());

describe("the board's gathering between refits", () => {
  it("reads every voter the first time, then only the voters whose standings may have changed", async () => {
    expect(await keptMatchesFresh()).toMatchObject({ full: true, counted: 4 });
    expect(kept.lastGathering).toMatchObject({ voters: 4, standings: 5 });
    expect(await keptMatchesFresh(new Date(), 0)).toMatchObject({ full: false });
    await vote("voter4", postIds[2]!, 0);
    expect(await keptMatchesFresh(new Date(), 1)).toMatchObject({ full: false, counted: 5 });
  });

  it("a vote over the daily cap, and a vote cast by the post's author, are left out as a fresh gathering leaves them", async () => {
    await vote("voter1", postIds[2]!, 1);
    const authorId = await idOf("author");
    await t.db.db.insert(postVotes).values({ postId: postIds[2]!, userId: authorId, column: 0 });
    expect(await keptMatchesFresh(new Date(), 2)).toMatchObject({ full: false, counted: 5 });
  });

  it("an account that comes of age, by its age being changed or by time passing, counts", async () => {
    expect(await keptMatchesFresh()).toMatchObject({ counted: 5 });
    // No change in the database: only the time the rule is read at.
    expect(await keptMatchesFresh(new Date(Date.now() + 25 * 3_600_000), 0)).toMatchObject({ counted: 6 });
    await makeOld(["voter0"]);
    expect(await keptMatchesFresh(new Date(), 1)).toMatchObject({ counted: 6 });
  });

  it("a vote cast after knowing the models from another post of the blind set counts nowhere", async () => {
    // A comparison published from a fork of post one: the same set, by the trigger's stored root.
    const [origin] = await t.db.db.select().from(posts).where(eq(posts.id, postIds[0]!));
    const authorId = await idOf("author");
    const [fork] = await t.db.db
      .insert(posts)
      .values({ userId: authorId, description: "A fork", comparison: origin!.comparison, messages: origin!.messages, forkedFromPostId: postIds[0]! })
      .returning({ id: posts.id, root: posts.blindRootId });
    expect(fork!.root).toBe(postIds[0]);
    await t.db.db.insert(postVotes).values({ postId: fork!.id, userId: await idOf("voter3"), column: 1 });
    expect(await keptMatchesFresh()).toMatchObject({ full: false, counted: 6 });
  });

  it("deleting a post, or an account, removes their votes from what is kept", async () => {
    // Post two's voters and its author; voter1's vote on post three is now their second of the day: under the cap.
    await t.db.db.delete(posts).where(eq(posts.id, postIds[1]!));
    expect(await keptMatchesFresh(new Date(), 3)).toMatchObject({ full: false, counted: 5 });
    await t.db.db.delete(users).where(eq(users.subject, "voter4"));
    expect(await keptMatchesFresh(new Date(), 1)).toMatchObject({ full: false, counted: 4 });
  });

  it("a hidden post's votes leave the board at the next refit, though no vote changed", async () => {
    await t.db.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, postIds[2]!));
    expect(await keptMatchesFresh(new Date(), 0)).toMatchObject({ counted: 3 });
  });

  it("the server's board follows the same votes: a refit after a new vote counts it", async () => {
    const before = await refitLeaderboard(t.db.db);
    await vote("voter5", postIds[0]!, 1);
    const after = await refitLeaderboard(t.db.db);
    expect(after.gathering?.full).toBe(false);
    expect(after.gathering!.voters).toBeGreaterThanOrEqual(1);
    expect(after.table.votes).toBe(before.table.votes + 1);
    const board = (await t.call("voter6", "GET", "/post/leaderboard")).body as { counted_votes: number };
    expect(board.counted_votes).toBe(after.table.votes);
  });
});
