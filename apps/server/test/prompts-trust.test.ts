import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RATE_LIMITS } from "@parley/api";
import { PROMPT_LIMITS, type PromptDetail } from "@parley/contracts";
import { resultRows } from "@parley/db";
import { ADMIN_CLAIM_ENV, asAdmin, createChatApp } from "./support/chat-fixture";

// What a prompt lets through when it is published, linked, written in bursts, read by walking
// ids, copied after a moderator hid it, or imported in bulk: each on a real database.

const KEY = "sk-proj-Zq8vN2kP4xR7tY1wB5mC9dF3gH6jL0sA2eU4iO7";

let t: Awaited<ReturnType<typeof createChatApp>>;
beforeAll(async () => {
  t = await createChatApp({ env: ADMIN_CLAIM_ENV });
  await Promise.all(["alice", "bob", "carol", "boss"].map((name) => t.signUp(name)));
}, 60_000);
afterAll(() => t.close());

type Answer = { status: number; body: Record<string, unknown> & { message?: string } };
type Finding = { id: string; kind: string; message: number; text: string };
type Scan = { messages: { role: string; content: string }[]; findings: Finding[]; text_hash: string; blocking: boolean };

async function api(name: string, method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: unknown): Promise<Answer> {
  const response = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: name === "boss" ? asAdmin("boss") : t.as(name),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.body ? (JSON.parse(response.body) as Answer["body"]) : {} };
}
const detail = (answer: Answer) => answer.body as unknown as PromptDetail & { hidden: boolean };

async function create(name: string, body: Record<string, unknown>) {
  const made = await api(name, "POST", "/prompts", body);
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return detail(made);
}

async function setBlocking(blocking: boolean) {
  expect((await api("boss", "POST", "/admin/privacy", { blocking })).status).toBe(200);
}

describe("the privacy check of a prompt", () => {
  it("refuses, while blocking, to publish a prompt holding a key or to open its link, until the key is redacted", async () => {
    const made = await create("alice", { name: "Deploy", text: `Deploy with ${KEY} to {{place}}.`, description: "Ops" });
    await setBlocking(true);
    try {
      const refused = await api("alice", "PUT", `/prompts/${made.id}/visibility`, { visibility: "public" });
      expect(refused.status).toBe(412);
      expect(refused.body.message).toMatch(
        /^This instance only lets a conversation leave once everything the privacy check found is redacted\. Still to redact: API key/,
      );
      expect(detail(await api("alice", "GET", `/prompts/${made.id}`)).visibility).toBe("private");

      const found = (await api("alice", "GET", `/privacy/scan/prompt/${made.id}`)).body as unknown as Scan;
      expect(found.blocking).toBe(true);
      expect(found.messages.map((m) => m.role)).toEqual(["title", "user", "description"]);
      expect(found.findings.map((f) => [f.kind, f.message])).toEqual([["api_key", 1]]);
      // Someone else's prompt: no check of it.
      expect((await api("bob", "GET", `/privacy/scan/prompt/${made.id}`)).status).toBe(404);

      const published = await api("alice", "PUT", `/prompts/${made.id}/visibility`, {
        visibility: "unlisted",
        privacy_hash: found.text_hash,
        redact: found.findings.map((f) => f.id),
      });
      expect(published.status, JSON.stringify(published.body)).toBe(200);
      expect(detail(published).text).not.toContain(KEY);
      expect(detail(published).text).toMatch(/^Deploy with \[redacted [^\]]+\] to \{\{place\}\}\.$/);
      expect(detail(published).visibility).toBe("unlisted");

      const link = await api("alice", "PUT", `/prompts/${made.id}/public-link`, { enabled: true });
      expect(link.status, JSON.stringify(link.body)).toBe(200);
      const path = detail(link).publicLink!;
      const shown = await t.app.inject({ method: "GET", url: `/api/v1/public/prompt/${path.split("/").pop()}` });
      expect(shown.statusCode).toBe(200);
      expect(shown.body).not.toContain(KEY);

      // An edit of a published prompt that adds a key is refused while blocking.
      const edit = await api("alice", "PATCH", `/prompts/${made.id}`, { name: "Deploy", text: `Now with ${KEY}` });
      expect(edit.status).toBe(412);
      expect(detail(await api("alice", "GET", `/prompts/${made.id}`)).text).not.toContain(KEY);
    } finally {
      await setBlocking(false);
    }
  });

  it("refuses, while blocking, to open the link of a prompt published before the key was added", async () => {
    const made = await create("alice", { name: "Later", text: "Plain text" });
    expect((await api("alice", "PUT", `/prompts/${made.id}/visibility`, { visibility: "unlisted" })).status).toBe(200);
    expect((await api("alice", "PATCH", `/prompts/${made.id}`, { name: "Later", text: `Plain text ${KEY}` })).status).toBe(200);
    await setBlocking(true);
    try {
      const refused = await api("alice", "PUT", `/prompts/${made.id}/public-link`, { enabled: true });
      expect(refused.status).toBe(412);
      expect(detail(await api("alice", "GET", `/prompts/${made.id}`)).publicLink).toBeNull();
    } finally {
      await setBlocking(false);
    }
  });

  it("redacts what the owner chose when the check is not blocking, and lets the rest through as posts do", async () => {
    const made = await create("carol", { name: "Mail me", text: `Write to jane.doe@example.com with ${KEY}` });
    const found = (await api("carol", "GET", `/privacy/scan/prompt/${made.id}`)).body as unknown as Scan;
    expect(found.blocking).toBe(false);
    const mail = found.findings.filter((f) => f.kind === "email").map((f) => f.id);
    const published = await api("carol", "PUT", `/prompts/${made.id}/visibility`, { visibility: "public", privacy_hash: found.text_hash, redact: mail });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(detail(published).text).not.toContain("jane.doe@example.com");
    expect(detail(published).text).toContain(KEY);
    const stale = await api("carol", "PUT", `/prompts/${made.id}/visibility`, { visibility: "public", privacy_hash: found.text_hash, redact: mail });
    expect(stale.status).toBe(409);
  });
});

