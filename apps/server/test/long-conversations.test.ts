import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatApp } from "./support/chat-fixture";
import { chatgptExport } from "./support/chatgpt-export";

// Whatever can be stored can be cloned, forked and posted: a conversation longer than fits one
// INSERT under PostgreSQL's 65,535 bind parameters (about 5,000 exchanges of a clone's 13 columns,
// 10,900 of a fork's 6).
const EXCHANGES = 11_000;

let t: Awaited<ReturnType<typeof createChatApp>>;
let sessionId: number;
beforeAll(async () => {
  t = await createChatApp();
  await Promise.all(["alice", "bob"].map((name) => t.signUp(name)));
  const exchanges = Array.from({ length: EXCHANGES }, (_, i) => ({ user: `Question ${i}`, assistant: `Answer ${i}` }));
  const file = JSON.stringify(chatgptExport([{ title: "A very long conversation", exchanges }]));
  const imported = await t.app.inject({
    method: "POST",
    url: "/api/v1/chat/import",
    headers: { ...t.as("alice"), "content-type": "text/plain" },
    payload: file,
  });
  expect(imported.statusCode).toBe(200);
  sessionId = (imported.json() as { sessions: { id: number }[] }).sessions[0]!.id;
}, 120_000);
afterAll(() => t.close());

type Entry = { message_content: string; response_content: string };
const historyOf = async (who: string, id: number) => (await t.call(who, "POST", "/chat/getChatHistory", { sessionId: id })).body.sessions as unknown as Entry[];
const expectWhole = (entries: Entry[]) => {
  expect(entries).toHaveLength(EXCHANGES);
  expect(entries[0]).toMatchObject({ message_content: "Question 0", response_content: "Answer 0" });
  expect(entries.at(-1)).toMatchObject({ message_content: `Question ${EXCHANGES - 1}`, response_content: `Answer ${EXCHANGES - 1}` });
};

describe(`a conversation of ${EXCHANGES.toLocaleString("en-US")} exchanges`, () => {
  it("is cloned whole, in order", async () => {
    const cloned = await t.call("alice", "POST", "/chat/cloneChat", { sessionId });
    expect(cloned.status).toBe(200);
    expectWhole(await historyOf("alice", cloned.body.new_session_id as number));
  }, 120_000);

  it("is posted, and the post is forked whole by someone else", async () => {
    const posted = await t.call("alice", "POST", "/post/postChat", { chat_id: sessionId, description: "Long", categories: [] });
    expect(posted.status).toBe(200);
    const forked = await t.call("bob", "POST", "/chat/getChatHistory", { post_id: posted.body.post_id, clone: true });
    expect(forked.status).toBe(200);
    expectWhole(forked.body.sessions as unknown as Entry[]);
  }, 120_000);
});
