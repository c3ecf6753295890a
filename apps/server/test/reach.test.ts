import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sealLegacyPublicLinks } from "@parley/api";
import { createKeyVault } from "@parley/keys";
import { IMPORT_LIMITS, MESSAGES } from "@parley/contracts";
import { resultRows } from "@parley/db";
import { createChatApp } from "./support/chat-fixture";
import { chatgptExport } from "./support/chatgpt-export";

const fixture = (name: string) => readFileSync(join(import.meta.dirname, "fixtures", name), "utf8");

// A built web app's index.html, so the public pages are served as the SPA with their meta tags.
const webRoot = mkdtempSync(join(tmpdir(), "parley-web-"));
writeFileSync(
  join(webRoot, "index.html"),
  '<!doctype html><html><head><meta name="description" content="Parley." /><title>Parley</title></head><body><div id="root"></div></body></html>',
);

let t: Awaited<ReturnType<typeof createChatApp>>;
let sessionId: number;
let postId: number;
const TITLE = `Bread <script>alert("x")</script> & "quotes" $& 'it'`;
beforeAll(async () => {
  t = await createChatApp({ webRoot });
  await Promise.all(["alice", "bob"].map((name) => t.signUp(name)));
  sessionId = (await t.send("alice", "How do I bake <b>bread</b>?")).body.session_id as number;
  await t.send("alice", "And rye?", { session_id: sessionId });
  postId = (await t.call("alice", "POST", "/post/postChat", { chat_id: sessionId, description: TITLE, categories: ["education"] })).body.post_id as number;
});
afterAll(() => t.close());

const page = (path: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url: path, headers: { accept: "text/html", ...headers } });
const countRows = async (table: "chat_sessions" | "chat_entries", user = "alice") =>
  resultRows<{ n: number }>(
    await t.db.db.execute(
      table === "chat_sessions"
        ? sql`select count(*)::int as n from chat_sessions s join users u on u.id = s.user_id where u.subject = ${user}`
        : sql`select count(*)::int as n from chat_entries e join chat_sessions s on s.id = e.session_id join users u on u.id = s.user_id where u.subject = ${user}`,
    ),
  )[0]!.n;

