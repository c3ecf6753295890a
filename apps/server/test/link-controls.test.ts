import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LINK_MESSAGES, LINK_LIMITS } from "@parley/contracts";
import { PUBLIC_LINK_NOT_FOUND, publicTokenHash } from "@parley/api";
import { resultRows } from "@parley/db";
import { createChatApp } from "./support/chat-fixture";

// The owner's controls of public links (issue 30): expiry, password and view cap at their
// boundaries, view counting under concurrency, and the Shared links page. Time is passed by
// setting the stored timestamps, never waited for.

const webRoot = mkdtempSync(join(tmpdir(), "parley-web-"));
writeFileSync(
  join(webRoot, "index.html"),
  '<!doctype html><html><head><meta name="description" content="Parley." /><title>Parley</title></head><body><div id="root"></div></body></html>',
);

let t: Awaited<ReturnType<typeof createChatApp>>;
const TITLE = "Sourdough secrets";
/** The server's clock: the real time, or an instant a test pins so that its day and the server's are the same. */
let pinned: Date | null = null;
/** An instant just before a UTC midnight, for the tests of the day views are counted under. */
const BEFORE_MIDNIGHT = new Date("2026-03-14T23:59:59.990Z");
/** Runs `body` with the server's clock stopped at `at`. */
async function atInstant<T>(at: Date, body: () => Promise<T>): Promise<T> {
  pinned = at;
  try {
    return await body();
  } finally {
    pinned = null;
  }
}
beforeAll(async () => {
  t = await createChatApp({ webRoot, now: () => pinned ?? new Date() });
  await Promise.all(["alice", "bob", "carol", "dave"].map((name) => t.signUp(name)));
});
afterAll(() => t.close());

/** A new post of `name` with its public link on: its id and token. */
async function postLink(name: string, title = TITLE) {
  const sessionId = (await t.send(name, "How do I feed a starter?")).body.session_id as number;
  const postId = (await t.call(name, "POST", "/post/postChat", { chat_id: sessionId, description: title, categories: ["education"] })).body.post_id as number;
  const on = await t.call(name, "POST", `/post/publicLink/${postId}`, { enabled: true });
  expect(on.status).toBe(200);
  return { postId, sessionId, token: on.body.token as string };
}

/** A read of a public post as a browser: from `address`, carrying `cookies`; the cookies it was given back. */
async function read(token: string, options: { cookies?: string[]; address?: string } = {}) {
  const response = await t.app.inject({
    method: "GET",
    url: `/api/v1/public/post/${token}`,
    remoteAddress: options.address ?? "203.0.113.1",
    headers: options.cookies?.length ? { cookie: options.cookies.join("; ") } : {},
  });
  const set = response.headers["set-cookie"];
  const given = (set === undefined ? [] : Array.isArray(set) ? set : [set]).map((cookie) => cookie.split(";")[0]!);
  return { status: response.statusCode, body: response.json() as { message?: string; post_id?: number }, cookies: given, setCookie: set };
}

async function unlock(token: string, password: string, options: { address?: string } = {}) {
  const response = await t.app.inject({
    method: "POST",
    url: `/api/v1/public/unlock/${token}`,
    payload: { password },
    remoteAddress: options.address ?? "203.0.113.1",
  });
  const set = response.headers["set-cookie"];
  return {
    status: response.statusCode,
    body: response.json() as { message?: string },
    cookies: (set === undefined ? [] : Array.isArray(set) ? set : [set]).map((c) => c.split(";")[0]!),
    setCookie: set,
  };
}

const configure = (name: string, postId: number, controls: Record<string, unknown>) => t.call(name, "POST", `/links/post/${postId}`, controls);
const settings = async (name: string, postId: number) =>
  (await t.call(name, "GET", `/links/post/${postId}`)).body as {
    views: number;
    views_today: number;
    state: string;
    view_cap: number | null;
    expires_at: string | null;
    password: boolean;
  };
const setExpiry = (token: string, at: Date) =>
  t.db.db.execute(sql`update public_links set expires_at = ${at.toISOString()}::timestamptz where token_hash = ${publicTokenHash(token)}`);

describe("expiry", () => {
  it("is counted from when the owner sets it, and the link answers 410 from its very instant on (a revoked link stays a 404)", async () => {
    const { postId, token } = await postLink("alice");
    const before = Date.now();
    const set = await configure("alice", postId, { expires: "7d" });
    expect(set.status).toBe(200);
    const expiresAt = Date.parse(set.body.expires_at as string);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 7 * 86_400_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 7 * 86_400_000);

    // A moment before the expiry: open. At it (and after): gone, on every way in.
    await setExpiry(token, new Date(Date.now() + 60_000));
    expect((await read(token)).status).toBe(200);
    await setExpiry(token, new Date(Date.now()));
    const gone = await read(token);
    expect(gone.status).toBe(410);
    expect(gone.body.message).toBe(LINK_MESSAGES.gone);
    const html = await t.app.inject({ method: "GET", url: `/p/${token}`, headers: { accept: "text/html" } });
    expect(html.statusCode).toBe(410);
    expect(html.body).not.toContain(TITLE);
    expect(html.body).toContain("Link expired");
    expect((await t.app.inject({ method: "GET", url: `/p/${token}/preview.png` })).statusCode).toBe(410);
    expect((await settings("alice", postId)).state).toBe("expired");

    // 'Never' opens it again; turning it off makes it the revoked link's 404.
    expect((await configure("alice", postId, { expires: "never" })).body.expires_at).toBeNull();
    expect((await read(token)).status).toBe(200);
    await t.call("alice", "POST", `/post/publicLink/${postId}`, { enabled: false });
    const revoked = await read(token);
    expect(revoked.status).toBe(404);
    expect(revoked.body.message).toBe(PUBLIC_LINK_NOT_FOUND);
  });
});

