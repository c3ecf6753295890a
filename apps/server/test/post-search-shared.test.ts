// A post search's ranking is made once for everyone who asks the same words within a moment
// (SEARCH_RANKING_TTL_MS) and afresh after it; each page then leaves out what its viewer may not
// see. Posts here are written straight to the database, as another instance would publish them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createCaller, createContextInner, forgetSearchRankings, SEARCH_RANKING_TTL_MS } from "@parley/api";
import { posts, users, type DbHandle } from "@parley/db";
import { createTestDb } from "@parley/db/testing";

const ISSUER = "https://issuer.test";

describe("a post search's ranking", () => {
  let db: DbHandle;
  let clock = new Date("2026-03-01T10:00:00.000Z");
  let annId: string;
  const callerFor = (subject: string) => createCaller(createContextInner({ db: db.db, auth: { issuer: ISSUER, subject, claims: {} }, now: () => clock }));
  const later = (ms: number) => (clock = new Date(clock.getTime() + ms));
  const insert = (description: string, count: number) =>
    db.db.execute(sql`insert into posts (user_id, description, messages)
      select ${annId}::uuid, ${description} || ' ' || g, '[]'::jsonb from generate_series(1, ${count}::int) g`);
  /** Every page of a search as `subject` sees it: the descriptions, and each page's length. */
  const everyPage = async (subject: string, q: string) => {
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await callerFor(subject).post.search({ q, ...(cursor ? { cursor } : {}) });
      seen.push(...page.posts.map((p) => p.description));
      sizes.push(page.posts.length);
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    return { seen, sizes };
  };

  beforeAll(async () => {
    db = await createTestDb();
    await callerFor("ann").user.setup({ user: { name: "Ann" } });
    await callerFor("bob").user.setup({ user: { name: "Bob" } });
    annId = (await db.db.select({ id: users.id }).from(users).where(eq(users.subject, "ann")))[0]!.id;
  });
  afterAll(async () => {
    await db.close();
  });

  it("is shared by everyone who asks the same words within the interval, and made afresh after it", async () => {
    await insert("walrus", 1);
    expect((await everyPage("bob", "walrus")).seen).toEqual(["walrus 1"]);
    await insert("walrus again", 1);
    // Asked the same way (case and spacing do not matter), by someone else, just before the interval ends.
    later(SEARCH_RANKING_TTL_MS - 1);
    expect((await everyPage("ann", "  Walrus ")).seen).toEqual(["walrus 1"]);
    later(1);
    expect((await everyPage("bob", "walrus")).seen).toEqual(["walrus again 1", "walrus 1"]);
  });

  it("is made afresh at once when told that a post was published", async () => {
    expect((await everyPage("bob", "dugong")).seen).toEqual([]);
    await insert("dugong", 1);
    expect((await everyPage("bob", "dugong")).seen).toEqual([]);
    forgetSearchRankings(db.db);
    expect((await everyPage("bob", "dugong")).seen).toEqual(["dugong 1"]);
  });

  it("leaves out of each page what its viewer may not see, and pages on past it", async () => {
    await insert("narwhal", 25);
    await db.db.update(posts).set({ hiddenAt: clock }).where(eq(posts.description, "narwhal 24"));
    later(SEARCH_RANKING_TTL_MS);
    const bob = await everyPage("bob", "narwhal");
    expect(bob.seen).toHaveLength(24);
    expect(bob.seen).not.toContain("narwhal 24");
    // The hidden post was ranked among the first twenty: that page shows 19, and the next goes on.
    expect(bob.sizes).toEqual([19, 5]);
    // Its author still finds it, from the same ranking.
    const ann = await everyPage("ann", "narwhal");
    expect(ann.seen).toHaveLength(25);
    expect(ann.seen.slice(0, 2)).toEqual(["narwhal 25", "narwhal 24"]);
    expect(ann.sizes).toEqual([20, 5]);
  });

  it("finds a model named as cards show it (gpt-5.4-mini, claude-3-5-sonnet): the query and the document split words alike", async () => {
    later(SEARCH_RANKING_TTL_MS);
    await db.db.execute(sql`insert into posts (user_id, description, model_versions, messages) values
      (${annId}::uuid, 'Haiku duel', array['gpt-5.4-mini'], '[{"isUser":false,"model_name":"claude-3-5-sonnet","user":null,"content":"Autumn moon","timestamp":"2026-03-01T10:00:00.000Z"}]'::jsonb),
      (${annId}::uuid, 'Which is faster, o3-pro or gpt-4.1_nano?', '{}', '[]'::jsonb)`);
    expect((await everyPage("bob", "gpt-5.4-mini")).seen).toEqual(["Haiku duel"]);
    expect((await everyPage("bob", "claude-3-5-sonnet")).seen).toEqual(["Haiku duel"]);
    expect((await everyPage("bob", "o3-pro")).seen).toEqual(["Which is faster, o3-pro or gpt-4.1_nano?"]);
    expect((await everyPage("bob", "gpt-4.1_nano")).seen).toEqual(["Which is faster, o3-pro or gpt-4.1_nano?"]);
  });
});
