import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILTIN_PROMPTS, DEFAULT_RATE_LIMITS, refitLeaderboard } from "@parley/api";
import { PROMPT_LIMITS, type PromptCard, type PromptDetail } from "@parley/contracts";
import { resultRows } from "@parley/db";
import { ADMIN_CLAIM_ENV, asAdmin, createChatApp, MODEL } from "./support/chat-fixture";
import { voteForColumn } from "./support/comparison-factory";

// Prompts (issue 28) through the REST rows an external client uses, on a real database: the
// library and its versions, variables and limits, what a send records, publishing, Discover's
// trending and search, saves and their counters under concurrency, comments, hidden prompts on
// every path, and the library file's all-or-nothing import.

let t: Awaited<ReturnType<typeof createChatApp>>;
beforeAll(async () => {
  t = await createChatApp({ env: ADMIN_CLAIM_ENV, openaiModels: ["gpt-4o-mini", "gpt-4o"] });
  await Promise.all(["alice", "bob", "carol", "dave", "boss"].map((name) => t.signUp(name)));
  await t.call("alice", "POST", "/user/handle", { handle: "alice-prompts" });
}, 60_000);
afterAll(() => t.close());

type Answer = { status: number; body: Record<string, unknown> & { message?: string } };

/** Any REST call as `name` (an admin as `boss`). */
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
const cards = (answer: Answer) => (answer.body as unknown as { items: (PromptCard & { hidden: boolean })[] }).items;

async function create(name: string, body: Record<string, unknown>) {
  const made = await api(name, "POST", "/prompts", body);
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return detail(made);
}

async function publish(name: string, id: number, visibility: "public" | "unlisted" | "private" = "public") {
  const answer = await api(name, "PUT", `/prompts/${id}/visibility`, { visibility });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return detail(answer);
}

const GPT_4O = "openai:gpt-4o";

const rows = async <T>(query: ReturnType<typeof sql>) => resultRows<T>(await t.db.db.execute(query));