describe("view cap", () => {
  it("lets in exactly as many viewers as its cap, a viewer once a day per browser session, then answers 410 to new ones", async () => {
    const { postId, token } = await postLink("alice");
    expect((await configure("alice", postId, { view_cap: 3 })).body).toMatchObject({ view_cap: 3, views: 0, state: "active" });
    const first = await read(token);
    expect(first.status).toBe(200);
    expect(String(first.setCookie)).toMatch(/; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(String(first.setCookie)).not.toMatch(/Expires|Max-Age/i);
    // The same browser session reading again is the same viewer.
    expect((await read(token, { cookies: first.cookies })).status).toBe(200);
    expect((await settings("alice", postId)).views).toBe(1);
    // Other browsers (each from an address of its own: one keeping no cookie is known by its address).
    expect((await read(token, { address: "203.0.113.2" })).status).toBe(200);
    expect((await read(token, { address: "203.0.113.3" })).status).toBe(200);
    const refused = await read(token, { address: "203.0.113.4" });
    expect(refused.status).toBe(410);
    expect(refused.body.message).toBe(LINK_MESSAGES.gone);
    // A viewer let in keeps reading; the owner sees the cap reached.
    expect((await read(token, { cookies: first.cookies })).status).toBe(200);
    expect(await settings("alice", postId)).toMatchObject({ views: 3, views_today: 3, state: "capped" });
    // Raising the cap lets one more in.
    await configure("alice", postId, { view_cap: 4 });
    expect((await read(token, { address: "203.0.113.5" })).status).toBe(200);
    expect((await read(token, { address: "203.0.113.6" })).status).toBe(410);
    // A view cookie of another link, or forged, counts for nothing.
    const forged = first.cookies[0]!.replace(/=.*/, "=v1.forged");
    expect((await read(token, { cookies: [forged], address: "203.0.113.7" })).status).toBe(410);
  });

  it("is not used up by one client that keeps no cookie: its reads of the day are one viewer, as a browser session's are", async () => {
    const { postId, token } = await postLink("alice", "Read by a script");
    await configure("alice", postId, { view_cap: 3 });
    // Ten reads without a cookie, from one address and browser: one viewer.
    for (let i = 0; i < 10; i++) expect((await read(token, { address: "198.19.0.1" })).status).toBe(200);
    expect(await settings("alice", postId)).toMatchObject({ views: 1, views_today: 1, state: "active" });
    // Others still get in, up to the cap; then new ones get the 410, and the script keeps reading.
    expect((await read(token, { address: "198.19.0.2" })).status).toBe(200);
    expect((await read(token, { address: "198.19.0.3" })).status).toBe(200);
    expect((await read(token, { address: "198.19.0.4" })).status).toBe(410);
    expect((await read(token, { address: "198.19.0.1" })).status).toBe(200);
    expect(await settings("alice", postId)).toMatchObject({ views: 3, state: "capped" });
    // Kept per link and day as a keyed hash: no address is stored.
    const kept = await resultRows<{ viewer: string }>(
      await t.db.db.execute(sql`select viewer from public_link_viewers where token_hash = ${publicTokenHash(token)}`),
    );
    expect(kept).toHaveLength(3);
    for (const row of kept) expect(row.viewer).toMatch(/^[0-9a-f]{64}$/);
    // A signed-in reader of a share who keeps no cookie is one viewer too.
    const sessionId = (await t.send("alice", "A share read by a script")).body.session_id as number;
    await t.call("alice", "POST", `/chat/shareChat/${sessionId}`);
    for (let i = 0; i < 10; i++) expect((await t.call("bob", "POST", "/chat/getChatHistory", { sessionId, shared: true })).status).toBe(200);
    expect(((await t.call("alice", "GET", `/links/share/${sessionId}`)).body as { views: number }).views).toBe(1);
  });

  it("counts 100 parallel first views as 100, and a cap of 50 under 100 parallel views lets in exactly 50", async () => {
    const open = await postLink("bob", "Counted");
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => read(open.token, { address: `198.51.100.${i}` })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(100);
    expect(await settings("bob", open.postId)).toMatchObject({ views: 100, views_today: 100 });

    const capped = await postLink("bob", "Capped");
    await configure("bob", capped.postId, { view_cap: 50 });
    const raced = await Promise.all(Array.from({ length: 100 }, (_, i) => read(capped.token, { address: `198.51.101.${i}` })));
    expect(raced.filter((a) => a.status === 200)).toHaveLength(50);
    expect(raced.filter((a) => a.status === 410)).toHaveLength(50);
    expect(await settings("bob", capped.postId)).toMatchObject({ views: 50, state: "capped" });
  });

  it("keeps nothing about viewers: a counter per link and day", async () => {
    const { token } = await postLink("carol", "Private viewers");
    // The day stored is the server clock's, pinned to an instant that is not today.
    await atInstant(BEFORE_MIDNIGHT, () => read(token, { address: "192.0.2.77" }));
    const rows = await resultRows<Record<string, unknown>>(
      await t.db.db.execute(sql`select * from public_link_views where token_hash = ${publicTokenHash(token)}`),
    );
    expect(rows).toEqual([{ token_hash: publicTokenHash(token), day: "2026-03-14", views: 1 }]);
  });
});

describe("view counters kept", () => {
  it("are today's and yesterday's only: the day's first view deletes the link's older ones, and later views of the day delete nothing", () =>
    // The server's clock stopped just before a UTC midnight (not today): its today is the test's.
    atInstant(BEFORE_MIDNIGHT, async () => {
      const { postId, token } = await postLink("carol", "Pruned counters");
      const hash = publicTokenHash(token);
      const daysAgo = (n: number) => new Date(BEFORE_MIDNIGHT.getTime() - n * 86_400_000).toISOString().slice(0, 10);
      for (const [day, views] of [
        [daysAgo(40), 7],
        [daysAgo(2), 5],
        [daysAgo(1), 3],
      ] as const) {
        await t.db.db.execute(sql`insert into public_link_views (token_hash, day, views) values (${hash}, ${day}, ${views})`);
      }
      const days = async () =>
        (
          await resultRows<{ day: string; views: number }>(
            await t.db.db.execute(sql`select day, views from public_link_views where token_hash = ${hash} order by day`),
          )
        ).map((r) => `${r.day}:${r.views}`);
      expect(await read(token, { address: "198.51.100.201" })).toMatchObject({ status: 200 });
      expect(await days()).toEqual([`${daysAgo(1)}:3`, `${daysAgo(0)}:1`]);
      // Another link's counters are not touched by this one's first view.
      const other = await postLink("carol", "Other counters");
      await t.db.db.execute(sql`insert into public_link_views (token_hash, day, views) values (${publicTokenHash(other.token)}, ${daysAgo(9)}, 2)`);
      expect((await read(token, { address: "198.51.100.202" })).status).toBe(200);
      expect(await days()).toEqual([`${daysAgo(1)}:3`, `${daysAgo(0)}:2`]);
      const otherRows = await resultRows<{ n: number }>(
        await t.db.db.execute(sql`select count(*)::int as n from public_link_views where token_hash = ${publicTokenHash(other.token)}`),
      );
      expect(otherRows[0]!.n).toBe(1);
      expect(await settings("carol", postId)).toMatchObject({ views: 2, views_today: 2 });
    }));
});

describe("password", () => {
  it("shows nothing before the password, not even preview tags; the right one opens the link for the browser session only", async () => {
    const { postId, token } = await postLink("dave", "Locked loaf");
    const set = await configure("dave", postId, { password: "open sesame" });
    expect(set.body).toMatchObject({ password: true });
    const stored = await resultRows<{ password_hash: string }>(
      await t.db.db.execute(sql`select password_hash from public_links where token_hash = ${publicTokenHash(token)}`),
    );
    expect(stored[0]!.password_hash).toMatch(/^scrypt\$[\w-]{22}\$[\w-]{43}$/);
    expect(stored[0]!.password_hash).not.toContain("open sesame");

    const locked = await read(token);
    expect(locked.status).toBe(403);
    expect(locked.body.message).toBe(LINK_MESSAGES.passwordRequired);
    const html = await t.app.inject({ method: "GET", url: `/p/${token}`, headers: { accept: "text/html" } });
    expect(html.statusCode).toBe(403);
    expect(html.body).not.toContain("Locked loaf");
    expect(html.body).not.toContain("og:image");
    expect(html.body).not.toContain("feed a starter");
    expect((await t.app.inject({ method: "GET", url: `/p/${token}/preview.png` })).statusCode).toBe(403);
    // Not counted while locked.
    expect((await settings("dave", postId)).views).toBe(0);

    const wrong = await unlock(token, "open sesame!");
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe(LINK_MESSAGES.wrongPassword);
    expect(wrong.setCookie).toBeUndefined();
    const right = await unlock(token, "open sesame");
    expect(right.status).toBe(200);
    expect(String(right.setCookie)).toMatch(/; Path=\/; HttpOnly; SameSite=Lax$/);
    const opened = await read(token, { cookies: right.cookies });
    expect(opened.status).toBe(200);
    expect(opened.body.post_id).toBe(postId);
    expect((await settings("dave", postId)).views).toBe(1);
    // Another browser (no cookie) is still asked; an altered cookie opens nothing.
    expect((await read(token)).status).toBe(403);
    expect((await read(token, { cookies: [right.cookies[0]!.slice(0, -3) + "abc"] })).status).toBe(403);

    // A new password locks the link again, even for a browser that had opened it.
    await configure("dave", postId, { password: "new secret" });
    expect((await read(token, { cookies: right.cookies })).status).toBe(403);
    // Removing it opens the link to everyone.
    await configure("dave", postId, { password: null });
    expect((await read(token)).status).toBe(200);
  });

  it("allows five tries per link and client address in 15 minutes (right or wrong), then 429 with Retry-After", async () => {
    const { postId, token } = await postLink("dave", "Guarded");
    await configure("dave", postId, { password: "correct horse" });
    for (let i = 0; i < LINK_LIMITS.unlockAttempts; i++) expect((await unlock(token, `guess ${i}`, { address: "192.0.2.10" })).status).toBe(403);
    const refused = await t.app.inject({
      method: "POST",
      url: `/api/v1/public/unlock/${token}`,
      payload: { password: "correct horse" },
      remoteAddress: "192.0.2.10",
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((refused.json() as { message: string }).message).toMatch(/^Too many password attempts; try again in \d+ seconds?\.$/);
    // Another client, or another link from the same client, is not held back.
    expect((await unlock(token, "correct horse", { address: "192.0.2.11" })).status).toBe(200);
    const other = await postLink("dave", "Other");
    await configure("dave", other.postId, { password: "another one" });
    expect((await unlock(other.token, "another one", { address: "192.0.2.10" })).status).toBe(200);
  });

  it(`locks a link after ${LINK_LIMITS.linkWrongPasswords} wrong passwords from any addresses in the window (40 from 8 are not all checked); its owner sees the lock and lifts it`, async () => {
    const { postId, token } = await postLink("dave", "Guessed at");
    await configure("dave", postId, { password: "correct staple" });
    const earlier = await unlock(token, "correct staple", { address: "192.0.2.99" });
    expect(earlier.status).toBe(200);
    const answers: { status: number; message?: string }[] = [];
    for (let a = 0; a < 8; a++) {
      for (let i = 0; i < LINK_LIMITS.unlockAttempts; i++) {
        const tried = await unlock(token, `guess ${a}-${i}`, { address: `192.0.2.${120 + a}` });
        answers.push({ status: tried.status, message: tried.body.message });
      }
    }
    const checked = answers.filter((a) => a.message === LINK_MESSAGES.wrongPassword);
    expect(checked.length).toBe(LINK_LIMITS.linkWrongPasswords - 1);
    const locked = answers.slice(checked.length);
    expect(locked.every((a) => a.status === 429 && a.message === LINK_MESSAGES.locked)).toBe(true);
    // Locked: even the right password, from an address that tried nothing, is refused, and said so without caching.
    const right = await t.app.inject({
      method: "POST",
      url: `/api/v1/public/unlock/${token}`,
      payload: { password: "correct staple" },
      remoteAddress: "192.0.2.200",
    });
    expect(right.statusCode).toBe(429);
    expect(right.headers["cache-control"]).toBe("no-store");
    expect(right.headers["retry-after"]).toBeUndefined();
    // A browser that had opened it keeps reading; the owner sees the lock, in the link's controls and on the Shared links page.
    expect((await read(token, { cookies: earlier.cookies })).status).toBe(200);
    expect(await settings("dave", postId)).toMatchObject({ locked: true, locked_at: expect.any(String) });
    const row = ((await t.call("dave", "GET", "/links")).body as { links: Record<string, unknown>[] }).links.find((l) => l.kind === "post" && l.id === postId);
    expect(row).toMatchObject({ locked: true });
    // Only the owner lifts it; lifted, the right password opens it again.
    expect((await t.call("bob", "POST", `/links/post/${postId}`, { lift_lock: true })).status).toBe(404);
    expect(await settings("dave", postId)).toMatchObject({ locked: true });
    expect((await configure("dave", postId, { lift_lock: true })).body).toMatchObject({ locked: false, locked_at: null });
    expect((await unlock(token, "correct staple", { address: "192.0.2.201" })).status).toBe(200);
    // A new password lifts a lock too.
    for (let i = 0; i < LINK_LIMITS.linkWrongPasswords; i++) await unlock(token, `again ${i}`, { address: `198.18.1.${i}` });
    expect(await settings("dave", postId)).toMatchObject({ locked: true });
    expect((await configure("dave", postId, { password: "fresh staple" })).body).toMatchObject({ locked: false });
    expect((await unlock(token, "fresh staple", { address: "192.0.2.202" })).status).toBe(200);
    expect((await configure("dave", postId, { lift_lock: "yes" })).status).toBe(400);
  });

  it("gives the unlock cookie an expiry: the browser session, and at most a day", async () => {
    const { postId, token } = await postLink("dave", "Opened for a day");
    await configure("dave", postId, { password: "one day pass" });
    const opened = await unlock(token, "one day pass", { address: "192.0.2.210" });
    expect(opened.status).toBe(200);
    // A session cookie (no Expires or Max-Age) whose value holds when it stops opening the link.
    expect(String(opened.setCookie)).not.toMatch(/Expires|Max-Age/i);
    expect((await read(token, { cookies: opened.cookies })).status).toBe(200);
    await atInstant(new Date(Date.now() + LINK_LIMITS.unlockCookieMs - 60_000), async () =>
      expect((await read(token, { cookies: opened.cookies })).status).toBe(200),
    );
    await atInstant(new Date(Date.now() + LINK_LIMITS.unlockCookieMs + 1), async () =>
      expect((await read(token, { cookies: opened.cookies })).status).toBe(403),
    );
  });

  it("guards a conversation's and a prompt's public links the same way", async () => {
    const sessionId = (await t.send("carol", "A guarded chat")).body.session_id as number;
    await t.call("carol", "POST", `/chat/shareChat/${sessionId}`);
    const chatToken = (await t.call("carol", "POST", `/chat/publicLink/${sessionId}`, { enabled: true })).body.token as string;
    await t.call("carol", "POST", `/links/conversation/${sessionId}`, { password: "chat pass", view_cap: 10 });
    const chat = (cookie?: string) => t.app.inject({ method: "GET", url: `/api/v1/public/chat/${chatToken}`, headers: cookie ? { cookie } : {} });
    expect((await chat()).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: `/s/${chatToken}`, headers: { accept: "text/html" } })).body).not.toContain("A guarded chat");
    const opened = await unlock(chatToken, "chat pass", { address: "192.0.2.30" });
    expect((await chat(opened.cookies.join("; "))).statusCode).toBe(200);

    const inject = (method: "POST" | "PUT", url: string, payload?: object) =>
      t.app.inject({ method, url: `/api/v1${url}`, headers: t.as("carol"), ...(payload ? { payload } : {}) });
    const prompt = (await inject("POST", "/prompts", { name: "Guarded prompt", text: "Say {{thing}}" })).json() as { id: number };
    await inject("PUT", `/prompts/${prompt.id}/visibility`, { visibility: "unlisted" });
    const linked = (await inject("PUT", `/prompts/${prompt.id}/public-link`, { enabled: true })).json() as { publicLink: string };
    const promptToken = linked.publicLink.slice("/pp/".length);
    await t.call("carol", "POST", `/links/prompt/${prompt.id}`, { expires: "1d" });
    expect((await t.app.inject({ method: "GET", url: `/api/v1/public/prompt/${promptToken}` })).statusCode).toBe(200);
    await setExpiry(promptToken, new Date(Date.now() - 1));
    expect((await t.app.inject({ method: "GET", url: `/api/v1/public/prompt/${promptToken}` })).statusCode).toBe(410);
    expect((await t.app.inject({ method: "GET", url: `/pp/${promptToken}`, headers: { accept: "text/html" } })).statusCode).toBe(410);
    expect((await t.app.inject({ method: "GET", url: `/pp/${promptToken}/preview.png` })).statusCode).toBe(410);
    // A password locks its picture too, as a post's.
    await setExpiry(promptToken, new Date(Date.now() + 86_400_000));
    expect((await t.app.inject({ method: "GET", url: `/pp/${promptToken}/preview.png` })).statusCode).toBe(200);
    await t.call("carol", "POST", `/links/prompt/${prompt.id}`, { password: "prompt pass" });
    expect((await t.app.inject({ method: "GET", url: `/pp/${promptToken}/preview.png` })).statusCode).toBe(403);
  });
});

