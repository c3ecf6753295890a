import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatSessions, posts } from "@parley/db";
import { ADMIN_CLAIM_ENV, asAdmin, createChatApp, MODEL } from "./support/chat-fixture";
import { insertComparisonSession } from "./support/comparison-factory";

// The privacy check before anything leaves (docs/privacy.md): the server scans what would leave
// again, applies the redactions the person chose (by finding id and the hash of the text they
// saw) and carries them into every copy: the post, its public page, its export and its forks;
// a share, its public page and clones; a download. The conversation itself keeps its text.

const KEY = "sk-proj-Zq8vN2kP4xR7tY1wB5mC9dF3gH6jL0sA2eU4iO7";
const MAIL = "jane.doe@example.com";
const TEXT = `Deploy with ${KEY} and send the report to ${MAIL} please`;

type Finding = { id: string; kind: string; message: number; start: number; end: number; text: string; label: string; marker: string };
type Scan = { messages: { role: string; content: string }[]; findings: Finding[]; text_hash: string; blocking: boolean };

let t: Awaited<ReturnType<typeof createChatApp>>;
beforeAll(async () => {
  t = await createChatApp({ env: ADMIN_CLAIM_ENV });
  await Promise.all(["alice", "bob"].map((name) => t.signUp(name)));
});
afterAll(() => t.close());

