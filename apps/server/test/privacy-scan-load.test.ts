import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RATE_LIMITS } from "@parley/api";
import { chatEntries, chatSessions, users } from "@parley/db";
import { createChatApp, MODEL } from "./support/chat-fixture";

// The privacy check costs CPU in proportion to the text it reads (docs/privacy.md, 'Speed'), so
// what one person may make it read is bounded: checks are rate-limited per person, and a large
// conversation is read in slices (packages/api/test/reach/privacy-check-cost.test.ts times them).

let t: Awaited<ReturnType<typeof createChatApp>>;
beforeAll(async () => {
  t = await createChatApp();
  await Promise.all(["alice", "bob", "carol"].map((name) => t.signUp(name)));
});
afterAll(() => t.close());

const retryAfterMessage = /^Too many privacy checks; try again in \d+ seconds?\.$/;

/** A conversation of `count` exchanges stored as the chat stores them, each message and reply `size` characters. */
async function insertLongConversation(subject: string, count: number, size: number) {
  const db = t.db.db;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.subject, subject)).limit(1);
  const id = 8_000_000_000_000 + Math.floor(Math.random() * 1_000_000_000);
  await db.insert(chatSessions).values({ id, userId: user!.id, description: "A long one", category: "general" });
  const line = "The retry loop waits twice as long each time, up to 30 seconds, version 2.4.1, from 2024-03-15 on. ";
  const body = (i: number) => `${i}: write to ops@example.com when it gives up. ${line.repeat(Math.ceil(size / line.length))}`.slice(0, size);
  let parent: number | null = null;
  for (let i = 0; i < count; i++) {
    const [row]: { id: number }[] = await db
      .insert(chatEntries)
      .values({
        sessionId: id,
        parentEntryId: parent,
        messageContent: body(i),
        responseContent: body(i + 1),
        modelId: MODEL.demo,
        status: "complete",
        createdAt: new Date(Date.now() - 60_000 + i),
      })
      .returning({ id: chatEntries.id });
    parent = row!.id;
  }
  await db.update(chatSessions).set({ activeEntryId: parent }).where(eq(chatSessions.id, id));
  return id;
}

describe("the privacy check's cost", () => {
  it("is rate-limited per person (DEFAULT_RATE_LIMITS.check), on REST and tRPC alike", async () => {
    const { limit } = DEFAULT_RATE_LIMITS.check;
    const sessionId = (await t.send("bob", "Nothing private here")).body.session_id as number;
    const statuses: number[] = [];
    for (let i = 0; i < limit + 3; i++) statuses.push((await t.call("bob", "GET", `/privacy/scan/post/${sessionId}`)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
    expect(statuses.slice(limit)).toEqual([429, 429, 429]);
    const refused = await t.call("bob", "GET", `/privacy/scan/share/${sessionId}`);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(retryAfterMessage);
    expect(Number(refused.raw.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    const input = encodeURIComponent(JSON.stringify({ target: "post", id: sessionId }));
    const viaTrpc = await t.app.inject({ method: "GET", url: `/trpc/privacy.scan?input=${input}`, headers: t.as("bob") });
    expect(viaTrpc.statusCode).toBe(429);
    expect(viaTrpc.json()).toMatchObject({ error: { message: expect.stringMatching(retryAfterMessage), data: { code: "TOO_MANY_REQUESTS" } } });
    // Someone else still checks their own; a refused check names no conversation (bad input does not count).
    const carols = (await t.send("carol", "Mine")).body.session_id as number;
    expect((await t.call("carol", "GET", `/privacy/scan/post/${carols}`)).status).toBe(200);
    expect((await t.call("carol", "GET", `/privacy/scan/everything/${carols}`)).status).toBe(400);
  });

  it("a conversation of 2.5 MB is checked and leaves with what was chosen redacted", async () => {
    // 40 exchanges of 32,000 characters each way, each message holding an address: read in slices
    // of 65,536 characters by the check, and not read again by the download that follows it.
    const sessionId = await insertLongConversation("alice", 40, 32_000);
    const found = (await t.call("alice", "GET", `/privacy/scan/export/${sessionId}`)).body as { findings: { id: string; kind: string }[]; text_hash: string };
    expect(found.findings.filter((f) => f.kind === "email")).toHaveLength(80);
    const file = await t.call(
      "alice",
      "GET",
      `/chat/export/${sessionId}?format=json&privacy_hash=${found.text_hash}&redact=${found.findings.map((f) => f.id).join(",")}`,
    );
    expect(file.status).toBe(200);
    expect(file.raw.body).not.toContain("ops@example.com");
    expect(file.raw.body.split("[redacted e-mail]")).toHaveLength(81);
  });
});