describe("the Shared links page", () => {
  it("lists every link with its target, dates, views and state; a share's snapshot is taken again on request; links are revoked one by one or all at once", async () => {
    await t.signUp("erin");
    const post = await postLink("erin", "Erin's post");
    await read(post.token);
    const sessionId = (await t.send("erin", "Erin's chat")).body.session_id as number;
    await t.call("erin", "POST", `/chat/shareChat/${sessionId}`);
    const chatToken = (await t.call("erin", "POST", `/chat/publicLink/${sessionId}`, { enabled: true })).body.token as string;
    await t.call("erin", "POST", `/links/conversation/${sessionId}`, { expires: "30d", view_cap: 5 });

    type Row = {
      kind: string;
      id: number;
      title: string;
      target: string;
      path: string | null;
      views: number | null;
      state: string;
      snapshot_at: string | null;
      changed_since_snapshot: boolean | null;
      expires_at: string | null;
      view_cap: number | null;
    };
    const mine = async () => ((await t.call("erin", "GET", "/links")).body as { links: Row[] }).links;
    const links = await mine();
    expect(links.map((l) => `${l.kind}:${l.id}`).sort()).toEqual([`conversation:${sessionId}`, `post:${post.postId}`, `share:${sessionId}`].sort());
    expect(links.find((l) => l.kind === "post")).toMatchObject({
      title: "Erin's post",
      target: `/post/${post.postId}`,
      path: `/p/${post.token}`,
      views: 1,
      state: "active",
    });
    expect(links.find((l) => l.kind === "conversation")).toMatchObject({ path: `/s/${chatToken}`, view_cap: 5, views: 0 });
    const share = links.find((l) => l.kind === "share" && l.id === sessionId)!;
    expect(share).toMatchObject({ path: `/chat/share/${sessionId}`, views: 0, password: false, state: "active", changed_since_snapshot: false });
    expect(links.filter((l) => l.kind !== "share").map((l) => l.changed_since_snapshot)).toEqual([null, null]);
    // Bob sees none of Erin's links.
    expect(((await t.call("bob", "GET", "/links")).body as { links: Row[] }).links.some((l) => l.title.startsWith("Erin"))).toBe(false);

    // A share is a snapshot: what the owner adds later is not shown until the snapshot is taken again.
    await t.send("erin", "A later question", { session_id: sessionId });
    const shown = async () => JSON.stringify((await t.call("bob", "POST", "/chat/getChatHistory", { sessionId, shared: true })).body);
    expect(await shown()).toContain("Erin's chat");
    expect(await shown()).not.toContain("A later question");
    // The share is behind the conversation now, and says so until its snapshot is taken again.
    expect((await mine()).find((l) => l.kind === "share")).toMatchObject({ changed_since_snapshot: true });
    const refreshed = await t.call("erin", "POST", `/links/share/${sessionId}/refresh`);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.changed_since_snapshot).toBe(false);
    expect((await mine()).find((l) => l.kind === "share")).toMatchObject({ changed_since_snapshot: false });
    // An edit of the last message is another branch: behind; back on the shared branch: not.
    const history = (await t.call("erin", "POST", "/chat/getChatHistory", { sessionId })).body as { sessions: { id: number }[] };
    const last = history.sessions.at(-1)!.id;
    expect((await t.send("erin", "A later question, put better", { session_id: sessionId, sibling_of_entry_id: last })).status).toBe(200);
    expect((await mine()).find((l) => l.kind === "share")).toMatchObject({ changed_since_snapshot: true });
    expect((await t.call("erin", "POST", "/chat/switchBranch", { sessionId, entryId: last })).status).toBe(200);
    expect((await mine()).find((l) => l.kind === "share")).toMatchObject({ changed_since_snapshot: false });
    expect(await shown()).toContain("A later question");
    expect((await t.app.inject({ method: "GET", url: `/api/v1/public/chat/${chatToken}` })).body).toContain("A later question");
    expect(Date.parse(refreshed.body.snapshot_at as string)).toBeGreaterThan(Date.parse(share.snapshot_at!));
    expect((await mine()).find((l) => l.kind === "conversation")).toMatchObject({ expires_at: expect.any(String), view_cap: 5 });

    // One link revoked: its address is a 404; the others stay.
    expect((await t.call("erin", "POST", `/links/revoke/post/${post.postId}`)).body).toEqual({ revoked: true });
    expect((await read(post.token)).status).toBe(404);
    expect((await mine()).some((l) => l.kind === "post")).toBe(false);
    // Someone else's link cannot be revoked.
    expect((await t.call("bob", "POST", `/links/revoke/conversation/${sessionId}`)).status).toBe(404);

    expect((await t.call("erin", "POST", "/links/revokeAll", {})).body.message).toMatch(/confirm: must be true/);
    const all = await t.call("erin", "POST", "/links/revokeAll", { confirm: true });
    expect(all.status).toBe(200);
    expect(all.body.revoked).toBe(2);
    expect(await mine()).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: `/api/v1/public/chat/${chatToken}` })).statusCode).toBe(404);
    expect((await t.call("bob", "POST", "/chat/getChatHistory", { sessionId, shared: true })).status).toBe(404);
  });

  it("refuses settings of a link that is off, and bad values, with messages to act on", async () => {
    const { postId } = await postLink("alice", "Settings");
    await t.call("alice", "POST", `/post/publicLink/${postId}`, { enabled: false });
    const off = await configure("alice", postId, { expires: "1d" });
    expect(off.status).toBe(404);
    expect(off.body.message).toBe(LINK_MESSAGES.linkOff);
    await t.call("alice", "POST", `/post/publicLink/${postId}`, { enabled: true });
    expect((await configure("alice", postId, { expires: "2d" })).body.message).toMatch(/expires: must be one of 1d, 7d, 30d, never/);
    expect((await configure("alice", postId, { view_cap: 0 })).body.message).toMatch(/view_cap: must be at least 1/);
    expect((await configure("alice", postId, { password: "abc" })).body.message).toMatch(/password: must be at least 4 characters/);
    expect((await configure("bob", postId, { view_cap: 2 })).status).toBe(404);
  });
});