describe("export", () => {
  it("downloads the owner's conversation as Markdown and JSON", async () => {
    const raw = await t.app.inject({ method: "GET", url: `/api/v1/chat/export/${sessionId}?format=md`, headers: t.as("alice") });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers["content-type"]).toMatch(/^text\/markdown/);
    expect(raw.headers["content-disposition"]).toMatch(/^attachment; filename="parley-conversation-[a-z0-9-]+\.md"/);
    expect(raw.body).toMatch(/^# /);
    expect(raw.body).toContain("## alice (prompt, ");
    expect(raw.body).toContain("How do I bake <b>bread</b>?");
    expect(raw.body).toContain("## Parley Demo (offline) (reply, ");
    expect(raw.body.indexOf("How do I bake")).toBeLessThan(raw.body.indexOf("And rye?"));

    const json = await t.app.inject({ method: "GET", url: `/api/v1/chat/export/${sessionId}?format=json`, headers: t.as("alice") });
    expect(json.headers["content-type"]).toMatch(/^application\/json/);
    expect(json.headers["content-disposition"]).toMatch(/\.json"/);
    const doc = json.json() as { format: string; kind: string; messages: { role: string; author: string; content: string }[] };
    expect(doc).toMatchObject({ format: "parley.transcript", version: 1, kind: "conversation", author: "alice" });
    expect(doc.messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(doc.messages[2]!.content).toBe("And rye?");
  });

  it("downloads any visible post, for anyone signed in", async () => {
    const json = await t.app.inject({ method: "GET", url: `/api/v1/post/export/${postId}?format=json`, headers: t.as("bob") });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({ kind: "post", title: TITLE, author: "alice", categories: ["education"], models: ["parley-demo"] });
    const md = await t.app.inject({ method: "GET", url: `/api/v1/post/export/${postId}`, headers: t.as("bob") });
    expect(md.headers["content-disposition"]).toMatch(/parley-post-bread-script-alert-x-script-quotes-it\.md/);
    expect(md.body.split("\n")[0]).toBe(`# ${TITLE}`);
  });

  it.each([
    ["someone else's conversation", "bob", () => `/chat/export/${sessionId}?format=md`, 404, /Conversation not found/],
    ["a missing post", "bob", () => "/post/export/999999?format=md", 404, /Post not found/],
    ["an unknown format", "alice", () => `/chat/export/${sessionId}?format=pdf`, 400, /format: must be one of md, json/],
    ["a conversation id that is not a number", "alice", () => "/chat/export/abc", 400, /sessionId: must be a conversation id/],
    ["a post id that is not a number", "alice", () => "/post/export/abc", 400, /postId: must be a post id/],
  ])("refuses %s", async (_what, who, url, status, message) => {
    const response = await t.call(who, "GET", url());
    expect(response.status).toBe(status);
    expect(response.body.message).toMatch(message);
  });

  it("needs a sign-in", async () => {
    expect((await t.app.inject({ method: "GET", url: `/api/v1/post/export/${postId}` })).statusCode).toBe(401);
  });
});

describe("import", () => {
  it("imports a ChatGPT export: the branch that was on screen, as exchanges", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v1/chat/import",
      headers: { ...t.as("bob"), "content-type": "text/plain" },
      payload: fixture("chatgpt-conversations.json"),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ source: "chatgpt", imported: 2, exchanges: 3 });
    const sessions = (await t.call("bob", "GET", "/chat/getSessionHistory")).body.sessions as unknown as { id: number; description: string }[];
    const sourdough = sessions.find((s) => s.description === "Sourdough starter help")!;
    expect(sourdough).toBeDefined();
    const history = (await t.call("bob", "POST", "/chat/getChatHistory", { sessionId: sourdough.id })).body.sessions as unknown as {
      message_content: string;
      response_content: string;
      model_id: string;
    }[];
    expect(history.map((e) => [e.message_content, e.response_content, e.model_id])).toEqual([
      [
        "My sourdough starter smells like nail polish. Is it dead?",
        "No: an acetone smell means it is **hungry**. Feed it twice a day for a few days.",
        "gpt-4o",
      ],
      ["Which flour gives the most sour taste?", "Whole rye flour gives the most sour taste.", "gpt-4o-mini"],
    ]);
    expect(JSON.stringify(history)).not.toContain("ABANDONED BRANCH");
    const regex = sessions.find((s) => s.description === "Regex for dates")!;
    const regexHistory = (await t.call("bob", "POST", "/chat/getChatHistory", { sessionId: regex.id })).body.sessions as unknown as {
      response_content: string;
    }[];
    expect(regexHistory).toHaveLength(1);
    expect(regexHistory[0]!.response_content).toBe("^\\d{4}-\\d{2}-\\d{2}$\n\nThat pattern matches four digits, a dash, two digits, a dash and two digits.");

    // Each exchange's parent is the one before it, and the last one is active.
    const chain = resultRows<{ id: number; parent_entry_id: number | null; active_entry_id: number }>(
      await t.db.db.execute(
        sql`select e.id::float8 as id, e.parent_entry_id::float8 as parent_entry_id, s.active_entry_id::float8 as active_entry_id from chat_entries e join chat_sessions s on s.id = e.session_id where s.id = ${sourdough.id} order by e.created_at`,
      ),
    );
    expect(chain[0]!.parent_entry_id).toBeNull();
    expect(chain[1]!.parent_entry_id).toBe(chain[0]!.id);
    expect(chain[0]!.active_entry_id).toBe(chain[1]!.id);
  });

  it("imports a Claude export given as JSON", async () => {
    const response = await t.call("bob", "POST", "/chat/import", JSON.parse(fixture("claude-conversations.json")));
    expect(response.status).toBe(200);
    // The conversation without messages is left out.
    expect(response.body).toMatchObject({ source: "claude", imported: 1, exchanges: 2 });
    const sessions = (await t.call("bob", "GET", "/chat/getSessionHistory")).body.sessions as unknown as { id: number; description: string }[];
    const haiku = sessions.find((s) => s.description === "Haiku about autumn")!;
    const history = (await t.call("bob", "POST", "/chat/getChatHistory", { sessionId: haiku.id })).body.sessions as unknown as {
      message_content: string;
      response_content: string;
    }[];
    expect(history.map((e) => e.message_content)).toEqual(["Write a haiku about autumn leaves.", "Now one about winter."]);
    expect(history[1]!.response_content).toBe("Silent snow settles\nthe pond holds its breath in ice\nstars sharpen the night");
  });

  const valid = JSON.parse(fixture("claude-conversations.json")) as unknown[];
  it.each([
    ["a file that is not JSON", "\x89PNG\r\n not json", 400, /not a ChatGPT or Claude export.*not valid JSON/],
    ["JSON that is not an export", JSON.stringify({ hello: "world" }), 400, /not a ChatGPT or Claude export/],
    ["an array of something else", JSON.stringify([{ id: 1 }]), 400, /not a ChatGPT or Claude export/],
    [
      "a malformed conversation after a good one",
      JSON.stringify([valid[0], { uuid: "x", created_at: "2024-01-01", chat_messages: [{ sender: "robot", text: "hi" }] }]),
      400,
      /Conversation 2 .*chat_messages\.0\.sender: must be 'human' or 'assistant'.*Nothing was imported/,
    ],
    [
      "a file over the size limit",
      JSON.stringify([{ ...(valid[0] as object), name: "x".repeat(IMPORT_LIMITS.bytes) }]),
      413,
      /too large: an import can be at most 20 MB/,
    ],
  ])("refuses %s and stores nothing", async (_what, payload, status, message) => {
    const before = [await countRows("chat_sessions", "alice"), await countRows("chat_entries", "alice")];
    const response = await t.app.inject({ method: "POST", url: "/api/v1/chat/import", headers: { ...t.as("alice"), "content-type": "text/plain" }, payload });
    expect(response.statusCode).toBe(status);
    expect((response.json() as { message: string }).message).toMatch(message);
    expect([await countRows("chat_sessions", "alice"), await countRows("chat_entries", "alice")]).toEqual(before);
  });

  it("stores nothing when the database refuses part of the import", async () => {
    // The database refuses the second conversation; the first, already written in the same transaction, goes too.
    await t.db.db.execute(
      sql.raw(`create function refuse_second() returns trigger language plpgsql as $$
      begin if new.description = 'Second' then raise exception 'refused for the test'; end if; return new; end $$`),
    );
    await t.db.db.execute(sql.raw("create trigger refuse_second before insert on chat_sessions for each row execute function refuse_second()"));
    try {
      const before = [await countRows("chat_sessions", "alice"), await countRows("chat_entries", "alice")];
      const response = await t.call("alice", "POST", "/chat/import", [valid[0], { ...(valid[0] as object), uuid: "y", name: "Second" }]);
      expect(response.status).toBe(500);
      expect([await countRows("chat_sessions", "alice"), await countRows("chat_entries", "alice")]).toEqual(before);
    } finally {
      await t.db.db.execute(sql.raw("drop trigger refuse_second on chat_sessions"));
      await t.db.db.execute(sql.raw("drop function refuse_second()"));
    }
  });

  it("needs a sign-in", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v1/chat/import",
      headers: { "content-type": "text/plain" },
      payload: fixture("claude-conversations.json"),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe("import: text the database or the parser could choke on", () => {
  const importAs = (who: string, payload: string, contentType = "text/plain") =>
    t.app.inject({ method: "POST", url: "/api/v1/chat/import", headers: { ...t.as(who), "content-type": contentType }, payload });

  it("cleans NUL characters out of a title and a model name", async () => {
    const file = JSON.stringify(chatgptExport([{ title: "Nul\u0000 title", exchanges: [{ user: "Hello", assistant: "Hi", model: "gpt\u0000-4o" }] }]));
    const response = await importAs("bob", file);
    expect(response.statusCode).toBe(200);
    const { sessions } = response.json() as { sessions: { id: number; description: string }[] };
    expect(sessions.map((s) => s.description)).toEqual(["Nul title"]);
    const history = (await t.call("bob", "POST", "/chat/getChatHistory", { sessionId: sessions[0]!.id })).body.sessions as unknown as { model_id: string }[];
    expect(history.map((e) => e.model_id)).toEqual(["gpt-4o"]);
  });

  it.each([
    ["as the export's JSON", "application/json", /nested too deeply to be a ChatGPT or Claude export/],
    ["as the file's text", "text/plain", /not a ChatGPT or Claude export/],
  ])("refuses a deeply nested body %s with a 400 that says why, and stores nothing", async (_how, contentType, message) => {
    const before = [await countRows("chat_sessions", "alice"), await countRows("chat_entries", "alice")];
    const depth = 200_000;
    const response = await importAs("alice", `${"[".repeat(depth)}${"]".repeat(depth)}`, contentType);
    expect(response.statusCode).toBe(400);
    expect((response.json() as { message: string }).message).toMatch(message);
    expect([await countRows("chat_sessions", "alice"), await countRows("chat_entries", "alice")]).toEqual(before);
  });

  it("imports a 1.4 MB message of distinct words, and its beginning can be searched", async () => {
    const words: string[] = [];
    for (let i = 0, length = 0; length < 1_400_000; i++, length += words.at(-1)!.length + 1) words.push(`w${i.toString(36)}x`);
    const file = JSON.stringify(chatgptExport([{ title: "Word list", exchanges: [{ user: `listing ${words.join(" ")}`, assistant: "Noted." }] }]));
    const response = await importAs("bob", file);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ imported: 1, exchanges: 1 });
    const found = await t.call("bob", "GET", "/chat/search?q=listing");
    expect((found.body.sessions as unknown as { description: string }[]).map((s) => s.description)).toEqual(["Word list"]);
  });
});

