import { createTRPCClient, httpBatchStreamLink, httpLink, splitLink } from "@trpc/client";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppRouter, EventOf } from "@parley/api";
import { CHARS_PER_TOKEN } from "@parley/ai";
import { resultRows } from "@parley/db";
import { createChatApp, MODEL } from "./support/chat-fixture";

const GPT_4O = "openai:gpt-4o";
const CLAUDE_KEY = "sk-ant-own-key-000000000000000000000001";

let t: Awaited<ReturnType<typeof createChatApp>>;
let url: string;
beforeAll(async () => {
  t = await createChatApp({ openaiModels: ["gpt-4o-mini", "gpt-4o"] });
  url = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => t.close());

const subjectIs = (name: string) => sql`(select id from users where subject = ${name})`;

async function signUpWithClaude(name: string) {
  await t.signUp(name);
  const saved = await t.call(name, "POST", "/user/updateUserApiKeys", { claude_api_key: CLAUDE_KEY, open_ai_key: "", nickname: "" });
  expect(saved.status).toBe(200);
}

const compare = (name: string, content: string, extra: Record<string, unknown> = {}) =>
  t.call(name, "POST", "/chat/compare", { messages: [{ content }], model_ids: [MODEL.platform, MODEL.claude, MODEL.demo], session_id: 0, ...extra });

type ExchangeRow = {
  id: number;
  parent_entry_id: number | null;
  compare_column: number | null;
  model_id: string;
  message_content: string;
  response_content: string;
  status: string;
  error: string | null;
};

async function entries(sessionId: number) {
  return resultRows<ExchangeRow>(
    await t.db.db.execute(
      sql`select id::int, parent_entry_id::int, compare_column, model_id, message_content, response_content, status, error
        from chat_entries where session_id = ${sessionId} order by created_at, compare_column, id`,
    ),
  );
}

async function session(sessionId: number) {
  const rows = resultRows<{ compare_models: string[] | null; active_entry_id: number | null }>(
    await t.db.db.execute(sql`select compare_models, active_entry_id::int from chat_sessions where id = ${sessionId}`),
  );
  return rows[0];
}

async function ledger(name: string) {
  return resultRows<{ model_id: string; key_source: string; charged_tokens: number }>(
    await t.db.db.execute(sql`select model_id, key_source, charged_tokens from usage_ledger where user_id = ${subjectIs(name)} order by model_id`),
  );
}

/** The client the web app uses: queries plain, sends and comparisons streamed. */
function client(name: string) {
  const headers = () => ({ authorization: `Bearer test:${name}` });
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.path === "chat.compare",
        true: httpBatchStreamLink({ url: `${url}/trpc`, headers }),
        false: httpLink({ url: `${url}/trpc`, headers }),
      }),
    ],
  });
}

/** Reads an SSE answer into its events. */
async function sseEvents(response: Response): Promise<EventOf<"comparison">[]> {
  const text = await response.text();
  return text
    .split("\n\n")
    .filter((block) => block.includes("data: "))
    .map((block) => JSON.parse(block.slice(block.indexOf("data: ") + 6)) as EventOf<"comparison">);
}