const newConversation = async (text = TEXT) => (await t.send("alice", text)).body.session_id as number;
/** The check of what would leave; before posting, with the post's description (it leaves too). */
const scan = async (target: string, id: number, who = "alice", description?: string) => {
  const answer = await t.call(who, "GET", `/privacy/scan/${target}/${id}${description === undefined ? "" : `?description=${encodeURIComponent(description)}`}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as unknown as Scan;
};
/** The choice that redacts the findings of one kind. */
const redacting = (found: Scan, kind: string) => ({ privacy_hash: found.text_hash, redact: found.findings.filter((f) => f.kind === kind).map((f) => f.id) });

describe("the check", () => {
  it("finds the key and the address in the message and the reply, for the owner only", async () => {
    const sessionId = await newConversation();
    const found = await scan("post", sessionId);
    expect(found.blocking).toBe(false);
    expect(found.text_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(found.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    // The demo model repeats the message: both are in the reply too.
    expect(found.findings.map((f) => [f.kind, f.message, f.text])).toEqual([
      ["api_key", 0, KEY],
      ["email", 0, MAIL],
      ["api_key", 1, KEY],
      ["email", 1, MAIL],
    ]);
    expect(found.findings[0]).toMatchObject({ label: "API key or token", marker: "[redacted API key]" });
    for (const target of ["post", "share", "export"]) {
      const other = await t.call("bob", "GET", `/privacy/scan/${target}/${sessionId}`);
      expect(other.status).toBe(404);
    }
    expect((await t.call("alice", "GET", `/privacy/scan/everything/${sessionId}`)).body.message).toMatch(
      /target: must be one of post, share, export, share_refresh, post_link/,
    );
  });

  it("refuses a choice made on other text (409) or naming findings that are not there (400)", async () => {
    const sessionId = await newConversation();
    const found = await scan("post", sessionId, "alice", "Unknown");
    const stale = await t.call("alice", "POST", "/post/postChat", {
      chat_id: sessionId,
      description: "Stale",
      privacy_hash: "0".repeat(64),
      redact: [found.findings[0]!.id],
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/run the privacy check again/);
    const unknown = await t.call("alice", "POST", "/post/postChat", {
      chat_id: sessionId,
      description: "Unknown",
      privacy_hash: found.text_hash,
      redact: ["0:1:2:email"],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^redact: 0:1:2:email is not a finding/);
    const hashless = await t.call("alice", "POST", "/post/postChat", { chat_id: sessionId, description: "No hash", redact: [found.findings[0]!.id] });
    expect(hashless.status).toBe(400);
    expect(hashless.body.message).toMatch(/^privacy_hash: send the text_hash/);
    const malformed = await t.call("alice", "POST", "/post/postChat", { chat_id: sessionId, description: "Bad", privacy_hash: "xyz", redact: ["nope"] });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/privacy_hash: must be the text_hash/);
  });
});

describe("a post carries its redactions into every copy", () => {
  let sessionId: number;
  let postId: number;
  beforeAll(async () => {
    sessionId = await newConversation();
    const found = await scan("post", sessionId, "alice", "Deploy notes");
    const posted = await t.call("alice", "POST", "/post/postChat", { chat_id: sessionId, description: "Deploy notes", ...redacting(found, "api_key") });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    postId = posted.body.post_id as number;
  });

  it("the post shows the marker, keeps what was not redacted, and records where the markers are", async () => {
    const post = (await t.call("bob", "GET", `/post/getPost/${postId}`)).body as {
      messages: { content: string; redactions?: { kind: string; start: number; end: number }[] }[];
    };
    const all = JSON.stringify(post.messages);
    expect(all).not.toContain(KEY);
    expect(all).toContain(MAIL);
    expect(post.messages[0]!.content).toBe(`Deploy with [redacted API key] and send the report to ${MAIL} please`);
    const [marker] = post.messages[0]!.redactions!;
    expect(post.messages[0]!.content.slice(marker!.start, marker!.end)).toBe("[redacted API key]");
  });

  it("the original conversation keeps its text", async () => {
    const history = (await t.call("alice", "POST", "/chat/getChatHistory", { sessionId })).body as unknown as { sessions: { message_content: string }[] };
    expect(history.sessions[0]!.message_content).toBe(TEXT);
  });

  it("its export, public page, preview and forks carry the redaction", async () => {
    for (const format of ["md", "json"]) {
      const file = await t.app.inject({ method: "GET", url: `/api/v1/post/export/${postId}?format=${format}`, headers: t.as("bob") });
      expect(file.statusCode).toBe(200);
      expect(file.body).not.toContain(KEY);
      expect(file.body).toContain("[redacted API key]");
      expect(file.body).toContain(MAIL);
    }
    const link = await t.call("alice", "POST", `/post/publicLink/${postId}`, { enabled: true });
    const token = link.body.token as string;
    const page = await t.app.inject({ method: "GET", url: `/api/v1/public/post/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain(KEY);
    expect(page.body).toContain("[redacted API key]");
    const html = await t.app.inject({ method: "GET", url: `/p/${token}`, headers: { accept: "text/html" } });
    expect(html.body).not.toContain(KEY);
    expect((await t.app.inject({ method: "GET", url: `/p/${token}/preview.png` })).statusCode).toBe(200);
    const fork = await t.call("bob", "POST", "/chat/getChatHistory", { post_id: postId, clone: true });
    expect(fork.status, JSON.stringify(fork.body)).toBe(200);
    expect(JSON.stringify(fork.body)).not.toContain(KEY);
    expect(JSON.stringify(fork.body)).toContain("[redacted API key]");
  });

  it("turning on a post's public link can redact what posting left (the post itself changes)", async () => {
    const other = await newConversation();
    const posted = await t.call("alice", "POST", "/post/postChat", { chat_id: other, description: "Went ahead" });
    const otherPost = posted.body.post_id as number;
    const found = await scan("post_link", otherPost);
    expect(found.findings.map((f) => f.kind)).toEqual(["api_key", "email", "api_key", "email"]);
    expect((await t.call("bob", "GET", `/privacy/scan/post_link/${otherPost}`)).status).toBe(404);
    const link = await t.call("alice", "POST", `/post/publicLink/${otherPost}`, { enabled: true, ...redacting(found, "email") });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const page = await t.app.inject({ method: "GET", url: `/api/v1/public/post/${link.body.token as string}` });
    expect(page.body).not.toContain(MAIL);
    expect(page.body).toContain(KEY);
    expect(JSON.stringify((await t.call("bob", "GET", `/post/getPost/${otherPost}`)).body)).not.toContain(MAIL);
  });
});