describe("a share's controls (the signed-in /chat/share/{id})", () => {
  /** A read of a share by a signed-in browser: its history, as the share page reads it. */
  async function readShare(name: string, sessionId: number, cookies: string[] = [], address = "127.0.0.1") {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v1/chat/getChatHistory",
      remoteAddress: address,
      payload: { sessionId, shared: true },
      headers: { ...t.as(name), ...(cookies.length ? { cookie: cookies.join("; ") } : {}) },
    });
    const set = response.headers["set-cookie"];
    return {
      status: response.statusCode,
      body: response.json() as { message?: string; description?: string },
      cookies: (set === undefined ? [] : Array.isArray(set) ? set : [set]).map((c) => c.split(";")[0]!),
    };
  }
  const unlockShare = async (name: string, sessionId: number, password: string) => {
    const response = await t.app.inject({
      method: "POST",
      url: `/api/v1/links/share/${sessionId}/unlock`,
      payload: { password },
      headers: t.as(name),
      remoteAddress: "192.0.2.40",
    });
    const set = response.headers["set-cookie"];
    return {
      status: response.statusCode,
      body: response.json() as { message?: string },
      cookies: (set === undefined ? [] : Array.isArray(set) ? set : [set]).map((c) => c.split(";")[0]!),
    };
  };
  const shareSettings = async (name: string, sessionId: number) =>
    (await t.call(name, "GET", `/links/share/${sessionId}`)).body as {
      views: number;
      views_today: number;
      state: string;
      password: boolean;
      view_cap: number | null;
      expires_at: string | null;
    };
  async function shared(name: string, text: string) {
    const sessionId = (await t.send(name, text)).body.session_id as number;
    expect((await t.call(name, "POST", `/chat/shareChat/${sessionId}`)).status).toBe(200);
    return sessionId;
  }
  const setShareExpiry = (sessionId: number, at: Date) =>
    t.db.db.execute(sql`update public_links set expires_at = ${at.toISOString()}::timestamptz where share_session_id = ${sessionId}`);
  const clone = (name: string, sessionId: number, cookies: string[] = []) =>
    t.app.inject({
      method: "POST",
      url: "/api/v1/chat/cloneChat",
      payload: { sessionId },
      headers: { ...t.as(name), ...(cookies.length ? { cookie: cookies.join("; ") } : {}) },
    });

  it("asks signed-in readers for its password (page, clone), counts each browser once, and lists its controls and views on the Shared links page", async () => {
    await t.signUp("frank");
    const sessionId = await shared("frank", "Frank's locked share");
    expect(await shareSettings("frank", sessionId)).toMatchObject({ password: false, view_cap: null, expires_at: null, views: 0, state: "active" });
    expect((await t.call("frank", "POST", `/links/share/${sessionId}`, { password: "share pass", view_cap: 10 })).body).toMatchObject({
      password: true,
      view_cap: 10,
    });

    const locked = await readShare("bob", sessionId);
    expect(locked.status).toBe(403);
    expect(locked.body.message).toBe(LINK_MESSAGES.passwordRequired);
    expect(JSON.stringify(locked.body)).not.toContain("locked share");
    expect((await clone("bob", sessionId)).statusCode).toBe(403);
    const wrong = await unlockShare("bob", sessionId, "not it");
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe(LINK_MESSAGES.wrongPassword);
    const right = await unlockShare("bob", sessionId, "share pass");
    expect(right.status).toBe(200);
    const opened = await readShare("bob", sessionId, right.cookies);
    expect(opened.status).toBe(200);
    expect(opened.body.description).toContain("locked share");
    // The same browser again, and its clone, are the one viewer it was.
    expect((await readShare("bob", sessionId, [...right.cookies, ...opened.cookies])).status).toBe(200);
    expect((await clone("bob", sessionId, [...right.cookies, ...opened.cookies])).statusCode).toBe(200);
    expect(await shareSettings("frank", sessionId)).toMatchObject({ views: 1, views_today: 1 });
    // Another browser of another reader is still asked; someone who cannot read the share cannot unlock it.
    expect((await readShare("carol", sessionId)).status).toBe(403);
    expect((await unlockShare("carol", sessionId + 1, "share pass")).status).toBe(404);

    const row = ((await t.call("frank", "GET", "/links")).body as { links: Record<string, unknown>[] }).links.find(
      (l) => l.kind === "share" && l.id === sessionId,
    );
    expect(row).toMatchObject({ password: true, view_cap: 10, views: 1, state: "active", expires_at: null });
    // Someone else cannot read or set the share's controls.
    expect((await t.call("bob", "GET", `/links/share/${sessionId}`)).status).toBe(404);
    expect((await t.call("bob", "POST", `/links/share/${sessionId}`, { password: null })).status).toBe(404);
  });

  it("answers 410 from the instant of its expiry and past its cap, and the Shared links page says which", async () => {
    await t.signUp("gina");
    const sessionId = await shared("gina", "Gina's share");
    await t.call("gina", "POST", `/links/share/${sessionId}`, { expires: "1d", view_cap: 2 });
    const first = await readShare("bob", sessionId);
    expect(first.status).toBe(200);
    expect((await readShare("carol", sessionId)).status).toBe(200);
    const third = await readShare("dave", sessionId);
    expect(third.status).toBe(410);
    expect(third.body.message).toBe(LINK_MESSAGES.gone);
    // A browser let in keeps reading; the owner sees the cap reached.
    expect((await readShare("bob", sessionId, first.cookies)).status).toBe(200);
    expect(await shareSettings("gina", sessionId)).toMatchObject({ views: 2, state: "capped" });
    await t.call("gina", "POST", `/links/share/${sessionId}`, { view_cap: null });

    await setShareExpiry(sessionId, new Date(Date.now() + 60_000));
    expect((await readShare("dave", sessionId)).status).toBe(200);
    await setShareExpiry(sessionId, new Date(Date.now()));
    expect((await readShare("dave", sessionId)).status).toBe(410);
    expect((await readShare("bob", sessionId, first.cookies)).status).toBe(410);
    expect((await clone("bob", sessionId, first.cookies)).statusCode).toBe(410);
    const row = ((await t.call("gina", "GET", "/links")).body as { links: Record<string, unknown>[] }).links.find(
      (l) => l.kind === "share" && l.id === sessionId,
    );
    expect(row).toMatchObject({ state: "expired", expires_at: expect.any(String) });
    // The owner's own conversation is not the share: it reads as always.
    expect((await t.call("gina", "POST", "/chat/getChatHistory", { sessionId })).status).toBe(200);

    // Ending the share forgets its controls: sharing again starts open, with no views.
    await t.call("gina", "POST", `/chat/unshareChat/${sessionId}`);
    expect((await t.call("gina", "GET", `/links/share/${sessionId}`)).body.message).toBe(LINK_MESSAGES.notShared);
    await t.call("gina", "POST", `/chat/shareChat/${sessionId}`);
    expect(await shareSettings("gina", sessionId)).toMatchObject({ expires_at: null, view_cap: null, views: 0, state: "active" });
    expect((await readShare("dave", sessionId)).status).toBe(200);
    // Revoking it on the Shared links page, or all links at once, deletes its controls too.
    await t.call("gina", "POST", `/links/revoke/share/${sessionId}`);
    const rows = await resultRows<{ n: number }>(await t.db.db.execute(sql`select count(*)::int as n from public_links where share_session_id = ${sessionId}`));
    expect(rows[0]!.n).toBe(0);
    await t.call("gina", "POST", `/chat/shareChat/${sessionId}`);
    await readShare("dave", sessionId);
    await t.call("gina", "POST", "/links/revokeAll", { confirm: true });
    const after = await resultRows<{ n: number }>(
      await t.db.db.execute(sql`select count(*)::int as n from public_links where share_session_id = ${sessionId}`),
    );
    expect(after[0]!.n).toBe(0);
  });

  it("counts 100 parallel first reads of a share by 100 browsers as 100", async () => {
    await t.signUp("hugo");
    const sessionId = await shared("hugo", "Hugo's popular share");
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => readShare("bob", sessionId, [], `198.51.102.${i}`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(100);
    expect(await shareSettings("hugo", sessionId)).toMatchObject({ views: 100, views_today: 100 });
  });
});