describe("an oversize upload over a real connection", () => {
  let port: number;
  beforeAll(async () => {
    port = Number(new URL(await t.app.listen({ port: 0, host: "127.0.0.1" })).port);
  });

  /**
   * A POST as clients that write the whole body before reading (Python's http.client, many
   * scripts) send it: the answer, or the socket's error when the server resets the connection.
   */
  const uploadWhole = (path: string, headers: Record<string, string>, body: Buffer) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1");
      const received: Buffer[] = [];
      let written = false;
      socket.on("data", (chunk: Buffer) => received.push(chunk));
      socket.on("error", reject);
      socket.on("close", () => {
        const text = Buffer.concat(received).toString("utf8");
        if (!written) return reject(new Error(`closed before the body was sent: ${text.slice(0, 200)}`));
        resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]), body: text.slice(text.indexOf("\r\n\r\n") + 4) });
      });
      const head = Object.entries({ host: `127.0.0.1:${port}`, "content-length": String(body.length), ...headers }).map(([k, v]) => `${k}: ${v}\r\n`);
      socket.write(`POST ${path} HTTP/1.1\r\n${head.join("")}connection: close\r\n\r\n`);
      socket.write(body, () => {
        written = true;
      });
    });

  it.each([
    [
      "an import over 20 MB",
      "/api/v1/chat/import",
      "text/plain",
      IMPORT_LIMITS.bytes + 8 * 1024 * 1024,
      "This file is too large: an import can be at most 20 MB.",
    ],
    ["a body over the request limit", "/api/v1/chat/postChat", "application/json", 24 * 1024 * 1024, MESSAGES.bodyTooLarge],
  ])("is answered 413 with its message, not a reset connection: %s", async (_what, path, contentType, bytes, message) => {
    const response = await uploadWhole(path, { ...t.as("alice"), "content-type": contentType }, Buffer.alloc(bytes, "x"));
    expect(response.status).toBe(413);
    expect((JSON.parse(response.body) as { message: string }).message).toContain(message);
  });
});