describe("comparing models", () => {
  it("asks OpenAI, Claude and the demo model at once; Claude failing mid-stream does not stop the others and its failure is stored", async () => {
    await signUpWithClaude("ada");
    t.openai.setScenario({ type: "reply", chunks: ["Paris", " is the capital."], usage: { inputTokens: 12, outputTokens: 5 }, firstTokenDelayMs: 150 });
    t.anthropic.setScenario({ type: "drop", chunks: ["Par", "is", " never"], afterChunks: 2 });
    const openaiCalls = t.openai.requests.length;
    const anthropicCalls = t.anthropic.requests.length;

    const response = await compare("ada", "What is the capital of France?");
    expect(response.status).toBe(200);
    const sessionId = response.body.session_id as number;
    expect(response.body.columns).toEqual([
      expect.objectContaining({
        column: 0,
        model_id: MODEL.platform,
        status: "complete",
        message_response: "Paris is the capital.",
        usage: { input_tokens: 12, output_tokens: 5, charged_tokens: 17 },
      }),
      expect.objectContaining({ column: 1, model_id: MODEL.claude, status: "error", message_response: "Paris" }),
      expect.objectContaining({ column: 2, model_id: MODEL.demo, status: "complete" }),
    ]);
    expect(t.openai.requests.length - openaiCalls).toBe(1);
    expect(t.anthropic.requests.length - anthropicCalls).toBe(1);

    const stored = await entries(sessionId);
    expect(stored.map((e) => [e.compare_column, e.parent_entry_id, e.model_id, e.message_content, e.status])).toEqual([
      [0, null, MODEL.platform, "What is the capital of France?", "complete"],
      [1, null, MODEL.claude, "What is the capital of France?", "error"],
      [2, null, MODEL.demo, "What is the capital of France?", "complete"],
    ]);
    expect(stored[1]).toMatchObject({ response_content: "Paris", error: expect.any(String) });
    expect(await session(sessionId)).toEqual({ compare_models: [MODEL.platform, MODEL.claude, MODEL.demo], active_entry_id: stored[0]!.id });
    // Only the platform-paid column is charged; the own key and the demo model are recorded free.
    expect(await ledger("ada")).toEqual([
      { model_id: MODEL.claude, key_source: "user", charged_tokens: 0 },
      { model_id: MODEL.demo, key_source: expect.any(String), charged_tokens: 0 },
      { model_id: MODEL.platform, key_source: "platform", charged_tokens: 17 },
    ]);
  });

  it("streams every column in parallel as SSE, each event naming its column", async () => {
    await signUpWithClaude("bea");
    // Column 0 answers late: Claude's text arrives first, so the columns are not asked one by one.
    t.openai.setScenario({ type: "reply", chunks: ["Late", " answer"], firstTokenDelayMs: 400 });
    t.anthropic.setScenario({ type: "reply", chunks: ["Early", " answer"] });
    const response = await fetch(`${url}/api/v1/chat/compare`, {
      method: "POST",
      headers: { authorization: "Bearer test:bea", "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify({ messages: [{ content: "Say something" }], model_ids: [MODEL.platform, MODEL.claude] }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/text\/event-stream/);
    const events = await sseEvents(response);
    expect(events[0]).toMatchObject({
      type: "session",
      created: true,
      columns: [
        { column: 0, model_id: MODEL.platform },
        { column: 1, model_id: MODEL.claude },
      ],
    });
    expect(events.at(-1)).toMatchObject({ type: "end" });
    const texts = events.filter((e) => e.type === "text");
    expect(texts[0]).toMatchObject({ column: 1, text: "Early" });
    expect(
      texts
        .filter((e) => e.column === 0)
        .map((e) => e.text)
        .join(""),
    ).toBe("Late answer");
    expect(
      events
        .filter((e) => e.type === "done")
        .map((e) => e.column)
        .sort(),
    ).toEqual([0, 1]);
  });

  it("a follow-up goes to every column, each with its own history, as the child of its column's last exchange", async () => {
    await signUpWithClaude("cyd");
    t.openai.setScenario({ type: "reply", chunks: ["OpenAI first"] });
    t.anthropic.setScenario({ type: "reply", chunks: ["Claude first"] });
    const first = await compare("cyd", "First question", { model_ids: [MODEL.platform, MODEL.claude] });
    const sessionId = first.body.session_id as number;
    t.openai.setScenario({ type: "reply", chunks: ["OpenAI second"] });
    t.anthropic.setScenario({ type: "reply", chunks: ["Claude second"] });
    const openaiCalls = t.openai.requests.length;
    const anthropicCalls = t.anthropic.requests.length;
    const second = await compare("cyd", "Second question", { model_ids: [MODEL.platform, MODEL.claude], session_id: sessionId });
    expect(second.status).toBe(200);
    expect(second.body.session_id).toBe(sessionId);

    const stored = await entries(sessionId);
    expect(stored).toHaveLength(4);
    const [a1, b1, a2, b2] = stored;
    expect([a2!.compare_column, a2!.parent_entry_id, b2!.compare_column, b2!.parent_entry_id]).toEqual([0, a1!.id, 1, b1!.id]);
    expect((await session(sessionId))!.active_entry_id).toBe(a2!.id);
    // Each model saw its own earlier answer, never the other column's.
    const openaiBody = JSON.stringify(t.openai.requests.slice(openaiCalls)[0]!.body);
    expect(openaiBody).toContain("OpenAI first");
    expect(openaiBody).not.toContain("Claude first");
    const anthropicBody = JSON.stringify(t.anthropic.requests.slice(anthropicCalls)[0]!.body);
    expect(anthropicBody).toContain("Claude first");
    expect(anthropicBody).not.toContain("OpenAI first");

    // Read by columns, and as a plain history (column 0's branch), and marked in the list.
    const columns = await client("cyd").chat.compareColumns.query({ sessionId });
    expect(columns.compare_models).toEqual([MODEL.platform, MODEL.claude]);
    expect(columns.columns.map((c) => [c.model_id, c.turns.map((turn) => [turn.message_content, turn.response_content, turn.status])])).toEqual([
      [
        MODEL.platform,
        [
          ["First question", "OpenAI first", "complete"],
          ["Second question", "OpenAI second", "complete"],
        ],
      ],
      [
        MODEL.claude,
        [
          ["First question", "Claude first", "complete"],
          ["Second question", "Claude second", "complete"],
        ],
      ],
    ]);
    const history = await t.call("cyd", "POST", "/chat/getChatHistory", { sessionId });
    expect((history.body.sessions as { response_content: string }[]).map((e) => e.response_content)).toEqual(["OpenAI first", "OpenAI second"]);
    const list = await t.call("cyd", "GET", "/chat/getSessionHistory");
    expect(list.body.sessions).toEqual([expect.objectContaining({ id: sessionId, compare_models: [MODEL.platform, MODEL.claude] })]);
  });

  it("picking a winner makes the conversation an ordinary chat on that column's branch", async () => {
    await signUpWithClaude("dot");
    t.openai.setScenario({ type: "reply", chunks: ["From OpenAI"] });
    t.anthropic.setScenario({ type: "reply", chunks: ["From Claude"] });
    const first = await compare("dot", "Pick me", { model_ids: [MODEL.platform, MODEL.claude] });
    const sessionId = first.body.session_id as number;
    // Until a column is picked, a plain send (or an edit) into the comparison is refused and stores nothing.
    const plain = await t.send("dot", "Just one of you", { model_id: MODEL.claude, session_id: sessionId });
    expect(plain.status).toBe(400);
    expect(plain.body.message).toMatch(/compares models: send your message to all of them/);
    const edit = await t.send("dot", "Edited", { model_id: MODEL.claude, session_id: sessionId, sibling_of_entry_id: (await entries(sessionId))[0]!.id });
    expect(edit.status).toBe(400);
    expect(await entries(sessionId)).toHaveLength(2);
    const picked = await client("dot").chat.pickWinner.mutate({ sessionId, column: 1 });
    expect(picked).toMatchObject({ session_id: sessionId, model_id: MODEL.claude });
    const stored = await entries(sessionId);
    expect(await session(sessionId)).toEqual({ compare_models: null, active_entry_id: stored[1]!.id });
    const history = await t.call("dot", "POST", "/chat/getChatHistory", { sessionId });
    expect((history.body.sessions as { response_content: string }[]).map((e) => e.response_content)).toEqual(["From Claude"]);
    const list = await t.call("dot", "GET", "/chat/getSessionHistory");
    expect(list.body.sessions).toEqual([expect.objectContaining({ id: sessionId, compare_models: null })]);
    // The conversation goes on with Claude alone, on Claude's branch.
    t.anthropic.setScenario({ type: "reply", chunks: ["Claude again"] });
    const anthropicCalls = t.anthropic.requests.length;
    const next = await t.send("dot", "And then?", { model_id: MODEL.claude, session_id: sessionId });
    expect(next.status).toBe(200);
    const sent = JSON.stringify(t.anthropic.requests.slice(anthropicCalls)[0]!.body);
    expect(sent).toContain("From Claude");
    expect(sent).not.toContain("From OpenAI");
    const after = await t.call("dot", "POST", "/chat/getChatHistory", { sessionId });
    expect((after.body.sessions as { response_content: string }[]).map((e) => e.response_content)).toEqual(["From Claude", "Claude again"]);
    // No longer a comparison: a second pick and a comparison follow-up are refused with a reason.
    await expect(client("dot").chat.pickWinner.mutate({ sessionId, column: 0 })).rejects.toThrow(/not a comparison/);
    const followUp = await compare("dot", "More", { model_ids: [MODEL.platform, MODEL.claude], session_id: sessionId });
    expect(followUp.status).toBe(400);
    expect(followUp.body.message).toMatch(/not a comparison/);
  });

  it("one column is stopped on its own; the others go on", async () => {
    await signUpWithClaude("eve");
    t.openai.setScenario({ type: "reply", chunks: ["Slow", " words", " that", " never", " end"], chunkDelayMs: 300 });
    t.anthropic.setScenario({ type: "reply", chunks: ["Claude", " finishes"], firstTokenDelayMs: 600 });
    const c = client("eve");
    const stream = await c.chat.compare.mutate({ messages: [{ content: "Go" }], model_ids: [MODEL.platform, MODEL.claude] });
    const events: EventOf<"comparison">[] = [];
    for await (const event of stream) {
      events.push(event);
      if (event.type === "text" && event.column === 0 && events.filter((e) => e.type === "text" && e.column === 0).length === 1) {
        expect(
          await c.chat.stopCompareColumn.mutate({ sessionId: event.column === 0 ? (events[0] as { session_id: number }).session_id : 0, column: 0 }),
        ).toEqual({
          stopped: true,
        });
      }
    }
    const sessionId = (events[0] as { session_id: number }).session_id;
    expect(events.find((e) => e.type === "stopped")).toMatchObject({ column: 0, partial_response: "Slow" });
    expect(events.find((e) => e.type === "done")).toMatchObject({ column: 1, message_response: "Claude finishes" });
    expect((await entries(sessionId)).map((e) => [e.compare_column, e.status, e.response_content])).toEqual([
      [0, "stopped", "Slow"],
      [1, "complete", "Claude finishes"],
    ]);
    // Nothing is streaming any more: stopping again stops nothing.
    expect(await c.chat.stopCompareColumn.mutate({ sessionId, column: 0 })).toEqual({ stopped: false });
  });

  it("share, clone and delete work on a comparison; the clone keeps every column and stays a comparison", async () => {
    await signUpWithClaude("fay");
    await t.signUp("gus");
    t.openai.setScenario({ type: "reply", chunks: ["A1"] });
    t.anthropic.setScenario({ type: "reply", chunks: ["B1"] });
    const first = await compare("fay", "Q1", { model_ids: [MODEL.platform, MODEL.claude] });
    const sessionId = first.body.session_id as number;
    await compare("fay", "Q2", { model_ids: [MODEL.platform, MODEL.claude], session_id: sessionId });
    expect((await t.call("fay", "POST", `/chat/shareChat/${sessionId}`)).status).toBe(200);
    const shared = await t.call("gus", "POST", "/chat/getChatHistory", { sessionId, shared: true });
    expect((shared.body.sessions as unknown[]).length).toBe(2);
    const clone = await t.call("gus", "POST", "/chat/cloneChat", { sessionId });
    expect(clone.status).toBe(200);
    const copy = clone.body.new_session_id as number;
    const copied = await entries(copy);
    expect(copied.map((e) => e.compare_column)).toEqual([0, 1, 0, 1]);
    expect(copied[2]!.parent_entry_id).toBe(copied[0]!.id);
    expect(copied[3]!.parent_entry_id).toBe(copied[1]!.id);
    expect(await session(copy)).toEqual({ compare_models: [MODEL.platform, MODEL.claude], active_entry_id: copied[2]!.id });
    const columns = await client("gus").chat.compareColumns.query({ sessionId: copy });
    expect(columns.columns.map((c) => c.turns.length)).toEqual([2, 2]);
    // Shared is read-only: on every other path fay's comparison is a 404 for gus, and nothing changes.
    const gus = client("gus");
    await expect(gus.chat.pickWinner.mutate({ sessionId, column: 0 })).rejects.toThrow(/Conversation not found/);
    await expect(gus.chat.stopCompareColumn.mutate({ sessionId, column: 0 })).rejects.toThrow(/Conversation not found/);
    await expect(gus.chat.compareColumns.query({ sessionId })).rejects.toThrow(/Conversation not found/);
    expect((await gus.chat.compareColumns.query({ sessionId, shared: true })).columns).toHaveLength(2);
    const hijack = await compare("gus", "hijack", { model_ids: [MODEL.platform, MODEL.claude], session_id: sessionId });
    expect(hijack.status).toBe(404);
    expect(await session(sessionId)).toMatchObject({ compare_models: [MODEL.platform, MODEL.claude] });
    expect(await entries(sessionId)).toHaveLength(4);
    expect((await t.call("fay", "POST", `/chat/deleteChat/${sessionId}`)).status).toBe(200);
    expect(await entries(sessionId)).toEqual([]);
    expect(await entries(copy)).toHaveLength(4);
  });
});

describe("a shared comparison is a snapshot", () => {
  it("shows the turns it had when shared on every way in (share, columns, public link, clone) until its owner refreshes it", async () => {
    await signUpWithClaude("kira");
    await t.signUp("lars");
    t.openai.setScenario({ type: "reply", chunks: ["GPT on bread"] });
    t.anthropic.setScenario({ type: "reply", chunks: ["Claude on bread"] });
    const sessionId = (await compare("kira", "How do I bake bread?", { model_ids: [MODEL.platform, MODEL.claude] })).body.session_id as number;
    expect((await t.call("kira", "POST", `/chat/shareChat/${sessionId}`)).status).toBe(200);
    const token = (await t.call("kira", "POST", `/chat/publicLink/${sessionId}`, { enabled: true })).body.token as string;
    // Asked after sharing: a key the share was never checked for.
    const key = "sk-proj-followUpKey0000000000000000000000000001";
    t.openai.setScenario({ type: "reply", chunks: ["GPT follow-up"] });
    t.anthropic.setScenario({ type: "reply", chunks: ["Claude follow-up"] });
    expect((await compare("kira", `My key is ${key}, is that fine?`, { model_ids: [MODEL.platform, MODEL.claude], session_id: sessionId })).status).toBe(200);

    const history = await t.call("lars", "POST", "/chat/getChatHistory", { sessionId, shared: true });
    expect(history.status).toBe(200);
    const columns = history.body.columns as { sessions: { message_content: string; response_content: string }[] }[];
    expect(columns.map((c) => c.sessions.map((e) => e.message_content))).toEqual([["How do I bake bread?"], ["How do I bake bread?"]]);
    expect((history.body.sessions as unknown[]).length).toBe(1);
    const byColumns = await client("lars").chat.compareColumns.query({ sessionId, shared: true });
    expect(byColumns.columns.map((c) => c.turns.length)).toEqual([1, 1]);
    const page = (await t.app.inject({ method: "GET", url: `/api/v1/public/chat/${token}` })).json() as { transcript: { messages: { content: string }[] } };
    expect(page.transcript.messages.map((m) => m.content)).toEqual(["How do I bake bread?", "GPT on bread", "Claude on bread"]);
    const clone = await t.call("lars", "POST", "/chat/cloneChat", { sessionId });
    expect(clone.status).toBe(200);
    const copy = clone.body.new_session_id as number;
    const copied = await entries(copy);
    expect(copied.map((e) => [e.compare_column, e.message_content])).toEqual([
      [0, "How do I bake bread?"],
      [1, "How do I bake bread?"],
    ]);
    expect(await session(copy)).toEqual({ compare_models: [MODEL.platform, MODEL.claude], active_entry_id: copied[0]!.id });
    for (const read of [history.body, byColumns, page, await client("lars").chat.compareColumns.query({ sessionId: copy })])
      expect(JSON.stringify(read)).not.toContain(key);
    // The owner still reads the whole comparison.
    expect((await client("kira").chat.compareColumns.query({ sessionId })).columns.map((c) => c.turns.length)).toEqual([2, 2]);

    // Refreshed, the share shows the follow-up.
    expect((await t.call("kira", "POST", `/links/share/${sessionId}/refresh`, {})).status).toBe(200);
    const refreshed = await t.call("lars", "POST", "/chat/getChatHistory", { sessionId, shared: true });
    expect((refreshed.body.columns as { sessions: unknown[] }[]).map((c) => c.sessions.length)).toEqual([2, 2]);
  });
});

describe("a comparison is read back with every column, named", () => {
  it("by REST getChatHistory (its own and a shared one), tRPC history and the export in Markdown and JSON", async () => {
    await signUpWithClaude("hana");
    await t.signUp("iris");
    t.openai.setScenario({ type: "reply", chunks: ["Answer from GPT"] });
    t.anthropic.setScenario({ type: "reply", chunks: ["Answer from Claude"] });
    const first = await compare("hana", "Which sea is saltiest?", { model_ids: [MODEL.platform, MODEL.claude] });
    const sessionId = first.body.session_id as number;
    const names = Object.fromEntries(
      resultRows<{ id: string; name: string }>(await t.db.db.execute(sql`select id, name from models where id in (${MODEL.platform}, ${MODEL.claude})`)).map(
        (r) => [r.id, r.name],
      ),
    );
    const expected = [
      {
        column: 0,
        model_id: MODEL.platform,
        model_name: names[MODEL.platform],
        sessions: [expect.objectContaining({ message_content: "Which sea is saltiest?", response_content: "Answer from GPT" })],
      },
      {
        column: 1,
        model_id: MODEL.claude,
        model_name: names[MODEL.claude],
        sessions: [expect.objectContaining({ message_content: "Which sea is saltiest?", response_content: "Answer from Claude" })],
      },
    ];
    const own = await t.call("hana", "POST", "/chat/getChatHistory", { sessionId });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ compare_models: [MODEL.platform, MODEL.claude], columns: expected });
    expect((await client("hana").chat.history.query({ sessionId })).columns).toEqual(expected);
    expect((await t.call("hana", "POST", `/chat/shareChat/${sessionId}`)).status).toBe(200);
    const shared = await t.call("iris", "POST", "/chat/getChatHistory", { sessionId, shared: true });
    expect(shared.body).toMatchObject({ compare_models: [MODEL.platform, MODEL.claude], columns: expected });

    const markdown = await t.app.inject({ method: "GET", url: `/api/v1/chat/export/${sessionId}?format=md`, headers: t.as("hana") });
    expect(markdown.statusCode).toBe(200);
    for (const text of [names[MODEL.platform]!, "Answer from GPT", names[MODEL.claude]!, "Answer from Claude"]) expect(markdown.body).toContain(text);
    const json = await t.app.inject({ method: "GET", url: `/api/v1/chat/export/${sessionId}?format=json`, headers: t.as("hana") });
    const transcript = json.json() as { models: string[]; messages: { role: string; author: string; content: string }[] };
    expect(transcript.models).toEqual([names[MODEL.platform], names[MODEL.claude]]);
    expect(transcript.messages.map((m) => [m.role, m.author, m.content])).toEqual([
      ["user", expect.any(String), "Which sea is saltiest?"],
      ["assistant", names[MODEL.platform], "Answer from GPT"],
      ["assistant", names[MODEL.claude], "Answer from Claude"],
    ]);
    // An ordinary chat has neither.
    const plain = await t.call("iris", "POST", "/chat/postChat", { messages: [{ content: "hi" }], model_id: MODEL.demo, session_id: 0, category: "general" });
    expect((await t.call("iris", "POST", "/chat/getChatHistory", { sessionId: plain.body.session_id })).body).toMatchObject({
      compare_models: null,
      columns: null,
    });
  });
});

describe("a comparison's allowance", () => {
  it("is refused as a whole, before anything is stored or asked, when it cannot cover every column", async () => {
    await t.signUp("hal");
    // 50 tokens left: one short send fits (7 + 32), two platform columns (14 + 64) do not.
    await t.db.db.execute(sql`update subscriptions set free_tokens_used = 450 where user_id = ${subjectIs("hal")}`);
    const calls = t.openai.requests.length;
    const refused = await compare("hal", "question", { model_ids: [MODEL.platform, GPT_4O] });
    expect(refused.status).toBe(402);
    expect(refused.body.message).toMatch(/add your own OpenAI or Claude key under Admin → API Keys.*upgrade/);
    expect(t.openai.requests.length).toBe(calls);
    const sessions = await t.call("hal", "GET", "/chat/getSessionHistory");
    expect(sessions.body.sessions).toEqual([]);
    expect((await t.send("hal", "question", { model_id: MODEL.platform })).status).toBe(200);
  });

  it("counts the prompt in every column's input and shares the reply budget evenly between the paid columns", async () => {
    await t.signUp("pam");
    const options = await t.call("pam", "GET", "/chat/getPromptsAndModels");
    const prompt = (options.body.userPrompts as { id: number; prompt: string }[])[0]!;
    t.openai.setScenario({ type: "reply", chunks: ["ok"], usage: { inputTokens: 30, outputTokens: 2 } });
    const calls = t.openai.requests.length;
    const content = "Capital of France?";
    const response = await compare("pam", content, { model_ids: [MODEL.platform, GPT_4O, MODEL.demo], prompt_id: prompt.id });
    expect(response.status).toBe(200);
    // 500 free tokens: each paid column's input is its texts' estimate (prompt included) plus the
    // request's overhead; the reply budget is half of what the inputs leave, shared out evenly.
    const estimate = Math.ceil((content.length + prompt.prompt.length) / CHARS_PER_TOKEN) + 4;
    const reply = Math.min(2 * 2048, Math.max(2 * 32, Math.floor((500 - 2 * estimate) / 2)));
    const requests = t.openai.requests.slice(calls).map((r) => r.body as { model: string; max_tokens: number; messages: { role: string; content: string }[] });
    const byModel = Object.fromEntries(requests.map((r) => [r.model, r]));
    expect(Object.keys(byModel).sort()).toEqual(["gpt-4o", "gpt-4o-mini"]);
    expect(byModel["gpt-4o-mini"]!.max_tokens).toBe(Math.floor(reply / 2) + (reply % 2));
    expect(byModel["gpt-4o"]!.max_tokens).toBe(Math.floor(reply / 2));
    for (const request of requests)
      expect(request.messages).toEqual([
        { role: "system", content: prompt.prompt },
        { role: "user", content },
      ]);
    const stored = resultRows<{ prompt_id: number | null }>(
      await t.db.db.execute(sql`select prompt_id from chat_entries where session_id = ${response.body.session_id as number} order by compare_column`),
    );
    expect(stored).toEqual([{ prompt_id: prompt.id }, { prompt_id: prompt.id }, { prompt_id: prompt.id }]);
    const holds = resultRows<{ n: number }>(await t.db.db.execute(sql`select count(*)::int as n from allowance_holds where user_id = ${subjectIs("pam")}`));
    expect(holds[0]!.n).toBe(0);
  });

  it("pays each column as a single send would: the user's own key before the platform's, the platform's when they have none, nobody for the demo model", async () => {
    await t.signUp("own");
    const saved = await t.call("own", "POST", "/user/updateUserApiKeys", {
      open_ai_key: "sk-own-openai-key-00000000000000001",
      claude_api_key: CLAUDE_KEY,
      nickname: "",
    });
    expect(saved.status).toBe(200);
    await t.signUp("plat");
    t.openai.setScenario({ type: "reply", chunks: ["ok"], usage: { inputTokens: 10, outputTokens: 2 } });
    t.anthropic.setScenario({ type: "reply", chunks: ["ok"], usage: { inputTokens: 10, outputTokens: 2 } });
    const content = "Capital of France?";
    const own = await compare("own", content, { model_ids: [MODEL.platform, MODEL.claude, MODEL.demo] });
    expect(own.status).toBe(200);
    const plat = await compare("plat", content, { model_ids: [MODEL.platform, MODEL.demo] });
    expect(plat.status).toBe(200);
    expect(await ledger("own")).toEqual([
      { model_id: MODEL.claude, key_source: "user", charged_tokens: 0 },
      { model_id: MODEL.demo, key_source: "free", charged_tokens: 0 },
      { model_id: MODEL.platform, key_source: "user", charged_tokens: 0 },
    ]);
    expect(await ledger("plat")).toEqual([
      { model_id: MODEL.demo, key_source: "free", charged_tokens: 0 },
      { model_id: MODEL.platform, key_source: "platform", charged_tokens: 12 },
    ]);
    const used = resultRows<{ subject: string; used: number }>(
      await t.db.db.execute(
        sql`select u.subject, s.free_tokens_used as used from subscriptions s join users u on u.id = s.user_id where u.subject in ('own', 'plat') order by u.subject`,
      ),
    );
    expect(used).toEqual([
      { subject: "own", used: 0 },
      { subject: "plat", used: 12 },
    ]);
    // The demo model reports no usage of its own: its input is the estimate the store made, the
    // message's 18 characters rounded up once to 5 tokens, and the request's 4.
    const demo = (plat.body.columns as { model_id: string; usage: { input_tokens: number } }[]).find((c) => c.model_id === MODEL.demo)!;
    expect(demo.usage.input_tokens).toBe(Math.ceil(content.length / CHARS_PER_TOKEN) + 4);
  });

  it("10 parallel comparisons from a user whose allowance covers one let exactly one through", async () => {
    await t.signUp("ivy");
    // 100 tokens left: one comparison of two platform models reserves 78 (inputs 2 × 7 and 2 × 32
    // of reply); its replies cost 2 × 14, after which 72 are left, too little for another.
    await t.db.db.execute(sql`update subscriptions set free_tokens_used = 400 where user_id = ${subjectIs("ivy")}`);
    t.openai.setScenario({ type: "reply", chunks: ["ok"], usage: { inputTokens: 12, outputTokens: 2 }, firstTokenDelayMs: 300 });
    const calls = t.openai.requests.length;
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => compare("ivy", `question ${i}`, { model_ids: [MODEL.platform, GPT_4O] })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 402)).toHaveLength(9);
    expect(t.openai.requests.length - calls).toBe(2);
    for (const request of t.openai.requests.slice(calls)) expect((request.body as { max_tokens: number }).max_tokens).toBeGreaterThanOrEqual(32);
    const used = resultRows<{ free_tokens_used: number }>(
      await t.db.db.execute(sql`select free_tokens_used from subscriptions where user_id = ${subjectIs("ivy")}`),
    )[0]!;
    expect(used.free_tokens_used).toBe(428);
    expect((await ledger("ivy")).map((row) => row.charged_tokens)).toEqual([14, 14]);
    const holds = resultRows<{ n: number }>(await t.db.db.execute(sql`select count(*)::int as n from allowance_holds where user_id = ${subjectIs("ivy")}`));
    expect(holds[0]!.n).toBe(0);
  });

  it("comparisons and single sends racing for the same allowance never spend more than it holds", async () => {
    await t.signUp("jan");
    await t.db.db.execute(sql`update subscriptions set free_tokens_used = 300 where user_id = ${subjectIs("jan")}`);
    t.openai.setScenario({ type: "reply", chunks: ["ok"], usage: { inputTokens: 12, outputTokens: 30 }, firstTokenDelayMs: 100 });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2 === 0 ? compare("jan", `question ${i}`, { model_ids: [MODEL.platform, GPT_4O] }) : t.send("jan", `question ${i}`, { model_id: MODEL.platform }),
      ),
    );
    expect(results.every((r) => r.status === 200 || r.status === 402)).toBe(true);
    const charged = (await ledger("jan")).reduce((sum, row) => sum + row.charged_tokens, 0);
    const used = resultRows<{ free_tokens_used: number }>(
      await t.db.db.execute(sql`select free_tokens_used from subscriptions where user_id = ${subjectIs("jan")}`),
    )[0]!;
    expect(used.free_tokens_used).toBe(300 + charged);
    expect(used.free_tokens_used).toBeLessThanOrEqual(500);
    expect(results.some((r) => r.status === 402)).toBe(true);
  });
});

