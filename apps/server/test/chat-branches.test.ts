import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resultRows } from "@parley/db";
import { createChatApp, MODEL } from "./support/chat-fixture";

type Siblings = { position: number; count: number; ids: number[] };
type Entry = { id: number; message_content: string; response_content: string; siblings?: Siblings };
type History = { sessions: Entry[]; is_owner: boolean; forked_from: unknown };

let t: Awaited<ReturnType<typeof createChatApp>>;
beforeAll(async () => {
  t = await createChatApp();
  await Promise.all(["alice", "bob", "carol"].map((name) => t.signUp(name)));
});
afterAll(() => t.close());

/** The chat screen's read (tRPC), with the sibling details. */
async function screen(name: string, sessionId: number, shared = false): Promise<History> {
  const input = encodeURIComponent(JSON.stringify({ sessionId, shared }));
  const response = await t.app.inject({ method: "GET", url: `/trpc/chat.history?input=${input}`, headers: t.as(name) });
  expect(response.statusCode, response.body).toBe(200);
  return (JSON.parse(response.body) as { result: { data: History } }).result.data;
}
const texts = (history: { sessions: Entry[] }) => history.sessions.map((e) => e.message_content);
const reply = (text: string) => t.openai.setScenario({ type: "reply", chunks: [text], usage: { inputTokens: 5, outputTokens: 2 } });
/** The messages the model was last sent. */
const lastContext = () => (t.openai.requests.at(-1)!.body as { messages: { role: string; content: string }[] }).messages.map((m) => m.content);
async function trpc(name: string, path: string, input: unknown) {
  const response = await t.app.inject({ method: "POST", url: `/trpc/${path}`, headers: t.as(name), payload: input as object });
  return { status: response.statusCode, body: JSON.parse(response.body) as { result?: { data: unknown }; error?: { message: string } } };
}
async function ledgerRows(name: string) {
  const rows = resultRows<{ n: number }>(
    await t.db.db.execute(sql`select count(*)::int as n from usage_ledger l join users u on u.id = l.user_id where u.subject = ${name}`),
  );
  return rows[0]!.n;
}

/** Alice's conversation: 'one' → 'two' → 'three', on the platform model. */
async function conversation(name = "alice") {
  reply("r1");
  const first = await t.send(name, "one", { model_id: MODEL.platform });
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const sessionId = first.body.session_id as number;
  reply("r2");
  await t.send(name, "two", { model_id: MODEL.platform, session_id: sessionId });
  reply("r3");
  await t.send(name, "three", { model_id: MODEL.platform, session_id: sessionId });
  const ids = (await screen(name, sessionId)).sessions.map((e) => e.id);
  return { sessionId, ids: ids as [number, number, number] };
}