describe("public links", () => {
  it("a post is readable without an account only once its owner turns the link on, and a revoked link is a 404", async () => {
    expect((await t.call("alice", "GET", `/post/publicLink/${postId}`)).body).toEqual({ enabled: false, token: null, path: null, listed: false });
    const on = await t.call("alice", "POST", `/post/publicLink/${postId}`, { enabled: true });
    expect(on.status).toBe(200);
    const token = on.body.token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(Buffer.from(token, "base64url").length * 8).toBeGreaterThanOrEqual(128);
    expect(on.body.path).toBe(`/p/${token}`);
    expect(token).not.toBe(String(postId));

    const anonymous = await t.app.inject({ method: "GET", url: `/api/v1/public/post/${token}` });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toMatchObject({ kind: "post", post_id: postId, indexable: false, transcript: { title: TITLE, author: "alice" } });

    const html = await page(`/p/${token}`);
    expect(html.statusCode).toBe(200);
    expect(html.headers["x-robots-tag"]).toBe("noindex");
    expect(html.body).toContain('<meta name="robots" content="noindex" />');

    // Turning it on again keeps the address; off and on again makes a new one.
    expect((await t.call("alice", "POST", `/post/publicLink/${postId}`, { enabled: true })).body.token).toBe(token);
    await t.call("alice", "POST", `/post/publicLink/${postId}`, { enabled: false });
    expect((await t.app.inject({ method: "GET", url: `/api/v1/public/post/${token}` })).statusCode).toBe(404);
    expect((await page(`/p/${token}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/p/${token}/preview.png` })).statusCode).toBe(404);
    const again = await t.call("alice", "POST", `/post/publicLink/${postId}`, { enabled: true });
    expect(again.body.token).not.toBe(token);
  });

  it("a listed post may be indexed; an unlisted one says noindex", async () => {
    const token = (await t.call("alice", "POST", `/post/publicLink/${postId}`, { enabled: true, listed: true })).body.token as string;
    const listed = await page(`/p/${token}`);
    expect(listed.headers["x-robots-tag"]).toBe("all");
    expect(listed.body).not.toContain('name="robots"');
    await t.call("alice", "POST", `/post/publicLink/${postId}`, { enabled: true, listed: false });
    expect((await page(`/p/${token}`)).headers["x-robots-tag"]).toBe("noindex");
  });

  it("fills escaped Open Graph and Twitter tags into the page", async () => {
    const token = (await t.call("alice", "GET", `/post/publicLink/${postId}`)).body.token as string;
    const html = (await page(`/p/${token}`)).body;
    const escaped = "Bread &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;quotes&quot; $&amp; &#39;it&#39; · Parley";
    expect(html).toContain(`<title>${escaped}</title>`);
    expect(html).toContain(`<meta property="og:title" content="${escaped}" />`);
    expect(html).toContain(`<meta name="twitter:title" content="${escaped}" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain("How do I bake &lt;b&gt;bread&lt;/b&gt;?");
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="http://localhost:3000/p/${token}/preview\\.png\\?v=[\\w-]+" />`));
    expect(html).toContain(`<meta property="og:url" content="http://localhost:3000/p/${token}" />`);
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<b>bread");
  });

  it("draws a 1200x630 PNG preview, cached by its content", async () => {
    const token = (await t.call("alice", "GET", `/post/publicLink/${postId}`)).body.token as string;
    const image = await t.app.inject({ method: "GET", url: `/p/${token}/preview.png` });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    const png = image.rawPayload;
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    const etag = image.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({ method: "GET", url: `/p/${token}/preview.png`, headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const second = await t.app.inject({ method: "GET", url: `/p/${token}/preview.png` });
    expect(second.headers.etag).toBe(etag);
    expect(second.rawPayload.equals(png)).toBe(true);
  });

  it("a conversation's link needs a share, shows only the shared conversation, and dies with the share", async () => {
    const refused = await t.call("alice", "POST", `/chat/publicLink/${sessionId}`, { enabled: true });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/Share the conversation first/);
    await t.call("alice", "POST", `/chat/shareChat/${sessionId}`);
    const token = (await t.call("alice", "POST", `/chat/publicLink/${sessionId}`, { enabled: true })).body.token as string;
    const read = await t.app.inject({ method: "GET", url: `/api/v1/public/chat/${token}` });
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain(String(sessionId));
    expect(read.json()).toMatchObject({ kind: "conversation", indexable: false, transcript: { author: "alice" } });
    expect((read.json() as { transcript: { messages: unknown[] } }).transcript.messages).toHaveLength(4);
    const html = await page(`/s/${token}`);
    expect(html.statusCode).toBe(200);
    expect(html.headers["x-robots-tag"]).toBe("noindex");

    // A signed-in reader learns the share to continue from (and clone); an anonymous one does not.
    expect((await t.call("bob", "GET", `/public/chat/${token}/share`)).body).toEqual({ session_id: sessionId });
    expect((await t.app.inject({ method: "GET", url: `/api/v1/public/chat/${token}/share` })).statusCode).toBe(401);
    const clone = await t.call("bob", "POST", "/chat/cloneChat", { sessionId });
    expect((await t.call("bob", "POST", "/chat/getChatHistory", { sessionId: clone.body.new_session_id })).body.sessions).toHaveLength(2);

    await t.call("alice", "POST", `/chat/unshareChat/${sessionId}`);
    expect((await t.app.inject({ method: "GET", url: `/api/v1/public/chat/${token}` })).statusCode).toBe(404);
    expect((await t.call("bob", "GET", `/public/chat/${token}/share`)).status).toBe(404);
    expect((await t.call("alice", "GET", `/chat/publicLink/${sessionId}`)).body.enabled).toBe(false);
    // Sharing again does not bring the old address back.
    await t.call("alice", "POST", `/chat/shareChat/${sessionId}`);
    expect((await t.app.inject({ method: "GET", url: `/api/v1/public/chat/${token}` })).statusCode).toBe(404);
    expect((await page(`/s/${token}`)).statusCode).toBe(404);
  });

  it.each([
    ["a wrong post token", "/api/v1/public/post/AAAAAAAAAAAAAAAAAAAAAAAA"],
    ["a wrong conversation token", "/api/v1/public/chat/AAAAAAAAAAAAAAAAAAAAAAAA"],
    ["a numeric id instead of a token", () => `/api/v1/public/post/${postId}`],
    ["a private conversation's id", () => `/api/v1/public/chat/${sessionId}`],
    ["a post token on the conversation path", "post-token-on-chat"],
    ["a wrong page token", "/p/AAAAAAAAAAAAAAAAAAAAAAAA"],
    ["a wrong preview token", "/s/AAAAAAAAAAAAAAAAAAAAAAAA/preview.png"],
  ])("%s is a 404", async (_what, url) => {
    let path = typeof url === "function" ? url() : url;
    if (path === "post-token-on-chat")
      path = `/api/v1/public/chat/${(await t.call("alice", "POST", `/post/publicLink/${postId}`, { enabled: true })).body.token as string}`;
    const response = await page(path);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("How do I bake");
  });

  it.each([
    ["a wrong token", () => "AAAAAAAAAAAAAAAAAAAAAAAA"],
    ["a post's token", async () => (await t.call("alice", "POST", `/post/publicLink/${postId}`, { enabled: true })).body.token as string],
    ["a conversation id", () => String(sessionId)],
    ["a token of the wrong shape", () => "not a token!"],
  ])("the share behind %s is a 404, even signed in", async (_what, token) => {
    const response = await t.call("bob", "GET", `/public/chat/${encodeURIComponent(await token())}/share`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: "This link does not lead anywhere. It may have been turned off by its owner." });
  });

  it.each([
    ["read a post's link status", "GET", () => `/post/publicLink/${postId}`, undefined],
    ["turn a post's link on", "POST", () => `/post/publicLink/${postId}`, { enabled: true }],
    ["turn a post's link off", "POST", () => `/post/publicLink/${postId}`, { enabled: false }],
    ["read a conversation's link status", "GET", () => `/chat/publicLink/${sessionId}`, undefined],
    ["turn a conversation's link on", "POST", () => `/chat/publicLink/${sessionId}`, { enabled: true }],
  ] as const)("someone else cannot %s (404, nothing changes)", async (_what, method, url, payload) => {
    const before = (await t.call("alice", "GET", `/post/publicLink/${postId}`)).body;
    const response = await t.call("bob", method, url(), payload);
    expect(response.status).toBe(404);
    expect(response.body.message).toMatch(/not found/i);
    expect((await t.call("alice", "GET", `/post/publicLink/${postId}`)).body).toEqual(before);
  });

  it.each([
    ["no enabled flag", `/post/publicLink/1`, {}, /enabled: must be true or false/],
    ["a listed flag that is not a boolean", `/post/publicLink/1`, { enabled: true, listed: "yes" }, /listed: must be true or false/],
    ["a post id that is not a number", `/post/publicLink/abc`, { enabled: true }, /postId: must be a post id/],
    ["a conversation id of 0", `/chat/publicLink/0`, { enabled: true }, /sessionId: must be a saved conversation/],
  ])("refuses %s with a 400", async (_what, url, payload, message) => {
    const response = await t.call("alice", "POST", url, payload);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(message);
  });
});