describe("link states are never kept by a browser", () => {
  it("answer 410 and 403 with Cache-Control: no-store on every way in, so lifting a cap or a password shows at once", async () => {
    const { postId, token } = await postLink("carol", "Kept fresh");
    await configure("carol", postId, { view_cap: 1 });
    expect((await read(token, { address: "198.18.0.1" })).status).toBe(200);
    const ways = {
      rest: () => t.app.inject({ method: "GET", url: `/api/v1/public/post/${token}`, remoteAddress: "198.18.0.2" }),
      trpc: () =>
        t.app.inject({ method: "GET", url: `/trpc/publicLink.post?input=${encodeURIComponent(JSON.stringify({ token }))}`, remoteAddress: "198.18.0.2" }),
      page: () => t.app.inject({ method: "GET", url: `/p/${token}`, headers: { accept: "text/html" }, remoteAddress: "198.18.0.2" }),
    };
    for (const [way, ask] of Object.entries(ways)) {
      const capped = await ask();
      expect(capped.statusCode, way).toBe(410);
      expect(capped.headers["cache-control"], way).toBe("no-store");
    }
    await configure("carol", postId, { view_cap: null, password: "fresh pass" });
    for (const [way, ask] of Object.entries(ways)) {
      const locked = await ask();
      expect(locked.statusCode, way).toBe(403);
      expect(locked.headers["cache-control"], way).toBe("no-store");
    }
    const wrong = await t.app.inject({ method: "POST", url: `/api/v1/public/unlock/${token}`, payload: { password: "stale" }, remoteAddress: "198.18.0.3" });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.headers["cache-control"]).toBe("no-store");
    await configure("carol", postId, { password: null });
    expect((await ways.rest()).statusCode).toBe(200);

    const sessionId = (await t.send("carol", "A share kept fresh")).body.session_id as number;
    await t.call("carol", "POST", `/chat/shareChat/${sessionId}`);
    await t.call("carol", "POST", `/links/share/${sessionId}`, { view_cap: 1 });
    expect((await t.call("bob", "POST", "/chat/getChatHistory", { sessionId, shared: true })).status).toBe(200);
    const share = await t.call("dave", "POST", "/chat/getChatHistory", { sessionId, shared: true });
    expect(share.status).toBe(410);
    expect(share.raw.headers["cache-control"]).toBe("no-store");
  });
});