describe("writing prompts in bursts", () => {
  it("keeps the newest versions up to the cap, folding older ones away, and pages them", async () => {
    const made = await create("carol", { name: "Draft", text: "Version 1" });
    const keep = PROMPT_LIMITS.keptVersions;
    // Written as many edits would: the numbering trigger keeps each one (a burst of edits through
    // the API meets the write limit first).
    for (let v = 2; v <= keep + 12; v++) {
      await t.db.db.execute(sql`update prompts set prompt = ${`Version ${v}`} where id = ${made.id}`);
    }
    const edited = await api("carol", "PATCH", `/prompts/${made.id}`, { name: "Draft", text: `Version ${keep + 13}` });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(detail(edited).version).toBe(keep + 13);
    const kept = resultRows<{ n: number; oldest: number }>(
      await t.db.db.execute(sql`select count(*)::int as n, min(version)::int as oldest from prompt_versions where prompt_id = ${made.id}`),
    )[0]!;
    expect(kept).toEqual({ n: keep, oldest: 14 });

    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await api("carol", "GET", `/prompts/${made.id}/versions${cursor ? `?cursor=${cursor}` : ""}`);
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      const versions = page.body.versions as { version: number }[];
      expect(versions.length).toBeLessThanOrEqual(PROMPT_LIMITS.versionsPage);
      seen.push(...versions.map((v) => v.version));
      cursor = page.body.nextCursor as string | null;
      pages += 1;
    } while (cursor !== null && pages < 20);
    expect(seen).toEqual(Array.from({ length: keep }, (_, i) => keep + 13 - i));
    expect(await api("carol", "GET", `/prompts/${made.id}/versions?cursor=x`)).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/^cursor: /) },
    });
    // A folded version cannot be restored; a kept one can.
    expect((await api("carol", "POST", `/prompts/${made.id}/versions/3/restore`)).status).toBe(404);
    expect((await api("carol", "POST", `/prompts/${made.id}/versions/20/restore`)).status).toBe(200);
  });

  it("limits a person's prompt writes (creations, edits, restores) and new searches of their library", async () => {
    await t.signUp("dave");
    const answers: number[] = [];
    const first = await create("dave", { name: "Burst", text: "0" });
    for (let i = 1; i < 70; i++) {
      answers.push(
        i % 2 === 0
          ? (await api("dave", "POST", "/prompts", { name: `Burst ${i}`, text: String(i) })).status
          : (await api("dave", "PATCH", `/prompts/${first.id}`, { name: "Burst", text: String(i) })).status,
      );
    }
    const limit = DEFAULT_RATE_LIMITS.prompt.limit;
    expect(answers.filter((s) => s === 200)).toHaveLength(limit - 1);
    expect(answers.slice(limit - 1).every((s) => s === 429)).toBe(true);
    const refused = await api("dave", "PATCH", `/prompts/${first.id}`, { name: "Burst", text: "late" });
    expect(refused).toMatchObject({ status: 429, body: { message: expect.stringMatching(/^Too many prompt changes; try again in \d+ seconds?\.$/) } });
    expect(detail(await api("dave", "GET", `/prompts/${first.id}`)).version).toBeLessThanOrEqual(limit);

    const searches: number[] = [];
    for (let i = 0; i < DEFAULT_RATE_LIMITS.search.limit + 5; i++) searches.push((await api("dave", "GET", `/prompts?q=burst${i}`)).status);
    expect(searches.filter((s) => s === 429).length).toBe(5);
    // Reading the library without words, or a further page, costs no search.
    expect((await api("dave", "GET", "/prompts")).status).toBe(200);
  }, 120_000);
});