describe("the library and its versions", () => {
  it("writes a private prompt, keeps each earlier name or text as a version, and restores one as a new version", async () => {
    const made = await create("alice", {
      name: "Explain",
      text: "Explain {{topic}} to {{audience|a child}}.",
      description: "For teaching",
      category: "education",
    });
    expect(made).toMatchObject({
      name: "Explain",
      description: "For teaching",
      category: "education",
      visibility: "private",
      version: 1,
      isOwner: true,
      likedByMe: false,
      forkedFrom: null,
      publicLink: null,
      hidden: false,
      likes: 0,
      saves: 0,
      uses: 0,
      comments: 0,
      author: { handle: "alice-prompts", name: "alice" },
      variables: [
        { name: "topic", default: null },
        { name: "audience", default: "a child" },
      ],
    });

    const edited = detail(await api("alice", "PATCH", `/prompts/${made.id}`, { name: "Explain", text: "Explain {{topic}} briefly.", category: "education" }));
    expect(edited.version).toBe(2);
    expect(edited.variables).toEqual([{ name: "topic", default: null }]);
    // Only the description changed: no new version.
    const same = detail(
      await api("alice", "PATCH", `/prompts/${made.id}`, { name: "Explain", text: "Explain {{topic}} briefly.", description: "Short", category: "education" }),
    );
    expect([same.version, same.description]).toEqual([2, "Short"]);

    const versions = (await api("alice", "GET", `/prompts/${made.id}/versions`)).body.versions as { version: number; text: string }[];
    expect(versions.map((v) => [v.version, v.text])).toEqual([
      [2, "Explain {{topic}} briefly."],
      [1, "Explain {{topic}} to {{audience|a child}}."],
    ]);

    const restored = detail(await api("alice", "POST", `/prompts/${made.id}/versions/1/restore`));
    expect([restored.version, restored.text]).toEqual([3, "Explain {{topic}} to {{audience|a child}}."]);
    expect(((await api("alice", "GET", `/prompts/${made.id}/versions`)).body.versions as unknown[]).length).toBe(3);
    expect(await api("alice", "POST", `/prompts/${made.id}/versions/9/restore`)).toMatchObject({
      status: 404,
      body: { message: "That version of this prompt does not exist." },
    });
  });

  it("answers someone else's private prompt with 404 on every path, and changes nothing", async () => {
    const mine = await create("alice", { name: "Mine", text: "Private text" });
    const notFound = { status: 404, body: { message: expect.stringMatching(/^Prompt not found/) } };
    expect(await api("bob", "GET", `/prompts/${mine.id}`)).toMatchObject(notFound);
    expect(await api("bob", "PATCH", `/prompts/${mine.id}`, { name: "Taken", text: "x" })).toMatchObject(notFound);
    expect(await api("bob", "DELETE", `/prompts/${mine.id}`)).toMatchObject(notFound);
    expect(await api("bob", "GET", `/prompts/${mine.id}/versions`)).toMatchObject(notFound);
    expect(await api("bob", "POST", `/prompts/${mine.id}/versions/1/restore`)).toMatchObject(notFound);
    expect(await api("bob", "PUT", `/prompts/${mine.id}/visibility`, { visibility: "public" })).toMatchObject(notFound);
    expect(await api("bob", "PUT", `/prompts/${mine.id}/public-link`, { enabled: true })).toMatchObject(notFound);
    expect(await api("bob", "PUT", `/prompts/${mine.id}/like`)).toMatchObject(notFound);
    expect(await api("bob", "POST", `/prompts/${mine.id}/save`)).toMatchObject(notFound);
    expect(await api("bob", "GET", `/prompts/${mine.id}/comments`)).toMatchObject(notFound);
    expect(await api("bob", "POST", `/prompts/${mine.id}/comments`, { text: "Hi" })).toMatchObject(notFound);
    expect(await api("bob", "POST", `/prompts/${mine.id}/report`, { reason: "spam" })).toMatchObject(notFound);
    expect(await api("bob", "GET", `/prompts/${mine.id}/answers`)).toMatchObject(notFound);
    const still = detail(await api("alice", "GET", `/prompts/${mine.id}`));
    expect([still.name, still.text, still.visibility, still.likes, still.version]).toEqual(["Mine", "Private text", "private", 0, 1]);
    expect((await api("alice", "DELETE", `/prompts/${mine.id}`)).body).toEqual({ id: mine.id });
    expect(await api("alice", "GET", `/prompts/${mine.id}`)).toMatchObject(notFound);
  });

  it.each([
    ["a name over 100 characters", { name: "n".repeat(101), text: "t" }, /A prompt's name can be at most 100 characters\./],
    ["a text over 20,000 characters", { name: "n", text: "t".repeat(PROMPT_LIMITS.text + 1) }, /A prompt's text can be at most 20,000 characters\./],
    ["21 variables", { name: "n", text: Array.from({ length: 21 }, (_, i) => `{{v${i}}}`).join(" ") }, /at most 20 different variables/],
    ["an unknown category", { name: "n", text: "t", category: "gossip" }, /category: must be one of general, technology/],
    ["a description over 500 characters", { name: "n", text: "t", description: "d".repeat(501) }, /at most 500 characters/],
  ])("refuses %s with 400 and a message", async (_what, body, message) => {
    const before = cards(await api("carol", "GET", "/prompts")).length;
    const answer = await api("carol", "POST", "/prompts", body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(message);
    expect(cards(await api("carol", "GET", "/prompts"))).toHaveLength(before);
  });

  it("pages the library by a keyset cursor, newest change first, and searches it", async () => {
    await Promise.all(Array.from({ length: 25 }, (_, i) => create("carol", { name: `Page ${i}`, text: i === 7 ? "A marmalade recipe" : `Text ${i}` })));
    const first = await api("carol", "GET", "/prompts");
    expect(cards(first)).toHaveLength(PROMPT_LIMITS.pageSize);
    const next = first.body.nextCursor as string;
    expect(next).toEqual(expect.any(String));
    const second = await api("carol", "GET", `/prompts?cursor=${encodeURIComponent(next)}`);
    expect(second.body.nextCursor).toBeNull();
    const ids = [...cards(first), ...cards(second)].map((c) => c.id);
    expect(new Set(ids).size).toBe(25);
    expect(cards(await api("carol", "GET", "/prompts?q=marmal")).map((c) => c.name)).toEqual(["Page 7"]);
    expect(await api("carol", "GET", "/prompts?cursor=nonsense")).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/cursor: must be the nextCursor/) },
    });
  });
});

