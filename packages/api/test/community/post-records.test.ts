import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postVotes, posts, users, type DbHandle, type PostComparison } from "@parley/db";
import { createTestDb } from "@parley/db/testing";
import { loadVoteRecords } from "../../src/community/verdicts/records";

// The post votes the board is fitted on carry the order each voter was shown the answers in.
const NOW = new Date("2026-03-10T12:00:00.000Z");
const COMPARISON: PostComparison = {
  models: [
    { modelId: "m:zero", modelName: "Zero" },
    { modelId: "m:one", modelName: "One" },
    { modelId: "m:two", modelName: "Two" },
  ],
  turns: [
    {
      prompt: "Which?",
      answers: [
        { content: "a", status: "complete" },
        { content: "bb\n- item", status: "complete" },
        { content: "## ccc", status: "complete" },
      ],
    },
  ],
};

let t: DbHandle;

beforeAll(async () => {
  t = await createTestDb();
  const person = async (subject: string, createdAt: Date) =>
    (await t.db.insert(users).values({ issuer: "test", subject, createdAt, updatedAt: createdAt }).returning({ id: users.id }))[0]!.id;
  const author = await person("author", new Date("2025-01-01T00:00:00Z"));
  const shuffled = await person("shuffled", new Date("2025-01-01T00:00:00Z"));
  const before = await person("before", new Date("2025-01-01T00:00:00Z"));
  const young = await person("young", new Date(NOW.getTime() - 3_600_000));
  const [post] = await t.db
    .insert(posts)
    .values({ userId: author, description: "Three", categories: ["education"], comparison: COMPARISON, createdAt: new Date("2025-06-01T00:00:00Z") })
    .returning({ id: posts.id });
  const at = new Date("2026-03-09T12:00:00Z");
  await t.db.insert(postVotes).values([
    // Shown Two, Zero, One (A, B, C) and chose A: column 2.
    { postId: post!.id, userId: shuffled, column: 2, shownOrder: [2, 0, 1], createdAt: at, updatedAt: at },
    // Cast before answers were shuffled: shown in column order.
    { postId: post!.id, userId: before, column: 1, shownOrder: null, createdAt: at, updatedAt: at },
    { postId: post!.id, userId: young, column: 0, shownOrder: [0, 1, 2], createdAt: at, updatedAt: at },
  ]);
}, 120_000);
afterAll(() => t.close());

describe("post vote records", { timeout: 60_000 }, () => {
  it("list the models, answer lengths and markdown in the order the voter was shown them, the choice a place in that order", async () => {
    const { records, leftOut } = await loadVoteRecords(t.db, { now: NOW, dailyCap: 50, minAccountAgeHours: 24 });
    const byShown = records.map((r) => ({ shown: r.shown, choice: r.choice, lengths: r.lengths, markdown: r.markdown, day: r.day }));
    expect(byShown).toEqual(
      expect.arrayContaining([
        { shown: ["m:two", "m:zero", "m:one"], choice: 0, lengths: [6, 1, 9], markdown: [1, 0, 1], day: "2026-03-09" },
        { shown: ["m:zero", "m:one", "m:two"], choice: 1, lengths: [1, 9, 6], markdown: [0, 1, 1], day: "2026-03-09" },
      ]),
    );
    expect(records).toHaveLength(2);
    // The young account's vote waits, and the board says so.
    expect(leftOut.map((row) => row.votes)).toEqual([1]);
    expect(leftOut[0]!.reason).toMatch(/new|wait|old enough/i);
    // Once the account is old enough it counts, in the order it was shown.
    const later = await loadVoteRecords(t.db, { now: new Date(NOW.getTime() + 24 * 3_600_000), dailyCap: 50, minAccountAgeHours: 24 });
    expect(later.records).toHaveLength(3);
    expect(later.leftOut).toEqual([]);
  });
});
