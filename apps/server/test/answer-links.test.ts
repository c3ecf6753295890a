import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comparisonAnswerKey } from "@parley/contracts";
import { comments, posts, resultRows } from "@parley/db";
import type { PreviewContent } from "../src/public/preview-image";
import { createChatApp, MODEL } from "./support/chat-fixture";
import { insertComparisonSession } from "./support/comparison-factory";

// Links to one answer (docs/reach.md): answers' keys on every page that shows them, one answer
// read with the prompt before it, link previews of that answer, and comments anchored to it.

const webRoot = mkdtempSync(join(tmpdir(), "parley-web-"));
writeFileSync(
  join(webRoot, "index.html"),
  '<!doctype html><html><head><meta name="description" content="Parley." /><title>Parley</title></head><body></body></html>',
);

/** What each preview drawn showed (drawing itself is tested in preview-image.test.ts). */
const drawn: PreviewContent[] = [];

let t: Awaited<ReturnType<typeof createChatApp>>;
let sessionId: number;
let postId: number;
let comparisonId: number;
let secrets: string[];
const MODELS = [MODEL.platform, MODEL.claude];
const TURNS = [
  { prompt: "Name a prime.", answers: [{ content: "Seven is prime." }, { content: "Eleven is prime." }] },
  { prompt: "And an even one?", answers: [{ content: "Two is the even prime." }, { content: "Only two." }] },
];

const trpcQuery = (name: string, path: string, input: unknown) =>
  t.app.inject({ method: "GET", url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, headers: t.as(name) });
const trpcMutation = (name: string, path: string, input: unknown) =>
  t.app.inject({ method: "POST", url: `/trpc/${path}`, headers: t.as(name), payload: input as object });
const page = (path: string) => t.app.inject({ method: "GET", url: path, headers: { accept: "text/html" } });
const metaOf = (html: string, property: string) => new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)" />`).exec(html)?.[1];
/** The key of a comparison answer by its turn and text: the same for every reader. */
const keyOf = (turn: number, content: string) => comparisonAnswerKey(turn, content);
const commentCount = async (id: number) => (await t.db.db.select({ n: posts.commentCount }).from(posts).where(eq(posts.id, id)))[0]!.n;

beforeAll(async () => {
  t = await createChatApp({
    webRoot,
    drawPreview: async (content) => {
      drawn.push(content);
      return Buffer.from("png");
    },
  });
  await Promise.all(["alice", "bob", "carol"].map((name) => t.signUp(name)));
  sessionId = (await t.send("alice", "What is bread?")).body.session_id as number;
  await t.send("alice", "And what is rye?", { session_id: sessionId });
  postId = (await t.call("alice", "POST", "/post/postChat", { chat_id: sessionId, description: "Bread and rye", categories: [] })).body.post_id as number;
  const compared = await insertComparisonSession(t.db.db, "alice", MODELS, TURNS);
  comparisonId = (await t.call("alice", "POST", "/post/postChat", { chat_id: compared, description: "Primes, two ways", categories: [] })).body
    .post_id as number;
  const rows = resultRows<{ id: string; name: string; version: string }>(await t.db.db.execute(sql`select id, name, version from models`));
  secrets = rows.filter((r) => MODELS.includes(r.id as never)).flatMap((r) => [r.name, r.version]);
  expect(secrets).toHaveLength(4);
});
afterAll(() => t.close());