describe("an unlisted prompt", () => {
  it("is missing to everyone walking ids, opens by its key, and stays open by its id to whoever opened it so", async () => {
    await t.signUp("erin");
    const made = await create("alice", { name: "Unlisted", text: "Only by the address" });
    const unlisted = detail(await api("alice", "PUT", `/prompts/${made.id}/visibility`, { visibility: "unlisted" }));
    const path = unlisted.unlistedPath!;
    expect(path).toMatch(new RegExp(`^/prompt/${made.id}\\?key=[0-9a-f-]{36}$`));
    const key = new URL(path, "http://x").searchParams.get("key")!;

    // Walking ids finds nothing, on any path that takes a prompt's id.
    const missing = { status: 404, body: { message: expect.stringMatching(/^Prompt not found/) } };
    for (let id = 1; id <= made.id + 2; id++) {
      const walked = await api("erin", "GET", `/prompts/${id}`);
      if (walked.status === 200) expect(detail(walked).visibility).not.toBe("unlisted");
      else expect(walked).toMatchObject(missing);
    }
    expect(await api("erin", "GET", `/prompts/${made.id}`)).toMatchObject(missing);
    expect(await api("erin", "GET", `/prompts/${made.id}/comments`)).toMatchObject(missing);
    expect(await api("erin", "POST", `/prompts/${made.id}/save`)).toMatchObject(missing);
    expect(await api("erin", "PUT", `/prompts/${made.id}/like`)).toMatchObject(missing);
    expect(await api("erin", "GET", `/prompts/${made.id}/answers`)).toMatchObject(missing);
    expect(await api("erin", "GET", `/prompts/${made.id}?key=${"0".repeat(8)}-0000-4000-8000-${"0".repeat(12)}`)).toMatchObject(missing);
    expect(await api("erin", "GET", `/prompts/${made.id}?key=nonsense`)).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/key: must be the key of the prompt.s unlisted address/) },
    });
    // Another prompt's key opens nothing else.
    const other = await create("alice", { name: "Other", text: "Other text" });
    expect(await api("erin", "GET", `/prompts/${other.id}?key=${key}`)).toMatchObject(missing);

    const opened = await api("erin", "GET", `/prompts/${made.id}?key=${key}`);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(detail(opened)).toMatchObject({ text: "Only by the address", unlistedPath: null, isOwner: false });
    // From then on, by its id too: a like, a comment, a save.
    expect((await api("erin", "GET", `/prompts/${made.id}`)).status).toBe(200);
    expect((await api("erin", "PUT", `/prompts/${made.id}/like`)).status).toBe(200);
    expect((await api("erin", "POST", `/prompts/${made.id}/comments`, { text: "Nice" })).status).toBe(200);
    // The owner's old address still works.
    expect((await api("alice", "GET", `/prompts/${made.id}`)).status).toBe(200);

    // Made private and unlisted again: the address must be given again.
    await api("alice", "PUT", `/prompts/${made.id}/visibility`, { visibility: "private" });
    await api("alice", "PUT", `/prompts/${made.id}/visibility`, { visibility: "unlisted" });
    expect(await api("erin", "GET", `/prompts/${made.id}`)).toMatchObject(missing);
    // A public prompt is open by its id to everyone, and names no key.
    const pub = detail(await api("alice", "PUT", `/prompts/${other.id}/visibility`, { visibility: "public" }));
    expect(pub.unlistedPath).toBeNull();
    expect((await api("erin", "GET", `/prompts/${other.id}`)).status).toBe(200);
  });
});

