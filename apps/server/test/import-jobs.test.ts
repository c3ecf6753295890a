import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resultRows } from "@parley/db";
import { createChatApp } from "./support/chat-fixture";
import { chatgptExport } from "./support/chatgpt-export";

// An import is written in short steps that let other requests through, shows nothing until all
// of it is stored, reports its progress, and stays within the account's storage quota.

let t: Awaited<ReturnType<typeof createChatApp>>;
beforeAll(async () => {
  t = await createChatApp({ env: { STORAGE_QUOTA_MB: "2" } });
  await Promise.all(["alice", "bob", "carol"].map((name) => t.signUp(name)));
});
afterAll(() => t.close());

const exportOf = (titles: string[], exchanges: number, text = (i: number) => `Question ${i}`) =>
  JSON.stringify(
    chatgptExport(titles.map((title) => ({ title, exchanges: Array.from({ length: exchanges }, (_, i) => ({ user: text(i), assistant: `Answer ${i}` })) }))),
  );
const importAs = (who: string, file: string, jobId?: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/v1/chat/import${jobId ? `?jobId=${jobId}` : ""}`,
    headers: { ...t.as(who), "content-type": "text/plain" },
    payload: file,
  });
const titlesOf = async (who: string) =>
  ((await t.call(who, "GET", "/chat/getSessionHistory")).body.sessions as unknown as { description: string }[]).map((s) => s.description);
const progressOf = async (who: string, jobId: string) => t.call(who, "GET", `/chat/import/${jobId}`);
const strandedRows = async () =>
  resultRows<{ n: number }>(
    await t.db.db.execute(sql`select count(*)::int as n from chat_sessions s join users u on u.id = s.user_id where u.issuer = 'parley:import'`),
  )[0]!.n;

describe("an import in steps", () => {
  it("shows none of its conversations until all are stored, answers others meanwhile, and reports its progress", async () => {
    const jobId = randomUUID();
    const titles = ["First of many", "Second of many", "Third of many"];
    const running = importAs("alice", exportOf(titles, 4_000), jobId);
    // While it runs: its progress grows, and alice's list (read between its steps) shows none of it.
    await expect.poll(async () => (await progressOf("alice", jobId)).body.exchanges_done as number, { timeout: 60_000, interval: 5 }).toBeGreaterThan(0);
    const during = await progressOf("alice", jobId);
    expect(during.body).toMatchObject({ job_id: jobId, status: "running", conversations_total: 3, exchanges_total: 12_000 });
    expect(during.body.exchanges_done as number).toBeLessThan(12_000);
    expect(await titlesOf("alice")).toEqual([]);
    expect((await t.call("alice", "GET", "/chat/search?q=Question")).body.sessions).toEqual([]);

    const done = await running;
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ job_id: jobId, imported: 3, exchanges: 12_000 });
    expect((await titlesOf("alice")).sort()).toEqual([...titles].sort());
    expect((await progressOf("alice", jobId)).body).toEqual({
      job_id: jobId,
      status: "done",
      conversations_done: 3,
      conversations_total: 3,
      exchanges_done: 12_000,
      exchanges_total: 12_000,
    });
    expect(await strandedRows()).toBe(0);
  }, 120_000);

  it.each([
    ["someone else's import", "bob", () => importedJob, 404, /no import with this id in your account/],
    ["an import id that is not a UUID", "alice", () => "abc", 400, /jobId: must be an import id/],
  ])("the progress of %s is refused", async (_what, who, jobId, status, message) => {
    const response = await progressOf(who, jobId());
    expect(response.status).toBe(status);
    expect(response.body.message).toMatch(message);
  });

  it("refuses an import id already used", async () => {
    const response = await importAs("alice", exportOf(["Again"], 1), importedJob);
    expect(response.statusCode).toBe(400);
    expect((response.json() as { message: string }).message).toMatch(/already in use/);
  });

  it("keeps nothing, not even under its stand-in account, when the database refuses part of it", async () => {
    await t.db.db.execute(
      sql.raw(`create function refuse_late() returns trigger language plpgsql as $$
      begin if new.message_content = 'Question 2500' then raise exception 'refused for the test'; end if; return new; end $$`),
    );
    await t.db.db.execute(sql.raw("create trigger refuse_late before insert on chat_entries for each row execute function refuse_late()"));
    try {
      const jobId = randomUUID();
      const response = await importAs("carol", exportOf(["Refused later"], 3_000), jobId);
      expect(response.statusCode).toBe(500);
      expect(await titlesOf("carol")).toEqual(["Carol's"]);
      expect(await strandedRows()).toBe(0);
      expect((await progressOf("carol", jobId)).body.status).toBe("failed");
    } finally {
      await t.db.db.execute(sql.raw("drop trigger refuse_late on chat_entries"));
      await t.db.db.execute(sql.raw("drop function refuse_late()"));
    }
  });
});

let importedJob = "";
beforeAll(async () => {
  importedJob = randomUUID();
  expect((await importAs("carol", exportOf(["Carol's"], 1), importedJob)).statusCode).toBe(200);
});

describe("the storage quota (STORAGE_QUOTA_MB=2)", () => {
  it("refuses an import that would pass it with a 413 that says what is left, and keeps nothing of it", async () => {
    const big = (i: number) => `${"word ".repeat(200)}${i}`;
    expect((await importAs("bob", exportOf(["Within the quota"], 1_200, big))).statusCode).toBe(200);
    const over = await importAs("bob", exportOf(["Past the quota"], 1_200, big));
    expect(over.statusCode).toBe(413);
    expect((over.json() as { message: string }).message).toMatch(
      /^This import needs 1\.2 MB of storage, and your account has 0\.8 MB left of its 2 MB\. .*STORAGE_QUOTA_MB.*Nothing was imported\.$/,
    );
    expect(await titlesOf("bob")).toEqual(["Within the quota"]);
  });
});