describe("one answer of a post", () => {
  it("is read with the prompt before it, its comment count and its link, on REST and tRPC alike", async () => {
    const rest = await t.call("bob", "GET", `/post/answer/${postId}/2`);
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({
      post_id: postId,
      answer: "2",
      label: "answer 2",
      question: "And what is rye?",
      comments: 0,
      path: `/post/${postId}?answer=2`,
    });
    const post = (await t.call("bob", "GET", `/post/getPost/${postId}`)).body as { messages: { content: string; model_name: string }[] };
    expect(rest.body.content).toBe(post.messages[3]!.content);
    expect(rest.body.author).toBe(post.messages[3]!.model_name);
    const trpc = await trpcQuery("bob", "post.answer", { postId, answer: "1" });
    expect(trpc.statusCode).toBe(200);
    expect(trpc.json().result.data).toMatchObject({ answer: "1", question: "What is bread?", content: post.messages[1]!.content });
  });

  it.each([
    ["an answer past the last", () => `/post/answer/${postId}/3`, /^answer: this post has no answer 3; its answers are 1 to 2\.$/],
    ["a comparison's key on an ordinary post", () => `/post/answer/${postId}/${keyOf(1, "Seven is prime.")}`, /no answer 1-\w+; its answers are 1 to 2\./],
    [
      "a plain number on a comparison",
      () => `/post/answer/${comparisonId}/2`,
      /^answer: this post has no answer 2; copy the answer's link from the post's page\.$/,
    ],
    ["an answer of another turn", () => `/post/answer/${comparisonId}/${keyOf(2, "Seven is prime.")}`, /no answer 2-/],
    [
      "something that is not a key",
      () => `/post/answer/${postId}/first`,
      /^Invalid request: answer: must name an answer: its number \(3\), or in a comparison the turn and the answer's id/,
    ],
    ["answer 0", () => `/post/answer/${postId}/0`, /must name an answer/],
  ])("refuses %s with 400 and what to send", async (_what, path, message) => {
    const answer = await t.call("bob", "GET", path());
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(message);
  });

  it("is a 404 for a post that is missing or hidden from the reader, on REST and tRPC", async () => {
    expect((await t.call("bob", "GET", "/post/answer/2147483647/1")).status).toBe(404);
    const hidden = (
      await t.call("carol", "POST", "/post/postChat", { chat_id: (await t.send("carol", "Hidden?")).body.session_id, description: "Hidden post" })
    ).body.post_id as number;
    await t.db.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, hidden));
    expect((await t.call("bob", "GET", `/post/answer/${hidden}/1`)).status).toBe(404);
    expect((await trpcQuery("bob", "post.answer", { postId: hidden, answer: "1" })).json().error.data.code).toBe("NOT_FOUND");
    // Its author still reads it.
    expect((await t.call("carol", "GET", `/post/answer/${hidden}/1`)).status).toBe(200);
  });

  it("in a blind comparison has the same key for every reader, is named by the reader's own label, and by its model only once they voted", async () => {
    const key = keyOf(2, "Only two.");
    const blind = await t.call("bob", "GET", `/post/answer/${comparisonId}/${key}`);
    expect(blind.status).toBe(200);
    expect(blind.body).toMatchObject({ answer: key, content: "Only two.", question: "And an even one?", path: `/post/${comparisonId}?answer=${key}` });
    const letter = /^Answer ([A-D])$/.exec(blind.body.author as string)?.[1];
    expect(letter).toBeDefined();
    expect(blind.body.label).toBe(`answer ${letter} of turn 2`);
    for (const secret of secrets) expect(JSON.stringify(blind.body)).not.toContain(secret);
    expect((await t.call("carol", "GET", `/post/answer/${comparisonId}/${key}`)).body).toMatchObject({ answer: key, content: "Only two." });
    expect((await t.call("bob", "GET", `/post/answer/${comparisonId}/${keyOf(1, "Seven is prime.")}`)).body).toMatchObject({
      label: expect.stringMatching(/^answer [A-D]$/),
      question: "Name a prime.",
    });
    expect((await t.call("bob", "POST", `/post/vote/${comparisonId}`, { column: 0 })).status).toBe(200);
    const known = await t.call("bob", "GET", `/post/answer/${comparisonId}/${key}`);
    expect(secrets).toContain(known.body.author);
  });
});

