// Reads of the caller's own view (feed, search, a post, conversations) take the account id from
// what the process remembers of the identity, so they cost one query; changes read the account
// afresh. An identity without an account is asked for every time, and last_seen_at is still kept.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createCaller, createContextInner, type AuthIdentity } from "@parley/api";
import { users, type DbHandle } from "@parley/db";
import { createTestDb } from "@parley/db/testing";

const ISSUER = "https://issuer.test";
const SETUP = "Finish setting up your account first.";

describe("the viewer of a read", () => {
  let db: DbHandle;
  let other: DbHandle;
  let clock = new Date("2026-03-01T10:00:00.000Z");
  const callerFor = (handle: DbHandle, subject: string) => {
    const auth: AuthIdentity = { issuer: ISSUER, subject, claims: {} };
    return createCaller(createContextInner({ db: handle.db, auth, now: () => clock }));
  };
  const lastSeen = async (subject: string) => (await db.db.select({ at: users.lastSeenAt }).from(users).where(eq(users.subject, subject)))[0]?.at;

  beforeAll(async () => {
    [db, other] = await Promise.all([createTestDb(), createTestDb()]);
  });
  afterAll(async () => {
    await Promise.all([db.close(), other.close()]);
  });

  it("is asked for again until the account exists, so setting it up takes effect at once", async () => {
    const ann = callerFor(db, "ann");
    await expect(ann.post.list({ limit: 20 })).rejects.toThrow(SETUP);
    await expect(ann.chat.sessions()).rejects.toThrow(SETUP);
    await ann.user.setup({ user: { name: "Ann" } });
    await expect(ann.post.list({ limit: 20 })).resolves.toMatchObject({ posts: [] });
    expect(await lastSeen("ann")).toEqual(clock);
  });

  it("writes last_seen_at at most every five minutes for a remembered viewer", async () => {
    const ann = callerFor(db, "ann");
    const first = clock;
    clock = new Date(first.getTime() + 5 * 60_000);
    await ann.post.list({ limit: 20 });
    expect(await lastSeen("ann")).toEqual(first);
    clock = new Date(first.getTime() + 5 * 60_000 + 1);
    await ann.chat.sessions();
    expect(await lastSeen("ann")).toEqual(clock);
  });

  it("is remembered per database: the same identity elsewhere has its own account", async () => {
    const elsewhere = callerFor(other, "ann");
    await expect(elsewhere.post.list({ limit: 20 })).rejects.toThrow(SETUP);
    await elsewhere.user.setup({ user: { name: "Ann elsewhere" } });
    await expect(elsewhere.post.list({ limit: 20 })).resolves.toMatchObject({ posts: [] });
  });

  it("reads use the remembered id while changes read the account afresh", async () => {
    const ann = callerFor(db, "ann");
    // Accounts are never moved to another identity; doing it behind the app's back shows which
    // paths remember: the read still finds Ann's account, a change looks it up and does not.
    await db.db.update(users).set({ subject: "ann-moved" }).where(eq(users.subject, "ann"));
    await expect(ann.post.list({ limit: 20 })).resolves.toMatchObject({ posts: [] });
    await expect(ann.chat.share({ id: 1, shared: true })).rejects.toThrow(SETUP);
    await db.db.update(users).set({ subject: "ann" }).where(eq(users.subject, "ann-moved"));
  });
});