describe("what a send records", () => {
  it("stores the prompt and version on the exchange, the conversation and its post; a use counts once per person", async () => {
    const prompt = await create("alice", { name: "Haiku", text: "Write a haiku about {{subject|autumn}}." });
    await publish("alice", prompt.id);
    const sent = await t.send("bob", "Write a haiku about autumn.", { promptId: prompt.id, promptVersion: 1 });
    expect(sent.status).toBe(200);
    const sessionId = sent.body.session_id as number;
    await t.send("bob", "And another.", { session_id: sessionId, promptId: prompt.id, promptVersion: 1 });
    expect(await rows(sql`select prompt_id, prompt_version from chat_entries where session_id = ${sessionId} order by id`)).toEqual([
      { prompt_id: prompt.id, prompt_version: 1 },
      { prompt_id: prompt.id, prompt_version: 1 },
    ]);
    expect(await rows(sql`select prompt_id, prompt_version from chat_sessions where id = ${sessionId}`)).toEqual([{ prompt_id: prompt.id, prompt_version: 1 }]);
    // A second version, used by someone else: still one use per person.
    await api("alice", "PATCH", `/prompts/${prompt.id}`, { name: "Haiku", text: "Write a haiku about {{subject|winter}}." });
    const carol = await t.send("carol", "Write a haiku about winter.", { promptId: prompt.id, promptVersion: 2 });
    expect(await rows(sql`select prompt_version from chat_sessions where id = ${carol.body.session_id as number}`)).toEqual([{ prompt_version: 2 }]);
    expect(detail(await api("alice", "GET", `/prompts/${prompt.id}`)).uses).toBe(2);

    const posted = await t.call("bob", "POST", "/post/postChat", { chat_id: sessionId, description: "Autumn haiku", categories: [] });
    expect(await rows(sql`select prompt_id, prompt_version from posts where id = ${posted.body.post_id as number}`)).toEqual([
      { prompt_id: prompt.id, prompt_version: 1 },
    ]);
    const answers = (await api("carol", "GET", `/prompts/${prompt.id}/answers`)).body.models as {
      displayName: string;
      posts: { postId: number; kind: string; title: string }[];
    }[];
    expect(answers).toEqual([
      expect.objectContaining({
        displayName: "Parley Demo (offline)",
        votes: 0,
        posts: [expect.objectContaining({ postId: posted.body.post_id, kind: "post", title: "Autumn haiku" })],
      }),
    ]);
  });

  it("records the prompt on every column of a comparison; its post's answers list each model with the blind votes it won, as the board counts them", async () => {
    const prompt = await create("alice", { name: "Taller", text: "Which is taller, {{a}} or {{b}}?" });
    await publish("alice", prompt.id);
    const compared = await api("bob", "POST", "/chat/compare", {
      messages: [{ content: "Which is taller, a giraffe or a house?" }],
      model_ids: [GPT_4O, MODEL.platform],
      promptId: prompt.id,
      promptVersion: 1,
    });
    expect(compared.status, JSON.stringify(compared.body)).toBe(200);
    const sessionId = compared.body.session_id as number;
    expect(await rows(sql`select compare_column, prompt_id, prompt_version from chat_entries where session_id = ${sessionId} order by compare_column`)).toEqual(
      [
        { compare_column: 0, prompt_id: prompt.id, prompt_version: 1 },
        { compare_column: 1, prompt_id: prompt.id, prompt_version: 1 },
      ],
    );
    // The fake provider answers every model alike: each column's answer is told apart by its model.
    await t.db.db.execute(sql`update chat_entries set response_content = response_content || ' (' || model_id || ')' where session_id = ${sessionId}`);
    const posted = await t.call("bob", "POST", "/post/postChat", { chat_id: sessionId, description: "Giraffe or house" });
    const postId = posted.body.post_id as number;
    expect((await voteForColumn(t.db.db, t.call, "carol", postId, 1)).status).toBe(200);
    // The tallies are the board's counted votes of the prompt: the vote counts here once the board is fitted again.
    await refitLeaderboard(t.db.db);

    type Answers = { models: { model: string; votes: number; posts: { postId: number; kind: string }[] }[] };
    const seenBy = async (name: string) => (await api(name, "GET", `/prompts/${prompt.id}/answers`)).body as unknown as Answers;
    const byModel = (answers: Answers) =>
      Object.fromEntries(answers.models.map((m) => [m.model, { votes: m.votes, posts: m.posts.map((p) => [p.postId, p.kind]) }]));
    expect(byModel(await seenBy("bob"))).toEqual({
      [MODEL.platform]: { votes: 1, posts: [[postId, "comparison"]] },
      [GPT_4O]: { votes: 0, posts: [[postId, "comparison"]] },
    });
    expect(byModel(await seenBy("carol"))).toEqual(byModel(await seenBy("bob")));
    // Someone who has not voted learns nothing of it: neither its models nor its tally (a tally
    // per model over one comparison would name them, and the leader).
    expect(await seenBy("dave")).toEqual({ models: [] });
  });

  it("lists a model once, whether it answered a plain post or a comparison, with one tally", async () => {
    const prompt = await create("alice", { name: "Once", text: "Name a colour." });
    await publish("alice", prompt.id);
    const sent = await t.send("bob", "Name a colour.", { promptId: prompt.id, promptVersion: 1 });
    expect(sent.status).toBe(200);
    const plain = (await t.call("bob", "POST", "/post/postChat", { chat_id: sent.body.session_id as number, description: "A colour" })).body.post_id as number;
    const compared = await api("bob", "POST", "/chat/compare", {
      messages: [{ content: "Name a colour." }],
      model_ids: [MODEL.demo, MODEL.platform],
      promptId: prompt.id,
      promptVersion: 1,
    });
    expect(compared.status, JSON.stringify(compared.body)).toBe(200);
    const comparison = (await t.call("bob", "POST", "/post/postChat", { chat_id: compared.body.session_id as number, description: "Colours side by side" }))
      .body.post_id as number;
    const { columns } = (await voteForColumn(t.db.db, t.call, "carol", comparison, 0)).body as unknown as { columns: { model_id: string; votes: number }[] };
    expect(columns.find((c) => c.model_id === MODEL.demo)!.votes).toBe(1);
    await refitLeaderboard(t.db.db);
    const answers = (await api("bob", "GET", `/prompts/${prompt.id}/answers`)).body as unknown as {
      models: { model: string; displayName: string; votes: number; posts: { postId: number }[] }[];
    };
    const demo = answers.models.filter((m) => m.displayName === "Parley Demo (offline)");
    // The offline demo is not rated: the vote counts in its post's tally, but not on the board, nor here.
    expect(demo).toEqual([{ model: MODEL.demo, displayName: "Parley Demo (offline)", votes: 0, posts: expect.any(Array) }]);
    expect(demo[0]!.posts.map((p) => p.postId).sort()).toEqual([plain, comparison].sort());
    expect(answers.models.map((m) => m.model).sort()).toEqual([MODEL.demo, MODEL.platform].sort());
  });

  it("names the library prompt the message came from over the system prompt sent with it, and the system prompt alone without a version", async () => {
    // Its own author (each test that publishes has one, so no one passes the posting limit).
    await t.signUp("pia");
    const prompt = await create("pia", { name: "Over", text: "Name a fruit." });
    await publish("pia", prompt.id);
    const system = await create("bob", { name: "Bob's system", text: "Answer in one word." });
    const both = await t.send("bob", "Name a fruit.", { prompt_id: system.id, promptId: prompt.id, promptVersion: 1 });
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    const alone = await t.send("bob", "Name another.", { prompt_id: system.id });
    expect(alone.status, JSON.stringify(alone.body)).toBe(200);
    const named = (sessionId: unknown) => rows(sql`select prompt_id, prompt_version from chat_entries where session_id = ${sessionId as number}`);
    expect(await named(both.body.session_id)).toEqual([{ prompt_id: prompt.id, prompt_version: 1 }]);
    expect(await named(alone.body.session_id)).toEqual([{ prompt_id: system.id, prompt_version: null }]);
  });

  it("counts no use of its prompt for a send withdrawn after it was stored (a key the server cannot open); a later send counts one", async () => {
    await t.signUp("quinn");
    const prompt = await create("quinn", { name: "Withdrawn", text: "Say hello." });
    await publish("quinn", prompt.id);
    await t.signUp("walt");
    await t.db.db.execute(
      sql`insert into user_provider_keys (user_id, provider, ciphertext, last4) select id, 'claude', ${`v1.${"x".repeat(64)}`}, '1234' from users where subject = 'walt'`,
    );
    const refused = await t.send("walt", "Say hello.", { model_id: MODEL.claude, promptId: prompt.id, promptVersion: 1 });
    expect(refused.status).toBe(409);
    expect(detail(await api("quinn", "GET", `/prompts/${prompt.id}`)).uses).toBe(0);
    expect((await t.send("walt", "Say hello.", { promptId: prompt.id, promptVersion: 1 })).status).toBe(200);
    expect(detail(await api("quinn", "GET", `/prompts/${prompt.id}`)).uses).toBe(1);
  });

  it("counts a battle verdict on the prompt's page as the board does: for its owner, who knows its models, and for nobody else", async () => {
    await t.signUp("rosa");
    const prompt = await create("rosa", { name: "Picnic", text: "Plan a picnic." });
    await publish("rosa", prompt.id);
    const started = await t.call("dave", "POST", "/chat/battles", { messages: [{ content: "Plan a picnic." }] });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const battleId = started.body.battle_id as number;
    // A battle started from the prompt (as a send from the library records it on the conversation).
    await t.db.db.execute(sql`update chat_sessions set prompt_id = ${prompt.id}, prompt_version = 1 where id = ${battleId}`);
    const decided = await t.call("dave", "POST", `/chat/battles/${battleId}/verdict`, { choice: "a" });
    expect(decided.body).toMatchObject({ verdict: { counted: true } });
    const shown = (decided.body.answers as { model_id: string }[]).map((a) => a.model_id);
    await refitLeaderboard(t.db.db);
    const board = (await t.call("dave", "GET", `/post/leaderboard?promptId=${prompt.id}`)).body as unknown as {
      pairs: { models: string[]; counts: number[][] };
    };
    expect(board.pairs.counts.flat().reduce((a, b) => a + b, 0)).toBe(2);
    const tallies = (name: string) =>
      api(name, "GET", `/prompts/${prompt.id}/answers`).then((answer) =>
        Object.fromEntries(
          (answer.body as unknown as { models: { model: string; votes: number; posts: unknown[] }[] }).models.map((m) => [
            m.model,
            { votes: m.votes, posts: m.posts.length },
          ]),
        ),
      );
    expect(await tallies("dave")).toEqual({ [shown[0]!]: { votes: 1, posts: 0 }, [shown[1]!]: { votes: 0, posts: 0 } });
    // Someone else does not know the battle's models: neither they nor its tally are shown.
    expect(await tallies("carol")).toEqual({});
  });

  it("records nothing for a prompt the sender cannot see, and the send still goes through", async () => {
    const secret = await create("alice", { name: "Secret", text: "Hidden away" });
    const sent = await t.send("bob", "Hello", { promptId: secret.id, promptVersion: 1 });
    expect(sent.status).toBe(200);
    expect(await rows(sql`select prompt_id from chat_sessions where id = ${sent.body.session_id as number}`)).toEqual([{ prompt_id: null }]);
    expect(detail(await api("alice", "GET", `/prompts/${secret.id}`)).uses).toBe(0);
  });

  it("lists the caller's own and saved prompts after the built-in ones in getPromptsAndModels, saying which are built in", async () => {
    const origin = await create("carol", { name: "Carol's public", text: "Shared text" });
    await publish("carol", origin.id);
    const copy = detail(await api("bob", "POST", `/prompts/${origin.id}/save`));
    const own = await create("bob", { name: "Bob's own", text: "Own text" });
    const options = (await t.call("bob", "GET", "/chat/getPromptsAndModels")).body.userPrompts as {
      id: number;
      name: string;
      prompt: string;
      builtin: boolean;
    }[];
    expect(options.slice(0, BUILTIN_PROMPTS.length).map((p) => p.name)).toEqual(BUILTIN_PROMPTS.map((p) => p.name));
    // The spec's fields (id, name, prompt) and `builtin`, which tells the composer what a choice does.
    expect(options.map((p) => p.builtin)).toEqual(options.map((_, index) => index < BUILTIN_PROMPTS.length));
    const mine = options.slice(BUILTIN_PROMPTS.length).map((p) => p.id);
    expect(mine).toContain(copy.id);
    expect(mine).toContain(own.id);
    expect(mine).not.toContain(origin.id);
    for (const option of options) expect(Object.keys(option).sort()).toEqual(["builtin", "id", "name", "prompt"]);
  });
});