describe("edit and regenerate make branches", () => {
  it("an edit is a sibling of the edited exchange: the chat shows the new branch, and the model saw only what came before", async () => {
    const { sessionId, ids } = await conversation();
    reply("r2 edited");
    const edited = await t.send("alice", "two, edited", { model_id: MODEL.platform, session_id: sessionId, sibling_of_entry_id: ids[1] });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ session_id: sessionId, message_response: "r2 edited" });
    expect(lastContext()).toEqual(["one", "r1", "two, edited"]);

    const history = await screen("alice", sessionId);
    expect(texts(history)).toEqual(["one", "two, edited"]);
    const newId = history.sessions[1]!.id;
    expect(history.sessions[0]!.siblings).toEqual({ position: 1, count: 1, ids: [ids[0]] });
    expect(history.sessions[1]!.siblings).toEqual({ position: 2, count: 2, ids: [ids[1], newId] });

    // Continuing goes on from the edit, with the edited branch as context.
    reply("r3 new");
    await t.send("alice", "three, again", { model_id: MODEL.platform, session_id: sessionId });
    expect(lastContext()).toEqual(["one", "r1", "two, edited", "r2 edited", "three, again"]);
    expect(texts(await screen("alice", sessionId))).toEqual(["one", "two, edited", "three, again"]);
  });

  it("switching shows the newest branch under the chosen exchange; the old branch was kept whole", async () => {
    const { sessionId, ids } = await conversation();
    reply("x");
    await t.send("alice", "two b", { model_id: MODEL.platform, session_id: sessionId, sibling_of_entry_id: ids[1] });
    const switched = await trpc("alice", "chat.switchBranch", { sessionId, entryId: ids[1] });
    expect(switched.status).toBe(200);
    expect(switched.body.result!.data).toEqual({ session_id: sessionId, active_entry_id: ids[2] });
    const back = await screen("alice", sessionId);
    expect(texts(back)).toEqual(["one", "two", "three"]);
    expect(back.sessions[1]!.siblings).toMatchObject({ position: 1, count: 2 });
    // Over REST too; the first exchange's newest branch is the edit.
    expect((await t.call("alice", "POST", "/chat/switchBranch", { sessionId, entryId: ids[0] })).status).toBe(200);
    expect(texts(await screen("alice", sessionId))).toEqual(["one", "two b"]);
    // Sending on the old branch continues it.
    await trpc("alice", "chat.switchBranch", { sessionId, entryId: ids[2] });
    reply("r4");
    await t.send("alice", "four", { model_id: MODEL.platform, session_id: sessionId });
    expect(lastContext()).toEqual(["one", "r1", "two", "r2", "three", "r3", "four"]);
  });

  it("a regeneration is a metered send of the same message, possibly on another model, as a sibling reply", async () => {
    const { sessionId, ids } = await conversation();
    const ledger = await ledgerRows("alice");
    const regenerated = await t.send("alice", "three", { model_id: MODEL.demo, session_id: sessionId, sibling_of_entry_id: ids[2] });
    expect(regenerated.status).toBe(200);
    expect(await ledgerRows("alice")).toBe(ledger + 1);
    const history = await screen("alice", sessionId);
    expect(texts(history)).toEqual(["one", "two", "three"]);
    expect(history.sessions[2]!.id).not.toBe(ids[2]);
    expect(history.sessions[2]!.response_content).toContain("offline demo");
    expect(history.sessions[2]!.siblings).toMatchObject({ position: 2, count: 2 });
    // Regenerating the first reply starts a branch with no parent.
    reply("r1 again");
    await t.send("alice", "one", { model_id: MODEL.platform, session_id: sessionId, sibling_of_entry_id: ids[0] });
    expect(lastContext()).toEqual(["one"]);
    const first = await screen("alice", sessionId);
    expect(first.sessions.map((e) => e.response_content)).toEqual(["r1 again"]);
    expect(first.sessions[0]!.siblings).toMatchObject({ position: 2, count: 2 });
  });

  it("a failed edit keeps the new exchange (as an error) on its own branch, like any failed send", async () => {
    const { sessionId, ids } = await conversation();
    t.openai.setScenario({ type: "http-error", status: 500 });
    const failed = await t.send("alice", "two, failing", { model_id: MODEL.platform, session_id: sessionId, sibling_of_entry_id: ids[1] });
    expect(failed.status).toBe(502);
    const history = await screen("alice", sessionId);
    expect(texts(history)).toEqual(["one", "two, failing"]);
    expect(history.sessions[1]).toMatchObject({ status: "error", siblings: { position: 2, count: 2 } });
  });
});

describe("every read follows the active branch", () => {
  let sessionId: number;
  let ids: [number, number, number];
  beforeAll(async () => {
    ({ sessionId, ids } = await conversation());
    reply("r2 b");
    await t.send("alice", "two b", { model_id: MODEL.platform, session_id: sessionId, sibling_of_entry_id: ids[1] });
  });

  it("REST getChatHistory answers the documented shape with the active branch only", async () => {
    const history = await t.call("alice", "POST", "/chat/getChatHistory", { sessionId });
    expect(history.status).toBe(200);
    const sessions = history.body.sessions as Record<string, unknown>[];
    expect(sessions.map((e) => e.message_content)).toEqual(["one", "two b"]);
    for (const entry of sessions) {
      expect(Object.keys(entry).sort()).toEqual(["id", "message_content", "model_id", "response_content", "status", "timestamp", "user"]);
    }
  });

  it("a share shows the branch active when shared; others see no other branch", async () => {
    expect((await t.call("alice", "POST", `/chat/shareChat/${sessionId}`)).status).toBe(200);
    await trpc("alice", "chat.switchBranch", { sessionId, entryId: ids[2] });
    const seen = await screen("bob", sessionId, true);
    expect(texts(seen)).toEqual(["one", "two b"]);
    expect(seen.sessions.every((e) => e.siblings === undefined)).toBe(true);
    expect(texts((await t.call("bob", "POST", "/chat/getChatHistory", { sessionId, shared: true })).body as unknown as History)).toEqual(["one", "two b"]);
    // The owner still reads the branch they are on.
    expect(texts(await screen("alice", sessionId, true))).toEqual(["one", "two", "three"]);
    // Sharing again shares the branch active now.
    await t.call("alice", "POST", `/chat/shareChat/${sessionId}`);
    expect(texts(await screen("bob", sessionId, true))).toEqual(["one", "two", "three"]);
    await t.call("alice", "POST", `/chat/unshareChat/${sessionId}`);
  });

  it("a post snapshots the active branch", async () => {
    await trpc("alice", "chat.switchBranch", { sessionId, entryId: ids[0] });
    const created = await t.call("alice", "POST", "/post/postChat", { chat_id: sessionId, description: "Branch b", categories: ["general"] });
    expect(created.status).toBe(200);
    const post = await t.call("bob", "GET", `/post/getPost/${created.body.post_id}`);
    expect((post.body.messages as { content: string }[]).map((m) => m.content)).toEqual(["one", "r1", "two b", "r2 b"]);
    // Interacting with the post continues exactly that conversation.
    const copy = await t.call("bob", "POST", "/chat/getChatHistory", { post_id: created.body.post_id, clone: true });
    const copyId = copy.body.new_session_id as number;
    reply("continued");
    await t.send("bob", "more", { model_id: MODEL.platform, session_id: copyId });
    expect(lastContext()).toEqual(["one", "r1", "two b", "r2 b", "more"]);
  });

  it("a fork copies the branch read as one branch, records where it came from, and continues from it", async () => {
    await trpc("alice", "chat.switchBranch", { sessionId, entryId: ids[0] });
    await t.call("alice", "POST", `/chat/shareChat/${sessionId}`);
    await trpc("alice", "chat.switchBranch", { sessionId, entryId: ids[2] });
    const fork = await t.call("bob", "POST", "/chat/cloneChat", { sessionId });
    expect(fork.status).toBe(200);
    const forkId = fork.body.new_session_id as number;
    const forked = await screen("bob", forkId);
    expect(texts(forked)).toEqual(["one", "two b"]);
    expect(forked.forked_from).toEqual({ session_id: sessionId, post_id: null, username: "alice" });
    expect(forked.sessions.map((e) => e.siblings?.count)).toEqual([1, 1]);
    reply("after fork");
    await t.send("bob", "next", { model_id: MODEL.platform, session_id: forkId });
    expect(lastContext()).toEqual(["one", "r1", "two b", "r2 b", "next"]);
    // The owner's own copy takes the branch she is on.
    const own = await t.call("alice", "POST", "/chat/cloneChat", { sessionId });
    expect(texts(await screen("alice", own.body.new_session_id as number))).toEqual(["one", "two", "three"]);
  });
});