describe("a post's description", () => {
  const typed = `Notes for ${MAIL}, key ${KEY}`;
  // Erin posts here, so that Alice's allowance of posts is left to the other tests.
  beforeAll(() => t.signUp("erin"));
  const conversation = async (text: string) => (await t.send("erin", text)).body.session_id as number;
  it("is checked with the messages, as their last text, and what is redacted in it is a marker in the post", async () => {
    const sessionId = await conversation("How do I rotate credentials?");
    const found = await scan("post", sessionId, "erin", typed);
    const last = found.messages.length - 1;
    expect(found.messages[last]).toEqual({ role: "description", author: "Post description", content: typed });
    expect(found.findings.filter((f) => f.message === last).map((f) => f.kind)).toEqual(["email", "api_key"]);
    // A choice made without the description is a choice on other text.
    const without = await scan("post", sessionId, "erin");
    expect(
      (await t.call("erin", "POST", "/post/postChat", { chat_id: sessionId, description: typed, privacy_hash: without.text_hash, redact: [] })).status,
    ).toBe(409);

    const posted = await t.call("erin", "POST", "/post/postChat", { chat_id: sessionId, description: typed, ...redacting(found, "api_key") });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const post = (await t.call("bob", "GET", `/post/getPost/${posted.body.post_id as number}`)).body as { description: string };
    expect(post.description).toBe(`Notes for ${MAIL}, key [redacted API key]`);
    expect(JSON.stringify((await t.call("bob", "GET", `/post/getPost/${posted.body.post_id as number}`)).body)).not.toContain(KEY);
    // Only a post's description: another target is told so.
    const other = await t.call("erin", "GET", `/privacy/scan/share/${sessionId}?description=x`);
    expect(other.status).toBe(400);
    expect(other.body.message).toMatch(/description: is only for target post/);
  });

  it("is refused unredacted while the check is blocking, and a redaction that lengthens it still fits its 255 characters", async () => {
    const set = await t.app.inject({ method: "POST", url: "/api/v1/admin/privacy", headers: asAdmin("carol"), payload: { blocking: true } });
    expect(set.statusCode).toBe(200);
    try {
      const sessionId = await conversation("Plain question about bread");
      const found = await scan("post", sessionId, "erin", typed);
      const refused = await t.call("erin", "POST", "/post/postChat", { chat_id: sessionId, description: typed, ...redacting(found, "api_key") });
      expect(refused.status).toBe(412);
      expect(refused.body.message).toMatch(/E-mail address in message 3/);
    } finally {
      await t.app.inject({ method: "POST", url: "/api/v1/admin/privacy", headers: asAdmin("carol"), payload: { blocking: false } });
    }
    const long = `${"x".repeat(245)} a@b.co`;
    const sessionId = await conversation("Another plain question");
    const found = await scan("post", sessionId, "erin", long);
    const posted = await t.call("erin", "POST", "/post/postChat", { chat_id: sessionId, description: long, ...redacting(found, "email") });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const post = (await t.call("erin", "GET", `/post/getPost/${posted.body.post_id as number}`)).body as { description: string };
    expect(post.description).toHaveLength(255);
    expect(post.description).not.toContain("a@b.co");
  });
});