describe("publishing, Discover and search", () => {
  it("lists public prompts (not unlisted or private ones) newest first, by category and by a word of their text", async () => {
    const pub = await create("bob", { name: "Quokka facts", text: "Tell me five facts about quokkas", category: "education" });
    const unlisted = await create("bob", { name: "Quokka unlisted", text: "Quokkas unlisted" });
    await create("bob", { name: "Quokka private", text: "Quokkas private" });
    await publish("bob", pub.id);
    await publish("bob", unlisted.id, "unlisted");
    const found = cards(await api("carol", "GET", "/prompts/discover?sort=newest&q=quokkas"));
    expect(found.map((c) => c.id)).toEqual([pub.id]);
    expect(cards(await api("carol", "GET", "/prompts/discover?sort=newest&q=quokk")).map((c) => c.id)).toEqual([pub.id]);
    expect(cards(await api("carol", "GET", "/prompts/discover?sort=newest&category=education")).map((c) => c.id)).toContain(pub.id);
    expect(cards(await api("carol", "GET", "/prompts/discover?sort=newest&category=health")).map((c) => c.id)).not.toContain(pub.id);
    // The unlisted one opens by its address (its page with its key), not by its id alone.
    expect((await api("carol", "GET", `/prompts/${unlisted.id}`)).status).toBe(404);
    const address = detail(await api("bob", "GET", `/prompts/${unlisted.id}`)).unlistedPath!;
    expect((await api("carol", "GET", `/prompts/${unlisted.id}?key=${new URL(address, "http://x").searchParams.get("key")}`)).status).toBe(200);
    expect(await api("carol", "GET", "/prompts/discover?sort=popular")).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/sort: must be one of trending, newest/) },
    });
  });

  it("orders trending by uses of distinct people, saves and likes, each weighing less as it ages", async () => {
    const names = ["Old favourite", "Fresh like", "Fresh use", "Fresh save"];
    const ids: number[] = [];
    for (const name of names) ids.push((await create("carol", { name, text: `Trending test ${name}`, category: "health" })).id);
    const [old, like, use, save] = ids as [number, number, number, number];
    const people = resultRows<{ id: string }>(await t.db.db.execute(sql`select id from users order by handle`)).map((r) => r.id);
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000).toISOString();
    await t.db.db.execute(sql`update prompts set visibility = 'public', published_at = ${tenDaysAgo}::timestamptz where id in (${sql.join(ids, sql`, `)})`);
    // Four likes ten days ago (weight 4 halved three times and more) against one like, use or save now.
    for (const person of people.slice(0, 4))
      await t.db.db.execute(sql`insert into prompt_likes (prompt_id, user_id, created_at) values (${old}, ${person}::uuid, ${tenDaysAgo}::timestamptz)`);
    await t.db.db.execute(sql`insert into prompt_likes (prompt_id, user_id) values (${like}, ${people[0]}::uuid)`);
    await t.db.db.execute(sql`insert into prompt_uses (prompt_id, user_id) values (${use}, ${people[0]}::uuid)`);
    await t.db.db.execute(sql`insert into prompts (user_id, name, prompt, forked_from_id) values (${people[1]}::uuid, 'copy', 'copy', ${save})`);
    const order = cards(await api("bob", "GET", "/prompts/discover?sort=trending&category=health")).map((c) => c.id);
    expect(order).toEqual([use, save, like, old]);
    const counts = cards(await api("bob", "GET", "/prompts/discover?sort=trending&category=health")).map((c) => [c.likes, c.saves, c.uses]);
    expect(counts).toEqual([
      [0, 0, 1],
      [0, 1, 0],
      [1, 0, 0],
      [4, 0, 0],
    ]);
    // Keyset pages of two follow the same order.
    const first = await api("bob", "GET", "/prompts/discover?sort=trending&category=health&limit=2");
    const second = await api(
      "bob",
      "GET",
      `/prompts/discover?sort=trending&category=health&limit=2&cursor=${encodeURIComponent(first.body.nextCursor as string)}`,
    );
    expect([...cards(first), ...cards(second)].map((c) => c.id)).toEqual(order);
    expect(second.body.nextCursor).toBeNull();
  });

  it("refuses to publish more than the per-person limit in a minute, with 429", async () => {
    const statuses: number[] = [];
    const made = await Promise.all(
      Array.from({ length: DEFAULT_RATE_LIMITS.post.limit + 2 }, (_, i) => create("dave", { name: `Burst ${i}`, text: "Burst" }).catch(() => null)),
    );
    for (const prompt of made) statuses.push((await api("dave", "PUT", `/prompts/${prompt!.id}/visibility`, { visibility: "public" })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(DEFAULT_RATE_LIMITS.post.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
  });
});

describe("saves, likes and comments", () => {
  it("saves a copy into the library with its lineage; 100 people saving and liking at once count exactly 100", async () => {
    const origin = await create("alice", { name: "Popular", text: "Everyone wants this {{thing}}" });
    await publish("alice", origin.id);
    const people = Array.from({ length: 100 }, (_, i) => `saver${i}`);
    for (let i = 0; i < people.length; i += 20) await Promise.all(people.slice(i, i + 20).map((name) => t.signUp(name)));
    const saved = await Promise.all(people.map((name) => api(name, "POST", `/prompts/${origin.id}/save`)));
    const liked = await Promise.all(people.map((name) => api(name, "PUT", `/prompts/${origin.id}/like`)));
    expect(saved.map((s) => s.status).filter((s) => s !== 200)).toEqual([]);
    expect(liked.map((s) => s.status).filter((s) => s !== 200)).toEqual([]);
    const after = detail(await api("alice", "GET", `/prompts/${origin.id}`));
    expect([after.saves, after.likes]).toEqual([100, 100]);

    const copy = detail(saved[0]!);
    expect(copy).toMatchObject({
      name: "Popular",
      text: "Everyone wants this {{thing}}",
      visibility: "private",
      isOwner: true,
      forkedFrom: { id: origin.id, name: "Popular" },
    });
    // Saving again answers the same copy and counts nothing.
    expect(detail(await api("saver0", "POST", `/prompts/${origin.id}/save`)).id).toBe(copy.id);
    expect(await api("alice", "POST", `/prompts/${origin.id}/save`)).toMatchObject({
      status: 400,
      body: { message: "This prompt is already yours: it is in your library." },
    });
    // Unliking and deleting a copy move the counters back.
    expect((await api("saver1", "DELETE", `/prompts/${origin.id}/like`)).body).toEqual({ liked: false, likes: 99 });
    await api("saver0", "DELETE", `/prompts/${copy.id}`);
    expect(detail(await api("alice", "GET", `/prompts/${origin.id}`)).saves).toBe(99);
  });

  it("comments in keyset pages, oldest first; only the author deletes a comment", async () => {
    const prompt = await create("alice", { name: "Discuss", text: "Discuss this" });
    const key = new URL((await publish("alice", prompt.id, "unlisted")).unlistedPath!, "http://x").searchParams.get("key");
    for (const reader of ["bob", "carol"]) expect((await api(reader, "GET", `/prompts/${prompt.id}?key=${key}`)).status).toBe(200);
    const first = await api("bob", "POST", `/prompts/${prompt.id}/comments`, { text: "  First!  " });
    expect(first.body).toMatchObject({ text: "First!", isOwner: true, author: { name: "bob" } });
    for (let i = 0; i < PROMPT_LIMITS.pageSize; i++) await api("carol", "POST", `/prompts/${prompt.id}/comments`, { text: `Comment ${i}` });
    const page = await api("alice", "GET", `/prompts/${prompt.id}/comments`);
    const items = page.body.items as { id: number; text: string; isOwner: boolean }[];
    expect(items[0]).toMatchObject({ text: "First!", isOwner: false });
    const rest = await api("alice", "GET", `/prompts/${prompt.id}/comments?cursor=${encodeURIComponent(page.body.nextCursor as string)}`);
    expect((rest.body.items as { text: string }[]).map((c) => c.text)).toEqual([`Comment ${PROMPT_LIMITS.pageSize - 1}`]);
    expect(detail(await api("alice", "GET", `/prompts/${prompt.id}`)).comments).toBe(PROMPT_LIMITS.pageSize + 1);
    expect(await api("alice", "DELETE", `/prompts/comments/${first.body.id as number}`)).toMatchObject({ status: 404 });
    expect((await api("bob", "DELETE", `/prompts/comments/${first.body.id as number}`)).body).toEqual({ id: first.body.id });
    expect(detail(await api("alice", "GET", `/prompts/${prompt.id}`)).comments).toBe(PROMPT_LIMITS.pageSize);
    expect(await api("bob", "POST", `/prompts/${prompt.id}/comments`, { text: " " })).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/text: Write a comment first: it cannot be empty\./) },
    });
  });
});