describe("a hidden prompt's copies", () => {
  it("are hidden with it: a saver's published copy, and the author's re-import of the library; restoring brings the saved copy back", async () => {
    const original = await create("alice", { name: "Spam origin", text: "Buy cheap watches at the original shop" });
    await api("alice", "PUT", `/prompts/${original.id}/visibility`, { visibility: "public" });
    const copy = detail(await api("bob", "POST", `/prompts/${original.id}/save`));
    const edited = await api("bob", "PATCH", `/prompts/${copy.id}`, { name: "My copy", text: "Buy cheap watches at my shop" });
    expect(edited.status).toBe(200);
    expect((await api("bob", "PUT", `/prompts/${copy.id}/visibility`, { visibility: "public" })).status).toBe(200);
    const copyOfCopy = detail(await api("carol", "POST", `/prompts/${copy.id}/save`));
    await api("carol", "PUT", `/prompts/${copyOfCopy.id}/visibility`, { visibility: "public" });
    const discover = async () => ((await api("carol", "GET", "/prompts/discover?sort=newest&q=watches")).body.items as { id: number }[]).map((c) => c.id);
    expect(new Set(await discover())).toEqual(new Set([original.id, copy.id, copyOfCopy.id]));

    const file = (await api("alice", "GET", "/prompts/export")).body;
    expect((await api("boss", "POST", "/admin/hide", { kind: "prompt", id: original.id })).status).toBe(200);
    expect(await discover()).toEqual([]);
    expect((await api("carol", "GET", `/prompts/${copy.id}`)).status).toBe(404);
    expect(detail(await api("bob", "GET", `/prompts/${copy.id}`)).hidden).toBe(true);

    // Exported before, imported again after: the copy of the hidden text is hidden, and cannot be published.
    const imported = await api("alice", "POST", "/prompts/import", file);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const again = (await api("alice", "GET", "/prompts?q=watches")).body.items as { id: number; hidden: boolean }[];
    const reimported = again.filter((p) => p.id !== original.id);
    expect(reimported.length).toBeGreaterThan(0);
    expect(reimported.every((p) => p.hidden)).toBe(true);
    expect(await api("alice", "PUT", `/prompts/${reimported[0]!.id}/visibility`, { visibility: "public" })).toMatchObject({
      status: 409,
      body: { message: expect.stringMatching(/^A moderator hid this prompt/) },
    });
    // Written again by hand, by someone else: a copy too.
    const typed = await create("carol", { name: "Typed", text: "Buy cheap watches at the original shop" });
    expect(typed.hidden).toBe(true);
    expect(await discover()).toEqual([]);

    expect((await api("boss", "POST", "/admin/restore", { kind: "prompt", id: original.id })).status).toBe(200);
    expect(new Set(await discover())).toEqual(new Set([original.id, copy.id, copyOfCopy.id]));
  });
});