describe("a comparison post", () => {
  it("carries the redactions in its side-by-side turns as in its messages", async () => {
    const sessionId = await insertComparisonSession(
      t.db.db,
      "alice",
      [MODEL.demo, MODEL.platform],
      [{ prompt: `Which is safer for ${MAIL}?`, answers: [{ content: `Rotate ${KEY} first.` }, { content: "Either works." }] }],
    );
    const found = await scan("post", sessionId, "alice", "Compared");
    expect(found.findings.map((f) => [f.kind, f.message])).toEqual([
      ["email", 0],
      ["api_key", 1],
    ]);
    const posted = await t.call("alice", "POST", "/post/postChat", {
      chat_id: sessionId,
      description: "Compared",
      privacy_hash: found.text_hash,
      redact: found.findings.map((f) => f.id),
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const [row] = await t.db.db
      .select({ messages: posts.messages, comparison: posts.comparison })
      .from(posts)
      .where(eq(posts.id, posted.body.post_id as number));
    expect(row!.comparison!.turns[0]).toMatchObject({
      prompt: "Which is safer for [redacted e-mail]?",
      answers: [{ content: "Rotate [redacted API key] first." }, { content: "Either works." }],
    });
    expect(row!.messages.map((m) => m.content)).toEqual(["Which is safer for [redacted e-mail]?", "Rotate [redacted API key] first.", "Either works."]);
  });
});

describe("a share carries its redactions", () => {
  it("into the share, its public page and clones, until it stops", async () => {
    const sessionId = await newConversation();
    const found = await scan("share", sessionId);
    const shared = await t.call("alice", "POST", `/chat/shareChat/${sessionId}`, redacting(found, "email"));
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);

    const read = JSON.stringify((await t.call("bob", "POST", "/chat/getChatHistory", { sessionId, shared: true })).body);
    expect(read).not.toContain(MAIL);
    expect(read).toContain("[redacted e-mail]");
    expect(read).toContain(KEY);
    // The owner's own conversation is untouched.
    expect(JSON.stringify((await t.call("alice", "POST", "/chat/getChatHistory", { sessionId })).body)).toContain(MAIL);

    // The public link's check runs on the share as it reads (the address already redacted) and adds to it.
    const again = await scan("share", sessionId);
    // The message, the reply and the title (made from the message): each its own place.
    expect(again.findings.map((f) => [f.kind, again.messages[f.message]!.role])).toEqual([
      ["api_key", "user"],
      ["api_key", "assistant"],
      ["api_key", "title"],
    ]);
    const link = await t.call("alice", "POST", `/chat/publicLink/${sessionId}`, { enabled: true, ...redacting(again, "api_key") });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const page = await t.app.inject({ method: "GET", url: `/api/v1/public/chat/${link.body.token as string}` });
    expect(page.body).not.toContain(MAIL);
    expect(page.body).not.toContain(KEY);
    expect(page.body).toContain("[redacted API key]");

    const clone = await t.call("bob", "POST", "/chat/cloneChat", { sessionId });
    expect(clone.status, JSON.stringify(clone.body)).toBe(200);
    const cloned = JSON.stringify((await t.call("bob", "POST", "/chat/getChatHistory", { sessionId: clone.body.new_session_id })).body);
    expect(cloned).not.toContain(MAIL);
    expect(cloned).not.toContain(KEY);

    // Sharing again after stopping starts from the conversation as it is.
    await t.call("alice", "POST", `/chat/unshareChat/${sessionId}`);
    await t.call("alice", "POST", `/chat/shareChat/${sessionId}`);
    expect(JSON.stringify((await t.call("bob", "POST", "/chat/getChatHistory", { sessionId, shared: true })).body)).toContain(MAIL);
  });
});

describe("a share's redaction is the finding it names", () => {
  it("replaces that occurrence only, leaving the same text elsewhere as written, and later rounds place theirs in the text as it then reads", async () => {
    await t.signUp("fay");
    const text = `First write to ${MAIL}. Then, only if that fails, write to ${MAIL} again.`;
    const sessionId = (await t.send("fay", text)).body.session_id as number;
    const found = await scan("share", sessionId, "fay");
    const inMessage = found.findings.filter((f) => f.message === 0 && f.kind === "email");
    expect(inMessage).toHaveLength(2);
    // Only the second occurrence is redacted.
    const shared = await t.call("fay", "POST", `/chat/shareChat/${sessionId}`, { privacy_hash: found.text_hash, redact: [inMessage[1]!.id] });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    const sessionsOf = async () =>
      ((await t.call("bob", "POST", "/chat/getChatHistory", { sessionId, shared: true })).body as { sessions: { message_content: string }[] }).sessions;
    expect((await sessionsOf())[0]!.message_content).toBe(`First write to ${MAIL}. Then, only if that fails, write to [redacted e-mail] again.`);

    // The public link's check runs on that text; redacting the first now is a second round, placed in it.
    const again = await scan("share", sessionId, "fay");
    const left = again.findings.filter((f) => f.message === 0 && f.kind === "email");
    expect(left).toHaveLength(1);
    const link = await t.call("fay", "POST", `/chat/publicLink/${sessionId}`, { enabled: true, privacy_hash: again.text_hash, redact: [left[0]!.id] });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const both = `First write to [redacted e-mail]. Then, only if that fails, write to [redacted e-mail] again.`;
    expect((await sessionsOf())[0]!.message_content).toBe(both);
    const page = (await t.app.inject({ method: "GET", url: `/api/v1/public/chat/${link.body.token as string}` })).json() as {
      transcript: { messages: { content: string }[] };
    };
    expect(page.transcript.messages[0]!.content).toBe(both);
    const stored = await t.db.db.select({ redactions: chatSessions.shareRedactions }).from(chatSessions).where(eq(chatSessions.id, sessionId));
    expect(stored[0]!.redactions!.map((r) => [r.field, r.round, r.start])).toEqual([
      ["message", 1, inMessage[1]!.start],
      ["message", 2, inMessage[0]!.start],
    ]);
  });
});

describe("a share's refresh", () => {
  it("is checked as sharing is: what was added since is found, redacted where chosen, and refused unredacted while blocking", async () => {
    await t.signUp("gus");
    const sessionId = (await t.send("gus", "How long do I proof bread dough?")).body.session_id as number;
    expect((await t.call("gus", "POST", `/chat/shareChat/${sessionId}`)).status).toBe(200);
    const shared = async () => JSON.stringify((await t.call("bob", "POST", "/chat/getChatHistory", { sessionId, shared: true })).body);
    // Added after the share was taken: not in it until it is refreshed.
    expect((await t.send("gus", TEXT, { session_id: sessionId })).status).toBe(200);
    expect(await shared()).not.toContain(MAIL);

    const found = await scan("share_refresh", sessionId, "gus");
    expect(found.messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant", "title"]);
    expect(new Set(found.findings.map((f) => f.kind))).toEqual(new Set(["api_key", "email"]));
    // The share as it is has nothing to find: its own check does not see what was added.
    expect((await scan("share", sessionId, "gus")).findings).toEqual([]);

    const malformed = await t.call("gus", "POST", `/links/share/${sessionId}/refresh`, { privacy_hash: "not a hash", redact: ["x"] });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/privacy_hash: must be the text_hash of the privacy check \(64 hex digits\)/);
    const stale = await t.call("gus", "POST", `/links/share/${sessionId}/refresh`, {
      privacy_hash: (await scan("share", sessionId, "gus")).text_hash,
      redact: [found.findings[0]!.id],
    });
    expect(stale.status).toBe(409);
    const refreshed = await t.call("gus", "POST", `/links/share/${sessionId}/refresh`, redacting(found, "api_key"));
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    const read = await shared();
    expect(read).not.toContain(KEY);
    expect(read).toContain("[redacted API key]");
    expect(read).toContain(MAIL);
    // The conversation keeps its text.
    expect(JSON.stringify((await t.call("gus", "POST", "/chat/getChatHistory", { sessionId })).body)).toContain(KEY);

    await t.app.inject({ method: "POST", url: "/api/v1/admin/privacy", headers: asAdmin("carol"), payload: { blocking: true } });
    try {
      expect((await t.send("gus", `Also keep ${KEY} safe`, { session_id: sessionId })).status).toBe(200);
      const next = await scan("share_refresh", sessionId, "gus");
      expect(next.blocking).toBe(true);
      const refused = await t.call("gus", "POST", `/links/share/${sessionId}/refresh`);
      expect(refused.status).toBe(412);
      // What was left unredacted at the refresh before is found again, as on sharing.
      expect(refused.body.message).toMatch(
        /Still to redact: E-mail address in message 3 \(jane\.\.\.\); E-mail address in message 4 \(jane\.\.\.\); API key or token in message 5 \(sk-p\.\.\.\)/,
      );
      // Refused: the share is still the snapshot taken before.
      expect(await shared()).not.toContain("Also keep");
      const everything = { privacy_hash: next.text_hash, redact: next.findings.map((f) => f.id) };
      expect((await t.call("gus", "POST", `/links/share/${sessionId}/refresh`, everything)).status).toBe(200);
      const after = await shared();
      expect(after).toContain("Also keep [redacted API key] safe");
      expect(after).not.toContain(KEY);
      expect(after).not.toContain(MAIL);
    } finally {
      await t.app.inject({ method: "POST", url: "/api/v1/admin/privacy", headers: asAdmin("carol"), payload: { blocking: false } });
    }
  });
});

describe("a conversation's title", () => {
  type Read = { description: string; sessions: { message_content: string }[] };
  const readShare = async (sessionId: number) => (await t.call("bob", "POST", "/chat/getChatHistory", { sessionId, shared: true })).body as unknown as Read;
  const titled = async (name: string) => {
    const sessionId = (await t.send(name, `Write to ${MAIL} today`)).body.session_id as number;
    const found = await scan("share", sessionId, name);
    expect(found.messages.map((m) => m.role)).toEqual(["user", "assistant", "title"]);
    expect(found.messages[2]!.content).toBe(`Write to ${MAIL} today`);
    return { sessionId, found, inTitle: found.findings.filter((f) => f.message === 2), inMessage: found.findings.filter((f) => f.message === 0) };
  };

  it("is its own place in a share: a finding in it is redacted there only, and a message's redaction leaves the title as written", async () => {
    await t.signUp("hal");
    const one = await titled("hal");
    expect(one.inTitle.map((f) => f.kind)).toEqual(["email"]);
    expect(
      (await t.call("hal", "POST", `/chat/shareChat/${one.sessionId}`, { privacy_hash: one.found.text_hash, redact: one.inTitle.map((f) => f.id) })).status,
    ).toBe(200);
    const read = await readShare(one.sessionId);
    expect(read.description).toBe("Write to [redacted e-mail] today");
    expect(read.sessions[0]!.message_content).toBe(`Write to ${MAIL} today`);
    const stored = await t.db.db.select({ redactions: chatSessions.shareRedactions }).from(chatSessions).where(eq(chatSessions.id, one.sessionId));
    expect(stored[0]!.redactions).toEqual([{ kind: "email", text: MAIL, field: "title", start: 9, end: 9 + MAIL.length, round: 1, titled: true }]);

    const two = await titled("hal");
    expect(
      (await t.call("hal", "POST", `/chat/shareChat/${two.sessionId}`, { privacy_hash: two.found.text_hash, redact: two.inMessage.map((f) => f.id) })).status,
    ).toBe(200);
    const other = await readShare(two.sessionId);
    expect(other.sessions[0]!.message_content).toBe("Write to [redacted e-mail] today");
    expect(other.description).toBe(`Write to ${MAIL} today`);
    // Its clone and public page carry the title as the share shows it.
    const clone = await t.call("bob", "POST", "/chat/cloneChat", { sessionId: one.sessionId });
    expect(((await t.call("bob", "POST", "/chat/getChatHistory", { sessionId: clone.body.new_session_id })).body as unknown as Read).description).toBe(
      "Write to [redacted e-mail] today",
    );
  });

  it("keeps older stored redactions working: those without the title's place still replace their text in it", async () => {
    await t.signUp("ida");
    const { sessionId } = await titled("ida");
    expect((await t.call("ida", "POST", `/chat/shareChat/${sessionId}`)).status).toBe(200);
    const [exchange] = await t.db.db.select({ id: chatSessions.activeEntryId }).from(chatSessions).where(eq(chatSessions.id, sessionId));
    // Stored before the title was a text of the check: a placed one of the message, and one as text only.
    for (const redactions of [
      [{ kind: "email", text: MAIL, entry: exchange!.id!, field: "message" as const, start: 9, end: 9 + MAIL.length, round: 1 }],
      [{ kind: "email", text: MAIL }],
    ]) {
      await t.db.db.update(chatSessions).set({ shareRedactions: redactions }).where(eq(chatSessions.id, sessionId));
      const read = await readShare(sessionId);
      expect(read.description).toBe("Write to [redacted e-mail] today");
      expect(read.sessions[0]!.message_content).toBe("Write to [redacted e-mail] today");
    }
  });

  it("is its own place in a download", async () => {
    await t.signUp("jo");
    const sessionId = (await t.send("jo", `Write to ${MAIL} today`)).body.session_id as number;
    const found = await scan("export", sessionId, "jo");
    const last = found.messages.length - 1;
    expect(found.messages[last]).toMatchObject({ role: "title", content: `Write to ${MAIL} today` });
    const inTitle = found.findings.filter((f) => f.message === last);
    const file = await t.app.inject({
      method: "GET",
      url: `/api/v1/chat/export/${sessionId}?format=md&privacy_hash=${found.text_hash}&redact=${inTitle.map((f) => f.id).join(",")}`,
      headers: t.as("jo"),
    });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body).toContain("# Write to [redacted e-mail] today");
    expect(file.body).toContain(`Write to ${MAIL} today`);
  });
});