describe("comments anchored to one answer", () => {
  it("are listed with the answer they are on, counted per answer and in the post's count", async () => {
    const before = await commentCount(postId);
    const onAnswer = await t.call("bob", "POST", `/post/comment/${postId}`, { content: "Rye is darker.", answer: "2" });
    expect(onAnswer.status).toBe(200);
    expect(onAnswer.body.comments).toBe(before + 1);
    expect((await t.call("carol", "POST", `/post/comment/${postId}`, { content: "Nice post." })).status).toBe(200);
    const viaTrpc = await trpcMutation("carol", "post.addComment", { postId, content: "Agreed on rye.", answer: "2" });
    expect(viaTrpc.statusCode).toBe(200);

    const list = (await t.call("alice", "GET", `/post/comments/${postId}`)).body as unknown as {
      content: string;
      answer: string | null;
      answer_label: string | null;
    }[];
    expect(list.map((c) => [c.content, c.answer, c.answer_label])).toEqual([
      ["Rye is darker.", "2", "answer 2"],
      ["Nice post.", null, null],
      ["Agreed on rye.", "2", "answer 2"],
    ]);
    const post = await t.call("alice", "GET", `/post/getPost/${postId}`);
    expect(post.body).toMatchObject({ comments: before + 3, answer_comments: { "2": 2 } });
    expect((await t.call("alice", "GET", `/post/answer/${postId}/2`)).body.comments).toBe(2);
    expect((await t.call("alice", "GET", `/post/answer/${postId}/1`)).body.comments).toBe(0);
  });

  it("must name an answer of that post: 400, and nothing is stored", async () => {
    const before = await commentCount(postId);
    for (const [answer, message] of [
      ["3", /^answer: this post has no answer 3; its answers are 1 to 2\.$/],
      ["1-abc", /no answer 1-abc/],
      ["", /must name an answer/],
      [7, /must name an answer/],
    ] as const) {
      const refused = await t.call("bob", "POST", `/post/comment/${postId}`, { content: "Lost comment", answer });
      expect(refused.status, String(answer)).toBe(400);
      expect(refused.body.message).toMatch(message);
    }
    const trpc = await trpcMutation("bob", "post.addComment", { postId, content: "Lost comment", answer: "9" });
    expect(trpc.json().error.data.code).toBe("BAD_REQUEST");
    expect(await commentCount(postId)).toBe(before);
    expect(resultRows<{ n: number }>(await t.db.db.execute(sql`select count(*)::int as n from comments where content = 'Lost comment'`))[0]!.n).toBe(0);
  });

  it("an anchor on a post the commenter cannot see is a 404, not a 400", async () => {
    const answer = await t.call("bob", "POST", "/post/comment/2147483647", { content: "Anyone?", answer: "1" });
    expect(answer.status).toBe(404);
  });

  it("in a comparison are named by each reader's own label, and hidden or deleted comments leave the answer's count", async () => {
    const eleven = keyOf(1, "Eleven is prime.");
    const onlyTwo = keyOf(2, "Only two.");
    const first = await t.call("carol", "POST", `/post/comment/${comparisonId}`, { content: "Eleven wins here.", answer: eleven });
    expect(first.status).toBe(200);
    const second = await t.call("bob", "POST", `/post/comment/${comparisonId}`, { content: "Turn two.", answer: onlyTwo });
    expect(second.status).toBe(200);
    for (const reader of ["carol", "alice"]) {
      const post = (await t.call(reader, "GET", `/post/getPost/${comparisonId}`)).body as { messages: { content: string; model_name: string }[] };
      // The label each reader sees on that answer ('Answer B' while blind; the place among the turn's answers after).
      const labelOf = (turn: number, content: string) => {
        const prompts = post.messages.flatMap((m, i) => ((m as { isUser?: boolean }).isUser ? [i] : []));
        const answers = post.messages.slice(prompts[turn - 1]! + 1, prompts[turn] ?? post.messages.length);
        return "ABCD"[answers.findIndex((m) => m.content === content)];
      };
      const listed = (await t.call(reader, "GET", `/post/comments/${comparisonId}`)).body as unknown as { answer: string; answer_label: string }[];
      expect(listed.map((c) => [c.answer, c.answer_label])).toEqual([
        [eleven, `answer ${labelOf(1, "Eleven is prime.")}`],
        [onlyTwo, `answer ${labelOf(2, "Only two.")} of turn 2`],
      ]);
      for (const secret of secrets) expect(JSON.stringify(listed)).not.toContain(secret);
    }
    expect((await t.call("carol", "GET", `/post/getPost/${comparisonId}`)).body.answer_comments).toEqual({ [eleven]: 1, [onlyTwo]: 1 });

    await t.db.db
      .update(comments)
      .set({ hiddenAt: new Date() })
      .where(eq(comments.id, first.body.id as number));
    expect((await t.call("carol", "GET", `/post/getPost/${comparisonId}`)).body.answer_comments).toEqual({ [onlyTwo]: 1 });
    expect((await t.call("bob", "POST", `/post/deleteComment/${second.body.id as number}`)).status).toBe(200);
    expect((await t.call("carol", "GET", `/post/getPost/${comparisonId}`)).body.answer_comments).toEqual({});
  });
});

