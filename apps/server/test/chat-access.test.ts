import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resultRows } from "@parley/db";
import { createChatApp, MODEL } from "./support/chat-fixture";

let t: Awaited<ReturnType<typeof createChatApp>>;
let aliceSession: number;
let aliceEntry: number;
beforeAll(async () => {
  t = await createChatApp();
  await Promise.all(["alice", "bob"].map((name) => t.signUp(name)));
  t.openai.setScenario({ type: "reply", chunks: ["Alice's answer"], usage: { inputTokens: 10, outputTokens: 3 } });
  const sent = await t.send("alice", "Alice's private question", { model_id: MODEL.platform });
  aliceSession = sent.body.session_id as number;
  aliceEntry = resultRows<{ id: number }>(await t.db.db.execute(sql`select id::int from chat_entries where session_id = ${aliceSession}`))[0]!.id;
});
afterAll(() => t.close());

async function snapshot(sessionId: number) {
  const rows = resultRows<{ description: string; shared_at: string | null; entries: number; active_entry_id: number | null }>(
    await t.db.db.execute(
      sql`select description, shared_at, active_entry_id::int, (select count(*)::int from chat_entries where session_id = ${sessionId}) as entries from chat_sessions where id = ${sessionId}`,
    ),
  );
  return rows[0];
}