describe("a prompt hidden by a moderator", () => {
  it("joins the queue when reported and, once hidden, vanishes from every list, search, page and public link", async () => {
    const prompt = await create("alice", { name: "Zebra trivia", text: "Zebra stripes explained", category: "entertainment" });
    await publish("alice", prompt.id);
    const link = detail(await api("alice", "PUT", `/prompts/${prompt.id}/public-link`, { enabled: true })).publicLink!;
    expect(link).toMatch(/^\/pp\/[A-Za-z0-9_-]{24}$/);
    const token = link.slice("/pp/".length);
    expect((await api("carol", "GET", `/public/prompt/${token}`)).body).toMatchObject({ kind: "prompt", id: prompt.id, text: "Zebra stripes explained" });
    // Its page carries the preview tags a link preview reads, and is never indexed.
    const page = await t.app.inject({ method: "GET", url: link });
    expect(page.statusCode).toBe(200);
    expect(page.headers["x-robots-tag"]).toBe("noindex");
    expect(page.body).toContain('<meta property="og:title" content="Zebra trivia · Parley" />');
    expect(page.body).toContain("A prompt by alice: Zebra stripes explained");
    // Its picture (name, text, author) is drawn and served as a post's: a PNG revalidated by its ETag.
    expect(page.body).toMatch(new RegExp(`<meta property="og:image" content="http://localhost:3000${link}/preview\\.png\\?v=[\\w-]+" />`));
    const image = await t.app.inject({ method: "GET", url: `${link}/preview.png` });
    expect(image.statusCode).toBe(200);
    expect(image.headers).toMatchObject({ "content-type": "image/png", "cache-control": "public, no-cache", "x-robots-tag": "noindex" });
    expect([image.rawPayload.readUInt32BE(16), image.rawPayload.readUInt32BE(20)]).toEqual([1200, 630]);
    const etag = image.headers.etag as string;
    expect((await t.app.inject({ method: "GET", url: `${link}/preview.png`, headers: { "if-none-match": etag } })).statusCode).toBe(304);
    // A new text is a new picture.
    await api("alice", "PATCH", `/prompts/${prompt.id}`, { name: "Zebra trivia", text: "Zebra stripes explained again", category: "entertainment" });
    expect((await t.app.inject({ method: "GET", url: `${link}/preview.png` })).headers.etag).not.toBe(etag);

    expect(await api("alice", "POST", `/prompts/${prompt.id}/report`, { reason: "spam" })).toMatchObject({ status: 400 });
    expect((await api("bob", "POST", `/prompts/${prompt.id}/report`, { reason: "spam", details: "Ads" })).body).toMatchObject({
      reported: true,
      already_reported: false,
    });
    const queue = (await api("boss", "GET", "/admin/queue")).body.items as { kind: string; id: number; reports: number; excerpt: string }[];
    expect(queue).toContainEqual(expect.objectContaining({ kind: "prompt", id: prompt.id, reports: 1, excerpt: "Zebra trivia" }));
    expect((await api("boss", "POST", "/admin/hide", { kind: "prompt", id: prompt.id })).body).toMatchObject({
      kind: "prompt",
      hidden: true,
      changed: true,
      reports_settled: 1,
    });

    const notFound = { status: 404 };
    expect(cards(await api("carol", "GET", "/prompts/discover?sort=newest&q=zebra"))).toEqual([]);
    expect(cards(await api("carol", "GET", "/prompts/discover?sort=trending")).map((c) => c.id)).not.toContain(prompt.id);
    expect(cards(await api("carol", "GET", "/user/creator/alice-prompts/prompts")).map((c) => c.id)).not.toContain(prompt.id);
    expect(await api("carol", "GET", `/prompts/${prompt.id}`)).toMatchObject(notFound);
    expect(await api("carol", "PUT", `/prompts/${prompt.id}/like`)).toMatchObject(notFound);
    expect(await api("carol", "POST", `/prompts/${prompt.id}/save`)).toMatchObject(notFound);
    expect(await api("carol", "GET", `/prompts/${prompt.id}/comments`)).toMatchObject(notFound);
    expect(await api("carol", "GET", `/prompts/${prompt.id}/answers`)).toMatchObject(notFound);
    expect(await api("carol", "GET", `/public/prompt/${token}`)).toMatchObject(notFound);
    expect((await t.app.inject({ method: "GET", url: link })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `${link}/preview.png` })).statusCode).toBe(404);
    // Its owner still has it, marked, and cannot publish it again or give it a link.
    expect(detail(await api("alice", "GET", `/prompts/${prompt.id}`))).toMatchObject({ hidden: true });
    expect(await api("alice", "PUT", `/prompts/${prompt.id}/visibility`, { visibility: "unlisted" })).toMatchObject({ status: 409 });

    await api("boss", "POST", "/admin/restore", { kind: "prompt", id: prompt.id });
    expect(cards(await api("carol", "GET", "/prompts/discover?sort=newest&q=zebra")).map((c) => c.id)).toEqual([prompt.id]);
  });
});