describe("answers' keys and link previews on public pages", () => {
  it("a public post names its answers as the post page does, and a download leaves the keys out", async () => {
    const token = (await t.call("alice", "POST", `/post/publicLink/${postId}`, { enabled: true })).body.token as string;
    const read = await t.app.inject({ method: "GET", url: `/api/v1/public/post/${token}` });
    const messages = (read.json() as { transcript: { messages: { role: string; answer: string | null }[] } }).transcript.messages;
    expect(messages.map((m) => m.answer)).toEqual([null, "1", null, "2"]);
    const download = await t.app.inject({ method: "GET", url: `/api/v1/post/export/${postId}?format=json`, headers: t.as("bob") });
    expect(Object.keys((download.json() as { messages: object[] }).messages[1]!).sort()).toEqual(["author", "content", "role", "timestamp"]);
  });

  it("a link to one answer previews that answer and the prompt before it, not the conversation's start", async () => {
    const token = (await t.call("alice", "GET", `/post/publicLink/${postId}`)).body.token as string;
    const transcript = (await t.app.inject({ method: "GET", url: `/api/v1/public/post/${token}` })).json().transcript as {
      messages: { content: string; author: string }[];
    };
    const reply = transcript.messages[3]!;

    const whole = (await page(`/p/${token}`)).body;
    const html = (await page(`/p/${token}?answer=2`)).body;
    const description = metaOf(html, "og:description")!;
    expect(description).toContain("And what is rye?");
    expect(description).not.toContain("What is bread?");
    expect(description).toContain(reply.author);
    expect(metaOf(html, "og:url")).toBe(`http://localhost:3000/p/${token}?answer=2`);
    expect(metaOf(html, "og:image")).toMatch(new RegExp(`^http://localhost:3000/p/${token}/preview\\.png\\?answer=2&amp;v=[\\w-]+$`));
    expect(metaOf(html, "og:image")).not.toBe(metaOf(whole, "og:image"));
    expect(metaOf(whole, "og:description")).toContain("What is bread?");

    drawn.length = 0;
    const image = await t.app.inject({ method: "GET", url: `/p/${token}/preview.png?answer=2` });
    expect(image.statusCode).toBe(200);
    expect(drawn).toEqual([expect.objectContaining({ prompt: "And what is rye?", answer: { author: reply.author, content: reply.content.slice(0, 600) } })]);
    const wholeImage = await t.app.inject({ method: "GET", url: `/p/${token}/preview.png` });
    expect(wholeImage.headers.etag).not.toBe(image.headers.etag);
    expect(drawn[1]).toMatchObject({ prompt: "What is bread?" });
    expect(drawn[1]!.answer).toBeUndefined();
    // The same answer's picture again comes from the cache.
    expect((await t.app.inject({ method: "GET", url: `/p/${token}/preview.png?answer=2` })).headers.etag).toBe(image.headers.etag);
    expect(drawn).toHaveLength(2);
  });

  it("a key the page has no answer for, or that is not a key, previews the whole conversation", async () => {
    const token = (await t.call("alice", "GET", `/post/publicLink/${postId}`)).body.token as string;
    const whole = (await page(`/p/${token}`)).body;
    for (const query of ["?answer=9", "?answer=%3Cscript%3E", "?answer=2&answer=1"]) {
      const html = await page(`/p/${token}${query}`);
      expect(html.statusCode).toBe(200);
      expect(metaOf(html.body, "og:description")).toBe(metaOf(whole, "og:description"));
      expect(metaOf(html.body, "og:url")).toBe(`http://localhost:3000/p/${token}`);
    }
  });

  it("a blind comparison's answer link names the column, never the model", async () => {
    const token = (await t.call("alice", "POST", `/post/publicLink/${comparisonId}`, { enabled: true })).body.token as string;
    const messages = (await t.app.inject({ method: "GET", url: `/api/v1/public/post/${token}` })).json().transcript.messages as {
      author: string;
      answer: string | null;
    }[];
    expect(messages.map((m) => m.answer === null)).toEqual([true, false, false, true, false, false]);
    expect(new Set(messages.map((m) => m.answer))).toEqual(new Set([null, ...TURNS.flatMap((turn, i) => turn.answers.map((a) => keyOf(i + 1, a.content)))]));
    const key = keyOf(2, "Only two.");
    const author = messages.find((m) => m.answer === key)!.author;
    expect(author).toMatch(/^Answer [A-D]$/);
    const html = (await page(`/p/${token}?answer=${key}`)).body;
    expect(metaOf(html, "og:description")).toBe(`${author} on “And an even one?”: Only two.`);
    for (const secret of secrets) expect(html).not.toContain(secret);
    drawn.length = 0;
    await t.app.inject({ method: "GET", url: `/p/${token}/preview.png?answer=${key}` });
    expect(drawn[0]).toMatchObject({ prompt: "And an even one?", answer: { author, content: "Only two." }, models: [] });
  });

  it("a shared conversation's answers are named by their exchange, which stays when the owner writes on", async () => {
    await t.call("alice", "POST", `/chat/shareChat/${sessionId}`);
    const token = (await t.call("alice", "POST", `/chat/publicLink/${sessionId}`, { enabled: true })).body.token as string;
    const history = (await t.call("alice", "POST", "/chat/getChatHistory", { sessionId })).body as { sessions: { id: number; message_content: string }[] };
    const ids = history.sessions.map((s) => String(s.id));
    const read = async () =>
      (await t.app.inject({ method: "GET", url: `/api/v1/public/chat/${token}` })).json().transcript.messages as { answer: string | null }[];
    expect((await read()).map((m) => m.answer)).toEqual([null, ids[0], null, ids[1]]);
    await t.send("alice", "And spelt?", { session_id: sessionId });
    expect((await read()).map((m) => m.answer).slice(0, 4)).toEqual([null, ids[0], null, ids[1]]);

    const html = (await page(`/s/${token}?answer=${ids[0]}`)).body;
    expect(metaOf(html, "og:description")).toContain("What is bread?");
    expect(metaOf(html, "og:url")).toBe(`http://localhost:3000/s/${token}?answer=${ids[0]}`);
    drawn.length = 0;
    await t.app.inject({ method: "GET", url: `/s/${token}/preview.png?answer=${ids[1]}` });
    expect(drawn[0]).toMatchObject({ prompt: "And what is rye?" });
    expect(drawn[0]!.answer).toBeDefined();
  });
});