describe("a download", () => {
  it("carries the redactions chosen for it, in the file only", async () => {
    const sessionId = await newConversation();
    const found = await scan("export", sessionId);
    const choice = redacting(found, "api_key");
    const file = await t.app.inject({
      method: "GET",
      url: `/api/v1/chat/export/${sessionId}?format=md&privacy_hash=${choice.privacy_hash}&redact=${choice.redact.join(",")}`,
      headers: t.as("alice"),
    });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body).not.toContain(KEY);
    expect(file.body).toContain("[redacted API key]");
    expect(file.body).toContain(MAIL);
    const plain = await t.app.inject({ method: "GET", url: `/api/v1/chat/export/${sessionId}?format=md`, headers: t.as("alice") });
    expect(plain.body).toContain(KEY);
  });
});

describe("the blocking setting", () => {
  it("is the admins' to change, and then nothing with unredacted findings leaves", async () => {
    const asBob = await t.app.inject({ method: "POST", url: "/api/v1/admin/privacy", headers: t.as("bob"), payload: { blocking: true } });
    expect(asBob.statusCode).toBe(404);
    const set = await t.app.inject({ method: "POST", url: "/api/v1/admin/privacy", headers: asAdmin("carol"), payload: { blocking: true } });
    expect(set.statusCode, set.body).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/v1/admin/privacy", headers: asAdmin("carol") })).json()).toEqual({ blocking: true });
    try {
      const sessionId = await newConversation();
      const found = await scan("post", sessionId, "alice", "Blocked");
      expect(found.blocking).toBe(true);
      const refused = await t.call("alice", "POST", "/post/postChat", { chat_id: sessionId, description: "Blocked", ...redacting(found, "api_key") });
      expect(refused.status).toBe(412);
      expect(refused.body.message).toMatch(/Still to redact: E-mail address in message 1 \(jane\.\.\.\); E-mail address in message 2/);
      expect((await t.call("alice", "POST", `/chat/shareChat/${sessionId}`)).status).toBe(412);
      expect((await t.app.inject({ method: "GET", url: `/api/v1/chat/export/${sessionId}`, headers: t.as("alice") })).statusCode).toBe(412);
      const everything = { privacy_hash: found.text_hash, redact: found.findings.map((f) => f.id) };
      const posted = await t.call("alice", "POST", "/post/postChat", { chat_id: sessionId, description: "Blocked", ...everything });
      expect(posted.status, JSON.stringify(posted.body)).toBe(200);
      // Nothing found: nothing to redact, and it leaves.
      const clean = await newConversation("How long do I proof bread dough?");
      expect((await t.call("alice", "POST", "/post/postChat", { chat_id: clean, description: "Bread" })).status).toBe(200);
    } finally {
      await t.app.inject({ method: "POST", url: "/api/v1/admin/privacy", headers: asAdmin("carol"), payload: { blocking: false } });
    }
  });
});