describe("public-link tokens at rest", () => {
  const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
  type LinkRow = { token_hash: string; sealed_token: string | null; legacy_token: string | null; post_id: number | null };
  const linkRows = async () => resultRows<LinkRow>(await t.db.db.execute(sql`select token_hash, sealed_token, legacy_token, post_id from public_links`));
  // Written directly: posting through the API more often than this would meet its rate limit.
  const newPost = async (description: string) =>
    resultRows<{ id: number }>(
      await t.db.db.execute(sql`insert into posts (user_id, description) select id, ${description} from users where subject = 'alice' returning id`),
    )[0]!.id;

  it("stores only the token's SHA-256 and a sealed copy; the owner can copy the same address again", async () => {
    const id = await newPost("kept by its hash");
    const token = (await t.call("alice", "POST", `/post/publicLink/${id}`, { enabled: true })).body.token as string;
    const rows = await linkRows();
    const row = rows.find((r) => r.post_id === id)!;
    expect(row.token_hash).toBe(sha256(token));
    expect(row.legacy_token).toBeNull();
    expect(row.sealed_token).toMatch(/^v1\./);
    // No column of any link holds a token in the clear.
    expect(JSON.stringify(rows)).not.toContain(token);
    expect((await t.call("alice", "GET", `/post/publicLink/${id}`)).body).toEqual({ enabled: true, token, path: `/p/${token}`, listed: false });
    expect((await t.app.inject({ method: "GET", url: `/api/v1/public/post/${token}` })).statusCode).toBe(200);
  });

  it("a link is found by the token's hash only: the stored hash itself, or a near miss, is a 404", async () => {
    const id = await newPost("looked up by hash");
    const token = (await t.call("alice", "POST", `/post/publicLink/${id}`, { enabled: true })).body.token as string;
    const near = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const wrong of [sha256(token), near, token.toLowerCase() === token ? token.toUpperCase() : token.toLowerCase()]) {
      expect((await t.app.inject({ method: "GET", url: `/api/v1/public/post/${wrong}` })).statusCode).toBe(404);
      expect((await page(`/p/${wrong}`)).statusCode).toBe(404);
    }
    // A row written with nothing but a hash is reachable by the token that hashes to it.
    const other = await newPost("hash only");
    const made = randomBytes(18).toString("base64url");
    await t.db.db.execute(sql`insert into public_links (token_hash, post_id) values (${sha256(made)}, ${other})`);
    expect((await t.app.inject({ method: "GET", url: `/api/v1/public/post/${made}` })).json()).toMatchObject({ kind: "post", post_id: other });
    // ...and revoking it ends it.
    await t.call("alice", "POST", `/post/publicLink/${other}`, { enabled: false });
    expect((await t.app.inject({ method: "GET", url: `/api/v1/public/post/${made}` })).statusCode).toBe(404);
  });

  it("a token sealed under another encryption key still opens the page, but its owner is told it cannot be shown", async () => {
    const id = await newPost("sealed elsewhere");
    const token = (await t.call("alice", "POST", `/post/publicLink/${id}`, { enabled: true })).body.token as string;
    const foreign = createKeyVault(randomBytes(32)).seal(token, `public-link:${sha256(token)}`);
    await t.db.db.execute(sql`update public_links set sealed_token = ${foreign} where post_id = ${id}`);
    expect((await t.call("alice", "GET", `/post/publicLink/${id}`)).body).toEqual({ enabled: true, token: null, path: null, listed: false });
    expect((await t.app.inject({ method: "GET", url: `/api/v1/public/post/${token}` })).statusCode).toBe(200);
    // A sealed token moved onto another link's row does not open there either.
    const second = await newPost("second link");
    await t.call("alice", "POST", `/post/publicLink/${second}`, { enabled: true });
    const [mine] = resultRows<{ sealed_token: string }>(await t.db.db.execute(sql`select sealed_token from public_links where post_id = ${second}`));
    await t.db.db.execute(sql`update public_links set sealed_token = ${mine!.sealed_token} where post_id = ${id}`);
    expect((await t.call("alice", "GET", `/post/publicLink/${id}`)).body.token).toBeNull();
    // Turning it off and on again gives a new address that can be copied.
    await t.call("alice", "POST", `/post/publicLink/${id}`, { enabled: false });
    const fresh = (await t.call("alice", "POST", `/post/publicLink/${id}`, { enabled: true })).body.token as string;
    expect(fresh).not.toBe(token);
    expect((await t.call("alice", "GET", `/post/publicLink/${id}`)).body.token).toBe(fresh);
    expect((await t.app.inject({ method: "GET", url: `/api/v1/public/post/${token}` })).statusCode).toBe(404);
  });

  it("a link made before tokens were sealed keeps its address and is sealed at start-up", async () => {
    const id = await newPost("from an older version");
    const legacy = randomBytes(18).toString("base64url");
    await t.db.db.execute(sql`insert into public_links (token_hash, legacy_token, post_id) values (${sha256(legacy)}, ${legacy}, ${id})`);
    expect((await t.call("alice", "GET", `/post/publicLink/${id}`)).body.token).toBe(legacy);
    expect(await sealLegacyPublicLinks(t.db.db, t.keys)).toBe(1);
    const row = (await linkRows()).find((r) => r.post_id === id)!;
    expect(row.legacy_token).toBeNull();
    expect(JSON.stringify(await linkRows())).not.toContain(legacy);
    expect((await t.call("alice", "GET", `/post/publicLink/${id}`)).body).toEqual({ enabled: true, token: legacy, path: `/p/${legacy}`, listed: false });
    expect((await t.app.inject({ method: "GET", url: `/api/v1/public/post/${legacy}` })).statusCode).toBe(200);
    expect(await sealLegacyPublicLinks(t.db.db, t.keys)).toBe(0);
  });
});