describe("someone else's conversation is a 404 on every path, and nothing changes", () => {
  const restCalls = (id: number): [string, "GET" | "POST", string, unknown][] => [
    ["read its history", "POST", "/chat/getChatHistory", { sessionId: id }],
    ["read it as shared", "POST", "/chat/getChatHistory", { sessionId: id, shared: true }],
    ["send to it", "POST", "/chat/postChat", { messages: [{ content: "hijack" }], model_id: MODEL.platform, session_id: id }],
    ["clone it", "POST", "/chat/cloneChat", { sessionId: id, addCloneText: true }],
    ["delete it", "POST", `/chat/deleteChat/${id}`, undefined],
    ["share it", "POST", `/chat/shareChat/${id}`, undefined],
    ["unshare it", "POST", `/chat/unshareChat/${id}`, undefined],
    ["switch its branch", "POST", "/chat/switchBranch", { sessionId: id, entryId: aliceEntry }],
    [
      "edit a message of it",
      "POST",
      "/chat/postChat",
      { messages: [{ content: "hijack" }], model_id: MODEL.platform, session_id: id, sibling_of_entry_id: aliceEntry },
    ],
    ["download it", "GET", `/chat/export/${id}?format=json`, undefined],
    ["read its public link", "GET", `/chat/publicLink/${id}`, undefined],
    ["turn its public link on", "POST", `/chat/publicLink/${id}`, { enabled: true }],
    ["compare in it", "POST", "/chat/compare", { messages: [{ content: "hijack" }], model_ids: [MODEL.platform, MODEL.demo], session_id: id }],
    ["read it as a battle", "GET", `/chat/battles/${id}`, undefined],
    ["give it a battle verdict", "POST", `/chat/battles/${id}/verdict`, { choice: "a" }],
  ];

  it.each(restCalls(0).map((_, index) => index))("REST call %i", async (index) => {
    const [what, method, url, payload] = restCalls(aliceSession)[index]!;
    const before = await snapshot(aliceSession);
    const providerCalls = t.openai.requests.length;
    const response = await t.call("bob", method, url, payload);
    expect(response.status, what).toBe(404);
    expect(response.body.message, what).toMatch(/Conversation not found/);
    expect(await snapshot(aliceSession), what).toEqual(before);
    expect(t.openai.requests.length, what).toBe(providerCalls);
  });

  it.each([
    ["chat.history", "query", { sessionId: 0 }],
    ["chat.clone", "mutation", { sessionId: 0 }],
    ["chat.delete", "mutation", { id: 0 }],
    ["chat.share", "mutation", { id: 0, shared: true }],
    ["chat.send", "mutation", { messages: [{ content: "hijack" }], model_id: MODEL.platform, session_id: 0 }],
    ["chat.send", "mutation", { messages: [{ content: "hijack" }], model_id: MODEL.platform, session_id: 0, sibling_of_entry_id: 0 }],
    ["chat.switchBranch", "mutation", { sessionId: 0, entryId: 0 }],
    ["archive.exportSession", "query", { sessionId: 0, format: "md" }],
    ["publicLink.sessionStatus", "query", { sessionId: 0 }],
    ["publicLink.setSession", "mutation", { sessionId: 0, enabled: true }],
    ["chat.compare", "mutation", { messages: [{ content: "hijack" }], model_ids: [MODEL.platform, MODEL.demo], session_id: 0 }],
    ["chat.compareColumns", "query", { sessionId: 0 }],
    ["chat.stopCompareColumn", "mutation", { sessionId: 0, column: 0 }],
    ["chat.pickWinner", "mutation", { sessionId: 0, column: 0 }],
    ["chat.battleById", "query", { id: 0 }],
    ["chat.battleVerdict", "mutation", { id: 0, choice: "a" }],
  ])("tRPC %s", async (path, type, input) => {
    const ids: Record<string, number> = {
      sessionId: aliceSession,
      id: aliceSession,
      session_id: aliceSession,
      entryId: aliceEntry,
      sibling_of_entry_id: aliceEntry,
    };
    const withId = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, ids[k] ?? v]));
    const before = await snapshot(aliceSession);
    const providerCalls = t.openai.requests.length;
    const response =
      type === "query"
        ? await t.app.inject({ method: "GET", url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(withId))}`, headers: t.as("bob") })
        : await t.app.inject({ method: "POST", url: `/trpc/${path}`, headers: t.as("bob"), payload: withId });
    expect(response.statusCode).toBe(404);
    expect(response.body).toMatch(/Conversation not found/);
    expect(await snapshot(aliceSession)).toEqual(before);
    expect(t.openai.requests.length).toBe(providerCalls);
  });

  it("is also a 404 without an account, and a 401 without a token", async () => {
    expect((await t.call("carol", "POST", "/chat/getChatHistory", { sessionId: aliceSession })).status).toBe(404);
    const anonymous = await t.app.inject({ method: "POST", url: "/api/v1/chat/getChatHistory", payload: { sessionId: aliceSession } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("sharing and cloning", () => {
  it("a shared conversation is readable by others with the owner's name; revoking makes it 404 again", async () => {
    expect((await t.call("alice", "POST", `/chat/shareChat/${aliceSession}`)).body).toEqual({ id: aliceSession, shared: true });
    const shared = await t.call("bob", "POST", "/chat/getChatHistory", { sessionId: aliceSession, shared: true });
    expect(shared.status).toBe(200);
    expect(shared.body).toMatchObject({ username: "alice", is_owner: false, category: "general" });
    expect(shared.body.sessions).toEqual([expect.objectContaining({ message_content: "Alice's private question", response_content: "Alice's answer" })]);
    // Read-only: sharing does not let anyone else send to it or delete it.
    expect((await t.call("bob", "POST", "/chat/postChat", { messages: [{ content: "x" }], model_id: MODEL.demo, session_id: aliceSession })).status).toBe(404);
    expect((await t.call("bob", "POST", `/chat/deleteChat/${aliceSession}`)).status).toBe(404);

    expect((await t.call("alice", "POST", `/chat/unshareChat/${aliceSession}`)).body).toEqual({ id: aliceSession, shared: false });
    expect((await t.call("bob", "POST", "/chat/getChatHistory", { sessionId: aliceSession, shared: true })).status).toBe(404);
  });

  it("cloning a shared conversation copies it into the caller's own session, with its lineage", async () => {
    await t.call("alice", "POST", `/chat/shareChat/${aliceSession}`);
    const clone = await t.call("bob", "POST", "/chat/cloneChat", { sessionId: aliceSession, addCloneText: true });
    expect(clone.status).toBe(200);
    const newId = clone.body.new_session_id as number;
    expect(newId).not.toBe(aliceSession);

    const history = await t.call("bob", "POST", "/chat/getChatHistory", { sessionId: newId });
    expect(history.body).toMatchObject({ is_owner: true, forked_from: { session_id: aliceSession, post_id: null, username: "alice" } });
    expect(history.body.sessions).toEqual([expect.objectContaining({ message_content: "Alice's private question", response_content: "Alice's answer" })]);
    const bobSessions = await t.call("bob", "GET", "/chat/getSessionHistory");
    expect(bobSessions.body.sessions).toEqual([
      expect.objectContaining({
        id: newId,
        description: "Alice's private question (clone)",
        forked_from: { session_id: aliceSession, post_id: null, username: "alice" },
      }),
    ]);

    // Bob continues his copy; Alice's conversation is untouched.
    const before = await snapshot(aliceSession);
    const next = await t.send("bob", "And a follow-up", { session_id: newId });
    expect(next.status).toBe(200);
    expect(await snapshot(aliceSession)).toEqual(before);
    expect((await snapshot(newId))!.entries).toBe(2);
  });
});