describe("the owner's own views", () => {
  it("are not counted, on a public link or on a share: another reader's are", async () => {
    await t.signUp("iris");
    const { postId, token } = await postLink("iris", "Iris's post");
    const asOwner = () => t.app.inject({ method: "GET", url: `/api/v1/public/post/${token}`, headers: t.as("iris") });
    for (let i = 0; i < 3; i++) expect((await asOwner()).statusCode).toBe(200);
    expect(await settings("iris", postId)).toMatchObject({ views: 0, views_today: 0 });
    expect((await t.app.inject({ method: "GET", url: `/api/v1/public/post/${token}`, headers: t.as("bob") })).statusCode).toBe(200);
    expect((await read(token)).status).toBe(200);
    expect(await settings("iris", postId)).toMatchObject({ views: 2, views_today: 2 });
    // The owner meets the link's password like anyone (uncounted once through).
    await configure("iris", postId, { password: "iris pass" });
    expect((await asOwner()).statusCode).toBe(403);

    const sessionId = (await t.send("iris", "Iris's share")).body.session_id as number;
    await t.call("iris", "POST", `/chat/shareChat/${sessionId}`);
    for (let i = 0; i < 3; i++) expect((await t.call("iris", "POST", "/chat/getChatHistory", { sessionId, shared: true })).status).toBe(200);
    expect(((await t.call("iris", "GET", `/links/share/${sessionId}`)).body as { views: number }).views).toBe(0);
    expect((await t.call("bob", "POST", "/chat/getChatHistory", { sessionId, shared: true })).status).toBe(200);
    expect(((await t.call("iris", "GET", `/links/share/${sessionId}`)).body as { views: number }).views).toBe(1);
  });
});