describe("a library import", () => {
  it("is written in short steps others are served between, all or nothing, and none of it shows before it is done", async () => {
    await t.signUp("fay");
    // About 620 kB: 500 prompts, each with a 1,200-character text.
    const file = {
      format: "parley.prompts",
      version: 1,
      prompts: Array.from({ length: 500 }, (_, i) => ({
        name: `Imported ${i}`,
        text: `Step ${i} ${"lorem ipsum ".repeat(100)}`,
        versions: [{ name: `Imported ${i}`, text: `Earlier ${i}` }],
      })),
    };
    expect(JSON.stringify(file).length).toBeGreaterThan(600_000);
    const staged = async () =>
      resultRows<{ n: number }>(
        await t.db.db.execute(sql`select count(*)::int as n from prompts p join users u on u.id = p.user_id where u.issuer = 'parley:import'`),
      )[0]!.n;
    const inLibrary = async () =>
      resultRows<{ n: number }>(
        await t.db.db.execute(sql`select count(*)::int as n from prompts p join users u on u.id = p.user_id where u.subject = 'fay'`),
      )[0]!.n;
    let done = false;
    const importing = api("fay", "POST", "/prompts/import", file).finally(() => (done = true));
    // Read while the import runs: on the embedded database a single transaction would make every
    // read wait for its end; in steps, reads are answered between them and see the steps so far.
    const seen: number[] = [];
    const seenByFay: number[] = [];
    while (!done) {
      seen.push(await staged());
      seenByFay.push(await inLibrary());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const answer = await importing;
    expect(answer).toMatchObject({ status: 200, body: { imported: 500 } });
    const midway = seen.filter((n) => n > 0 && n < 500);
    expect(midway.length, `${seen.length} reads while importing, counting ${[...new Set(seen)].join(", ")}`).toBeGreaterThan(0);
    // Nothing of it was in fay's library before the end: a read found none of it or, when it ran
    // between the last step's commit and the answer reaching the client, all of it.
    expect(seenByFay.filter((n) => n !== 0 && n !== 500)).toEqual([]);
    expect(seenByFay.filter((n) => n === 0).length).toBeGreaterThan(0);
    expect(await staged()).toBe(0);
    const mine = resultRows<{ n: number; versions: number }>(
      await t.db.db.execute(
        sql`select count(*)::int as n, sum(version)::int as versions from prompts p join users u on u.id = p.user_id where u.subject = 'fay'`,
      ),
    )[0]!;
    expect(mine).toEqual({ n: 500, versions: 1000 });
  }, 300_000);

  it("keeps nothing of a file that fails part way", async () => {
    await t.signUp("gil");
    const file = {
      format: "parley.prompts",
      version: 1,
      prompts: Array.from({ length: 60 }, (_, i) => ({ name: `Broken ${i}`, text: `Text ${i}` })),
    };
    // A prompt's row is refused by the database at the 50th (its category breaks no zod rule but a check of the table).
    await t.db.db.execute(
      sql`create or replace function refuse_broken_49() returns trigger language plpgsql as $$ begin if new.name = 'Broken 49' then raise exception 'refused'; end if; return new; end $$`,
    );
    await t.db.db.execute(sql`create trigger refuse_broken_49 before insert on prompts for each row execute function refuse_broken_49()`);
    try {
      expect((await api("gil", "POST", "/prompts/import", file)).status).toBe(500);
    } finally {
      await t.db.db.execute(sql`drop trigger refuse_broken_49 on prompts`);
      await t.db.db.execute(sql`drop function refuse_broken_49()`);
    }
    const left = resultRows<{ n: number }>(await t.db.db.execute(sql`select count(*)::int as n from prompts where name like 'Broken %'`))[0]!.n;
    expect(left).toBe(0);
    expect(resultRows<{ n: number }>(await t.db.db.execute(sql`select count(*)::int as n from users where issuer = 'parley:import'`))[0]!.n).toBe(0);
  });
});
