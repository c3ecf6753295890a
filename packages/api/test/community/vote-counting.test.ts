import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postVotes, posts, resultRows, users, type DbHandle, type PostComparison } from "@parley/db";
import { createTestDb } from "@parley/db/testing";
import { blindSetLineage } from "../../src/community/post/lineage";
import { voteColumns, voteLeftOutReason, type VoteCounting } from "../../src/community/post/votes";

// Which votes count (community/post/votes.ts): the rules at their boundaries, time set in the
// database (accounts' and votes' created_at), never waited for.
const NOW = new Date("2026-03-10T12:00:00.000Z");
const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);
const COMPARISON: PostComparison = {
  models: [
    { modelId: "m:one", modelName: "One" },
    { modelId: "m:two", modelName: "Two" },
  ],
  turns: [
    {
      prompt: "Which?",
      answers: [
        { content: "first", status: "complete" },
        { content: "second", status: "complete" },
      ],
    },
  ],
};

let t: DbHandle;
const ids = new Map<string, string>();
const postIds: number[] = [];

async function person(subject: string, createdAt: Date) {
  const [row] = await t.db.insert(users).values({ issuer: "test", subject, createdAt, updatedAt: createdAt }).returning({ id: users.id });
  ids.set(subject, row!.id);
}

async function vote(subject: string, postId: number, createdAt: Date, updatedAt = createdAt) {
  await t.db.insert(postVotes).values({ postId, userId: ids.get(subject)!, column: 0, shownOrder: [1, 0], createdAt, updatedAt });
}

/** Why each vote is left out ('counted' when it counts), by "voter@post index". */
async function reasons(counting: VoteCounting) {
  const v = voteColumns("v");
  const rows = resultRows<{ voter: string; post_id: number; reason: string | null }>(
    await t.db.execute(sql`
      with recursive ${blindSetLineage()}
      select u.subject as voter, v.post_id, ${voteLeftOutReason(v, counting)} as reason
      from ${postVotes} v join ${users} u on u.id = v.user_id`),
  );
  return Object.fromEntries(rows.map((row) => [`${row.voter}@${postIds.indexOf(Number(row.post_id))}`, row.reason ?? "counted"]));
}

beforeAll(async () => {
  t = await createTestDb();
  await person("author", at("2025-01-01T00:00:00Z"));
  await person("old", at("2025-01-01T00:00:00Z"));
  // 24 hours old at NOW exactly, and one second younger than that.
  await person("exactly-a-day", new Date(NOW.getTime() - 24 * HOUR));
  await person("young", new Date(NOW.getTime() - 24 * HOUR + 1000));
  await person("busy", at("2025-01-01T00:00:00Z"));
  for (let i = 0; i < 7; i++) {
    const [row] = await t.db
      .insert(posts)
      .values({
        userId: ids.get("author")!,
        description: `Comparison ${i}`,
        categories: [i === 6 ? "health" : "education"],
        comparison: COMPARISON,
        createdAt: at("2025-06-01T00:00:00Z"),
      })
      .returning({ id: posts.id });
    postIds.push(row!.id);
  }
  // Busy votes on six posts: five on March 9 (UTC), the fifth in its last millisecond; one at March 10's first instant.
  const busyTimes = [
    "2026-03-09T00:00:00.000Z",
    "2026-03-09T08:00:00.000Z",
    "2026-03-09T09:00:00.000Z",
    "2026-03-09T10:00:00.000Z",
    "2026-03-09T23:59:59.999Z",
    "2026-03-10T00:00:00.000Z",
  ];
  for (const [i, time] of busyTimes.entries()) await vote("busy", postIds[i]!, at(time));
  await vote("old", postIds[0]!, at("2026-03-09T12:00:00Z"));
  await vote("exactly-a-day", postIds[0]!, at("2026-03-10T11:00:00Z"));
  await vote("young", postIds[0]!, at("2026-03-10T11:00:00Z"));
  // Stored before the author's vote was refused, and one moved after the models were shown.
  await vote("author", postIds[1]!, at("2026-03-09T12:00:00Z"));
  await vote("old", postIds[1]!, at("2026-03-09T12:00:00Z"), at("2026-03-09T13:00:00Z"));
  await vote("young", postIds[6]!, at("2026-03-10T11:30:00Z"));
}, 120_000);
afterAll(() => t.close());

describe("which votes count", { timeout: 60_000 }, () => {
  it("the daily cap: a person's first N votes of a UTC day count, the rest of that day do not, the next day starts afresh", async () => {
    const result = await reasons({ now: NOW, dailyCap: 4, minAccountAgeHours: 24 });
    expect([0, 1, 2, 3, 4, 5].map((i) => result[`busy@${i}`])).toEqual(["counted", "counted", "counted", "counted", "capped", "counted"]);
    const three = await reasons({ now: NOW, dailyCap: 3, minAccountAgeHours: 24 });
    expect([0, 1, 2, 3, 4, 5].map((i) => three[`busy@${i}`])).toEqual(["counted", "counted", "counted", "capped", "capped", "counted"]);
    // 0 turns the cap off.
    const off = await reasons({ now: NOW, dailyCap: 0, minAccountAgeHours: 24 });
    expect([0, 1, 2, 3, 4, 5].map((i) => off[`busy@${i}`])).toEqual(["counted", "counted", "counted", "counted", "counted", "counted"]);
  });

  it("the account age: votes of an account younger than the setting wait, and count once it is old enough; 0 turns it off", async () => {
    const now = await reasons({ now: NOW, dailyCap: 50, minAccountAgeHours: 24 });
    expect([now["old@0"], now["exactly-a-day@0"], now["young@0"], now["young@6"]]).toEqual(["counted", "counted", "waiting", "waiting"]);
    // A second later the young account is a day old: its votes count, the same votes as before.
    const later = await reasons({ now: new Date(NOW.getTime() + 1000), dailyCap: 50, minAccountAgeHours: 24 });
    expect([later["young@0"], later["young@6"]]).toEqual(["counted", "counted"]);
    const off = await reasons({ now: NOW, dailyCap: 50, minAccountAgeHours: 0 });
    expect(off["young@0"]).toBe("counted");
    // One hour is enough for it with a setting of one hour.
    expect((await reasons({ now: NOW, dailyCap: 50, minAccountAgeHours: 1 }))["young@0"]).toBe("counted");
  });

  it("never the author's vote, nor one that was not cast blind, whatever the settings", async () => {
    for (const counting of [
      { now: NOW, dailyCap: 50, minAccountAgeHours: 24 },
      { now: NOW, dailyCap: 0, minAccountAgeHours: 0 },
    ]) {
      const result = await reasons(counting);
      expect(result["author@1"]).toBe("author");
      expect(result["old@1"]).toBe("not_blind");
    }
  });
});