describe("a prompt's public link", () => {
  it("shows no picture once revoked, or once the prompt is private again", async () => {
    const prompt = await create("alice", { name: "Okapi facts", text: "Tell me about okapis" });
    await publish("alice", prompt.id, "unlisted");
    const link = async () => detail(await api("alice", "PUT", `/prompts/${prompt.id}/public-link`, { enabled: true })).publicLink!;
    const picture = async (path: string) => (await t.app.inject({ method: "GET", url: `${path}/preview.png` })).statusCode;
    const first = await link();
    expect(await picture(first)).toBe(200);
    await api("alice", "PUT", `/prompts/${prompt.id}/public-link`, { enabled: false });
    expect(await picture(first)).toBe(404);
    const second = await link();
    expect(await picture(second)).toBe(200);
    await publish("alice", prompt.id, "private");
    expect(await picture(second)).toBe(404);
    expect(await picture("/pp/AAAAAAAAAAAAAAAAAAAAAAAA")).toBe(404);
  });
});

describe("the library file", () => {
  const file = (prompts: unknown[]) => ({ format: "parley.prompts", version: 1, prompts });

  it("imports all or nothing, keeps earlier versions, and exports what it imported", async () => {
    await t.signUp("erin");
    const bad = await api(
      "erin",
      "POST",
      "/prompts/import",
      file([
        { name: "Good", text: "Fine" },
        { name: "Bad", text: "x".repeat(PROMPT_LIMITS.text + 1) },
      ]),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/prompts\.1\.text: A prompt's text can be at most 20,000 characters\./);
    expect(cards(await api("erin", "GET", "/prompts"))).toEqual([]);
    expect(await api("erin", "POST", "/prompts/import", { format: "other", version: 1, prompts: [] })).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/not a Parley prompt library file/) },
    });

    const imported = await api(
      "erin",
      "POST",
      "/prompts/import",
      file([
        {
          name: "Good",
          text: "Now {{x}}",
          description: "d",
          category: "business",
          versions: [
            { name: "Good", text: "First" },
            { name: "Good", text: "Second" },
          ],
        },
        { name: "Plain", text: "Plain" },
      ]),
    );
    expect(imported.body).toEqual({ imported: 2 });
    const good = cards(await api("erin", "GET", "/prompts?q=good"))[0]!;
    const versions = (await api("erin", "GET", `/prompts/${good.id}/versions`)).body.versions as { version: number; text: string }[];
    expect(versions.map((v) => [v.version, v.text])).toEqual([
      [3, "Now {{x}}"],
      [2, "Second"],
      [1, "First"],
    ]);
    const exported = (await api("erin", "GET", "/prompts/export")).body;
    expect(exported).toEqual(
      file([
        {
          name: "Good",
          text: "Now {{x}}",
          description: "d",
          category: "business",
          versions: [
            { name: "Good", text: "First" },
            { name: "Good", text: "Second" },
          ],
        },
        { name: "Plain", text: "Plain", description: null, category: "general", versions: [] },
      ]),
    );
  });

  it("refuses a file over 1,000,000 bytes with 413, and keeps nothing of it", async () => {
    const big = Array.from({ length: PROMPT_LIMITS.importPrompts }, (_, i) => ({ name: `Big ${i}`, text: "x".repeat(2_010) }));
    const answer = await api("erin", "POST", "/prompts/import", file(big));
    expect(answer).toMatchObject({ status: 413, body: { message: "A library file can be at most 1,000,000 bytes." } });
    expect(cards(await api("erin", "GET", "/prompts?q=big"))).toEqual([]);
  });

  it("refuses a file of more prompts than the limit", async () => {
    const many = Array.from({ length: PROMPT_LIMITS.importPrompts + 1 }, (_, i) => ({ name: `P${i}`, text: "t" }));
    expect(await api("erin", "POST", "/prompts/import", file(many))).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/at most 500 prompts/) },
    });
  });
});