describe("comparison input is checked, with a message a person can act on", () => {
  it.each([
    ["one model", { model_ids: [MODEL.platform] }, /at least 2 models/],
    ["five models", { model_ids: [MODEL.platform, GPT_4O, MODEL.claude, MODEL.demo, "openai:other"] }, /at most 4 models/],
    ["the same model twice", { model_ids: [MODEL.platform, MODEL.platform] }, /each model only once/],
    ["no models", { model_ids: undefined }, /model_ids/],
    ["an unknown model", { model_ids: [MODEL.platform, "openai:nope"] }, /"openai:nope" is not available to you/],
    ["an own-key model without a key", { model_ids: [MODEL.platform, MODEL.claude] }, /"anthropic:claude-haiku-4-5" is not available to you/],
    ["an empty message", { messages: [{ content: "   " }] }, /Type a message first/],
    ["no message", { messages: [] }, /messages must contain/],
    ["an unknown category", { category: "nope" }, /category/],
    ["a prompt that does not exist", { prompt_id: 999999 }, /prompt/i],
  ])("%s is a 400", async (_what, extra, message) => {
    await t.signUp("kim");
    const before = await t.call("kim", "GET", "/chat/getSessionHistory");
    const response = await compare("kim", "hello", { model_ids: [MODEL.platform, MODEL.demo], ...extra });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(message);
    expect((await t.call("kim", "GET", "/chat/getSessionHistory")).body).toEqual(before.body);
  });

  it("a follow-up with other models, a pick or stop of a column the comparison does not have, and a pick on an ordinary chat are 400s", async () => {
    await t.signUp("lou");
    const started = await compare("lou", "hello", { model_ids: [MODEL.platform, MODEL.demo] });
    const sessionId = started.body.session_id as number;
    const other = await compare("lou", "again", { model_ids: [MODEL.demo, MODEL.platform], session_id: sessionId });
    expect(other.status).toBe(400);
    expect(other.body.message).toMatch(/A follow-up goes to the models this comparison started with: openai:gpt-4o-mini, demo:parley-demo/);
    await expect(client("lou").chat.pickWinner.mutate({ sessionId, column: 2 })).rejects.toThrow(/has 2 columns, numbered 0 to 1/);
    await expect(client("lou").chat.stopCompareColumn.mutate({ sessionId, column: 3 })).rejects.toThrow(/has 2 columns/);
    await expect(client("lou").chat.pickWinner.mutate({ sessionId, column: 4 })).rejects.toThrow(/at most 3/);
    const plain = await t.send("lou", "plain chat");
    await expect(client("lou").chat.pickWinner.mutate({ sessionId: plain.body.session_id as number, column: 0 })).rejects.toThrow(/not a comparison/);
    expect((await entries(sessionId)).length).toBe(2);
  });
});
