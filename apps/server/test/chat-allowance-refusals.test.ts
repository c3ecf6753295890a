import { createTRPCClient, httpBatchStreamLink, httpLink, splitLink } from "@trpc/client";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppRouter } from "@parley/api";
import { createChatApp, MODEL } from "./support/chat-fixture";

// Every send the allowance cannot cover (a chat message, a comparison, a battle; JSON, Server-Sent
// Events and the web app's streamed tRPC call) is refused by one rule, with one message: what is
// left of the allowance and what the send needs, or that all of it is used.

const GPT_4O = "openai:gpt-4o";

let t: Awaited<ReturnType<typeof createChatApp>>;
let url: string;
beforeAll(async () => {
  t = await createChatApp({ openaiModels: ["gpt-4o-mini", "gpt-4o"] });
  url = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => t.close());

const subjectIs = (name: string) => sql`(select id from users where subject = ${name})`;

/** A new account with `left` tokens of its free 500. */
async function personWith(name: string, left: number) {
  await t.signUp(name);
  await t.db.db.execute(sql`update subscriptions set free_tokens_used = ${500 - left} where user_id = ${subjectIs(name)}`);
}

/** The client the web app uses: sends, comparisons and battles streamed, the rest plain. */
function client(name: string) {
  const headers = () => ({ authorization: `Bearer test:${name}` });
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => ["chat.send", "chat.compare", "chat.battle"].includes(op.path),
        true: httpBatchStreamLink({ url: `${url}/trpc`, headers }),
        false: httpLink({ url: `${url}/trpc`, headers }),
      }),
    ],
  });
}

/** Reads a streamed call to its end, so a refusal thrown before or during the stream rejects. */
async function readAll(call: Promise<AsyncIterable<unknown>>) {
  for await (const event of await call) void event;
}

/** A REST call asking for Server-Sent Events: its status and its body's message (refusals answer JSON). */
async function streamed(name: string, path: string, body: Record<string, unknown>) {
  const response = await fetch(`${url}/api/v1${path}`, {
    method: "POST",
    headers: { authorization: `Bearer test:${name}`, "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text };
}

const KEEP_CHATTING = "To keep chatting, add your own OpenAI or Claude key under Admin → API Keys, choose the offline demo model, or upgrade your plan.";
/** 50 of 500 left; "question" is 6 tokens of input per column and each paid reply needs at least 32. */
const TWO_PAID =
  "You have 50 of the 500 tokens of your Free plan left this month, and this message needs at least 76 " +
  `(its text and the shortest reply of each of its 2 models paid from your allowance). ${KEEP_CHATTING}`;
const compareBody = { messages: [{ content: "question" }], model_ids: [MODEL.platform, GPT_4O], session_id: 0 };

describe("a comparison the allowance cannot cover", () => {
  it("says what is left and what it needs, as JSON", async () => {
    await personWith("cara", 50);
    const refused = await t.call("cara", "POST", "/chat/compare", compareBody);
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(TWO_PAID);
  });

  it("says the same when Server-Sent Events were asked for", async () => {
    await personWith("cleo", 50);
    const refused = await streamed("cleo", "/chat/compare", compareBody);
    expect(refused.status).toBe(402);
    expect((JSON.parse(refused.text) as { message: string }).message).toBe(TWO_PAID);
  });

  it("says the same on the web app's streamed call", async () => {
    await personWith("cora", 50);
    await expect(
      readAll(client("cora").chat.compare.mutate({ messages: [{ content: "question" }], model_ids: [MODEL.platform, GPT_4O], session_id: 0 })),
    ).rejects.toThrow(TWO_PAID);
  });

  it("counts only the columns paid from the allowance: the demo model's needs nothing", async () => {
    await personWith("cass", 20);
    const refused = await t.call("cass", "POST", "/chat/compare", { ...compareBody, model_ids: [MODEL.platform, MODEL.demo] });
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(
      `You have 20 of the 500 tokens of your Free plan left this month, and this message needs at least 38 (its text and the shortest reply). ${KEEP_CHATTING}`,
    );
  });

  it("says all of it is used when nothing is left", async () => {
    await personWith("cyra", 0);
    const refused = await t.call("cyra", "POST", "/chat/compare", compareBody);
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(`You have used all 500 tokens of your Free plan this month. ${KEEP_CHATTING}`);
  });
});

describe("a battle the allowance cannot cover", () => {
  // Both models the battle may draw among the paid ones: the demo model needs nothing, so a
  // battle drawing it needs one paid reply; either way the message says what is left and needs.
  const refusal =
    /^You have 20 of the 500 tokens of your Free plan left this month, and this message needs at least (38 \(its text and the shortest reply\)|76 \(its text and the shortest reply of each of its 2 models paid from your allowance\))\. /;

  it("says what is left and what it needs, as JSON and as Server-Sent Events", async () => {
    await personWith("bo", 20);
    const refused = await t.call("bo", "POST", "/chat/battles", { messages: [{ content: "question" }] });
    expect(refused.status).toBe(402);
    expect(refused.body.message).toMatch(refusal);
    const streamedRefusal = await streamed("bo", "/chat/battles", { messages: [{ content: "question" }] });
    expect(streamedRefusal.status).toBe(402);
    expect((JSON.parse(streamedRefusal.text) as { message: string }).message).toMatch(refusal);
  });

  it("says the same on the web app's streamed call", async () => {
    await personWith("bax", 20);
    await expect(readAll(client("bax").chat.battle.mutate({ messages: [{ content: "question" }] }))).rejects.toThrow(refusal);
  });
});

describe("a chat message the allowance cannot cover", () => {
  const ONE_PAID = `You have 20 of the 500 tokens of your Free plan left this month, and this message needs at least 38 (its text and the shortest reply). ${KEEP_CHATTING}`;

  it("says what is left and what it needs, as JSON, as Server-Sent Events and on the streamed call", async () => {
    await personWith("sol", 20);
    const body = { messages: [{ content: "question" }], model_id: MODEL.platform, session_id: 0, category: "general" };
    const refused = await t.call("sol", "POST", "/chat/postChat", body);
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(ONE_PAID);
    const streamedRefusal = await streamed("sol", "/chat/postChat", body);
    expect(streamedRefusal.status).toBe(402);
    expect((JSON.parse(streamedRefusal.text) as { message: string }).message).toBe(ONE_PAID);
    await expect(
      readAll(client("sol").chat.send.mutate({ messages: [{ content: "question" }], model_id: MODEL.platform, session_id: 0, category: "general" })),
    ).rejects.toThrow(ONE_PAID);
  });
});