describe("a conversation's title follows the branch", () => {
  it("once its first message is edited away: on the share, the public page and /api/v1/public/chat; a title of the owner's own stays", async () => {
    reply("first reply");
    const first = await t.send("carol", "My landlord's name is Quentin Oddly", { model_id: MODEL.platform });
    const sessionId = first.body.session_id as number;
    const [root] = (await screen("carol", sessionId)).sessions.map((e) => e.id);
    reply("edited reply");
    expect(
      (await t.send("carol", "How do I write a polite letter?", { model_id: MODEL.platform, session_id: sessionId, sibling_of_entry_id: root })).status,
    ).toBe(200);
    expect((await t.call("carol", "POST", `/chat/shareChat/${sessionId}`)).status).toBe(200);
    const token = (await t.call("carol", "POST", `/chat/publicLink/${sessionId}`, { enabled: true })).body.token as string;
    const reads = async () => ({
      share: (await t.call("bob", "POST", "/chat/getChatHistory", { sessionId, shared: true })).body.description,
      json: ((await t.app.inject({ method: "GET", url: `/api/v1/public/chat/${token}` })).json() as { transcript: { title: string } }).transcript.title,
      page: (await t.app.inject({ method: "GET", url: `/s/${token}`, headers: { accept: "text/html" } })).body,
    });
    const edited = await reads();
    expect(edited.share).toBe("How do I write a polite letter?");
    expect(edited.json).toBe("How do I write a polite letter?");
    expect(edited.page).toContain("How do I write a polite letter?");
    for (const read of Object.values(edited)) expect(String(read)).not.toContain("Quentin");
    // A title the conversation was given (not made from its first message) stays whatever the branch.
    await t.db.db.execute(sql`update chat_sessions set description = 'Letters to the landlord' where id = ${sessionId}`);
    const titled = await reads();
    expect([titled.share, titled.json]).toEqual(["Letters to the landlord", "Letters to the landlord"]);
  });
});

describe("only the owner edits, regenerates or switches", () => {
  it("someone else's exchange, or one of another conversation, is a 404 and changes nothing", async () => {
    const { sessionId, ids } = await conversation();
    const other = await conversation();
    const requests = t.openai.requests.length;
    const mixed = await t.send("alice", "x", { model_id: MODEL.platform, session_id: sessionId, sibling_of_entry_id: other.ids[1] });
    expect(mixed.status).toBe(404);
    expect(mixed.body.message).toMatch(/not part of this conversation/);
    expect((await t.call("alice", "POST", "/chat/switchBranch", { sessionId, entryId: other.ids[1] })).status).toBe(404);
    expect((await t.send("bob", "x", { model_id: MODEL.platform, session_id: sessionId, sibling_of_entry_id: ids[1] })).body.message).toMatch(
      /Conversation not found/,
    );
    expect(t.openai.requests.length).toBe(requests);
    expect(texts(await screen("alice", sessionId))).toEqual(["one", "two", "three"]);
  });

  it("an edit without its conversation's id is a 400 that says what is missing", async () => {
    const { ids } = await conversation("carol");
    const response = await t.send("carol", "x", { model_id: MODEL.platform, session_id: 0, sibling_of_entry_id: ids[1] });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/needs its conversation/);
    const bad = await t.call("carol", "POST", "/chat/switchBranch", { sessionId: 1, entryId: "first" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/must be a message id/);
  });
});
