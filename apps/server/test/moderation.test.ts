import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODERATION, MODERATION_MESSAGES } from "@parley/contracts";
import { resultRows } from "@parley/db";
import { ADMIN_CLAIM_ENV, asAdmin, createChatApp } from "./support/chat-fixture";

let t: Awaited<ReturnType<typeof createChatApp>>;
let postId: number;
let token: string;
beforeAll(async () => {
  t = await createChatApp({ env: ADMIN_CLAIM_ENV });
  await Promise.all(["alice", "bob", "carol", "boss"].map((name) => t.signUp(name)));
  const sessionId = (await t.send("alice", "Tell me about quokkas")).body.session_id as number;
  postId = (await t.call("alice", "POST", "/post/postChat", { chat_id: sessionId, description: "Quokka facts", categories: ["general"] })).body
    .post_id as number;
  token = (await t.call("alice", "POST", `/post/publicLink/${postId}`, { enabled: true })).body.token as string;
});
afterAll(() => t.close());

/** The admin's REST calls. */
const admin = async (method: "GET" | "POST", url: string, payload?: object) => {
  const response = await t.app.inject({ method, url: `/api/v1${url}`, headers: asAdmin("boss"), ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> & { message?: string } };
};
type QueueItem = {
  kind: string;
  id: number;
  post_id: number;
  reports: number;
  reasons: Record<string, number>;
  details: string[];
  hidden: boolean;
  excerpt: string;
};
const queue = async (view: "open" | "hidden" = "open") => (await admin("GET", `/admin/queue?view=${view}`)).body.items as QueueItem[];
const reportRows = async () =>
  resultRows<{ post_id: number | null; comment_id: number | null; status: string }>(
    await t.db.db.execute(sql`select post_id, comment_id, status from content_reports order by id`),
  );
const feedIds = async (name: string) => ((await t.call(name, "GET", "/post/getRecentPosts")).body as unknown as { id: number }[]).map((p) => p.id);

describe("reporting", () => {
  it.each([
    ["an unknown reason", { reason: "boring" }, 400, /reason: must be one of spam, harassment, illegal, other/],
    ["no reason", {}, 400, /reason: /],
    ["a text over the limit", { reason: "other", details: "x".repeat(MODERATION.detailsMax + 1) }, 400, /at most 500 characters/],
    ["a NUL in the text", { reason: "spam", details: "a\u0000b" }, 400, /must not contain NUL characters/],
  ])("refuses %s with 400 and a message", async (_what, body, status, message) => {
    const response = await t.call("bob", "POST", `/post/report/${postId}`, body);
    expect(response.status).toBe(status);
    expect(response.body.message).toMatch(message);
    expect(await reportRows()).toEqual([]);
  });

  it("refuses a report of your own post, and of a post that does not exist", async () => {
    expect(await t.call("alice", "POST", `/post/report/${postId}`, { reason: "spam" })).toMatchObject({
      status: 400,
      body: { message: MODERATION_MESSAGES.ownItem },
    });
    expect(await t.call("bob", "POST", "/post/report/999999", { reason: "spam" })).toMatchObject({
      status: 404,
      body: { message: expect.stringMatching(/Post not found/) },
    });
    expect(await t.call("bob", "POST", "/post/reportComment/999999", { reason: "spam" })).toMatchObject({
      status: 404,
      body: { message: expect.stringMatching(/Comment not found/) },
    });
    expect(await reportRows()).toEqual([]);
  });

  it("keeps one open report per person and item, even when the same report arrives at once", async () => {
    const first = await t.call("bob", "POST", `/post/report/${postId}`, { reason: "spam", details: "  Buy my quokka plushies  " });
    expect(first).toMatchObject({ status: 200, body: { reported: true, already_reported: false } });
    const again = await t.call("bob", "POST", `/post/report/${postId}`, { reason: "harassment" });
    expect(again).toMatchObject({ status: 200, body: { reported: true, already_reported: true } });

    const together = await Promise.all(Array.from({ length: 6 }, () => t.call("carol", "POST", `/post/report/${postId}`, { reason: "illegal" })));
    expect(together.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(together.filter((r) => r.body.already_reported === false)).toHaveLength(1);
    expect((await reportRows()).filter((r) => r.post_id === postId)).toHaveLength(2);

    // Over tRPC, the same rule.
    const viaTrpc = await t.app.inject({ method: "POST", url: "/trpc/post.report", headers: t.as("carol"), payload: { postId, reason: "spam" } });
    expect(viaTrpc.statusCode).toBe(200);
    expect(viaTrpc.json()).toMatchObject({ result: { data: { already_reported: true } } });
  });

  it("puts the post in the admin's queue, grouped with its counts, reasons and texts", async () => {
    const items = await queue();
    expect(items).toEqual([
      expect.objectContaining({
        kind: "post",
        id: postId,
        post_id: postId,
        excerpt: "Quokka facts",
        hidden: false,
        reports: 2,
        reasons: { spam: 1, harassment: 0, illegal: 1, other: 0 },
        details: ["Buy my quokka plushies"],
      }),
    ]);
  });
});

describe("hiding and restoring a post", () => {
  it("hides it from feeds, search, the creator page, its page and its public link; the author still sees it, marked", async () => {
    const hidden = await admin("POST", "/admin/hide", { kind: "post", id: postId });
    expect(hidden).toMatchObject({ status: 200, body: { hidden: true, changed: true, reports_settled: 2 } });
    expect(await queue()).toEqual([]);
    expect(await queue("hidden")).toEqual([expect.objectContaining({ kind: "post", id: postId, hidden: true, reports: 2 })]);
    expect((await reportRows()).map((r) => r.status)).toEqual(["actioned", "actioned"]);

    expect(await feedIds("bob")).not.toContain(postId);
    expect(((await t.call("bob", "GET", "/post/search?q=quokka")).body.posts as { id: number }[]).map((p) => p.id)).not.toContain(postId);
    const creator = await t.call("bob", "GET", "/user/creator/alice/posts");
    expect((creator.body.posts as { id: number }[]).map((p) => p.id)).not.toContain(postId);
    expect((await t.call("bob", "GET", "/user/creator/alice")).body).toMatchObject({ posts: 0 });
    for (const [method, url, body] of [
      ["GET", `/post/getPost/${postId}`],
      ["GET", `/post/comments/${postId}`],
      ["POST", `/post/comment/${postId}`, { content: "hello?" }],
      ["POST", `/post/like/${postId}`],
      ["POST", `/post/report/${postId}`, { reason: "spam" }],
      ["POST", "/chat/getChatHistory", { post_id: postId, clone: true }],
    ] as const) {
      const response = await t.call("bob", method, url, body);
      expect(response.status, url).toBe(404);
      expect(response.body.message, url).toMatch(/Post not found/);
    }
    expect((await t.app.inject({ method: "GET", url: `/p/${token}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/p/${token}/preview.png` })).statusCode).toBe(404);
    expect((await t.call("bob", "GET", `/public/post/${token}`)).status).toBe(404);

    // The author: on their page and in the feed, marked; the admin action did not touch the post itself.
    expect((await t.call("alice", "GET", `/post/getPost/${postId}`)).body).toMatchObject({ id: postId, hidden: true, description: "Quokka facts" });
    const own = ((await t.call("alice", "GET", "/post/getRecentPosts")).body as unknown as { id: number; hidden: boolean }[]).find((p) => p.id === postId);
    expect(own).toMatchObject({ hidden: true });
  });

  it("hiding again changes nothing; restoring brings it back for everyone", async () => {
    expect(await admin("POST", "/admin/hide", { kind: "post", id: postId })).toMatchObject({ status: 200, body: { changed: false } });
    expect(await admin("POST", "/admin/restore", { kind: "post", id: postId })).toMatchObject({ status: 200, body: { hidden: false, changed: true } });
    expect(await feedIds("bob")).toContain(postId);
    expect((await t.call("bob", "GET", `/post/getPost/${postId}`)).body).toMatchObject({ hidden: false });
    expect((await t.app.inject({ method: "GET", url: `/p/${token}` })).statusCode).toBe(200);
    expect(await queue("hidden")).toEqual([]);
  });

  it("refuses bad moderator input with 400, and an unknown item with 404", async () => {
    expect(await admin("POST", "/admin/hide", { kind: "video", id: postId })).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/kind: must be post, comment, conversation, prompt or prompt_comment/) },
    });
    expect(await admin("POST", "/admin/hide", { kind: "post", id: -1 })).toMatchObject({ status: 400, body: { message: expect.stringMatching(/id: /) } });
    expect(await admin("POST", "/admin/restore", { kind: "comment", id: 999999 })).toMatchObject({
      status: 404,
      body: { message: MODERATION_MESSAGES.itemNotFound },
    });
    expect(await admin("GET", "/admin/queue?view=all")).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/view: must be open or hidden/) },
    });
  });
});

describe("hiding reaches every public copy of the conversation", () => {
  let sessionId: number;
  let hiddenPost: number;
  let sessionToken: string;
  beforeAll(async () => {
    sessionId = (await t.send("alice", "Tell me about wombats")).body.session_id as number;
    expect((await t.call("alice", "POST", `/chat/shareChat/${sessionId}`)).status).toBe(200);
    sessionToken = (await t.call("alice", "POST", `/chat/publicLink/${sessionId}`, { enabled: true })).body.token as string;
    hiddenPost = (await t.call("alice", "POST", "/post/postChat", { chat_id: sessionId, description: "Wombat facts", categories: ["general"] })).body
      .post_id as number;
    expect(await admin("POST", "/admin/hide", { kind: "post", id: hiddenPost })).toMatchObject({ status: 200, body: { hidden: true, changed: true } });
  });

  it("the source conversation's share and public link lead nowhere for others; its owner still reads it", async () => {
    expect((await t.call("bob", "POST", "/chat/getChatHistory", { sessionId, shared: true })).status).toBe(404);
    expect((await t.call("bob", "POST", "/chat/cloneChat", { sessionId })).status).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/s/${sessionToken}` })).statusCode).toBe(404);
    expect((await t.call("bob", "GET", `/public/chat/${sessionToken}`)).status).toBe(404);
    expect((await t.call("bob", "GET", `/public/chat/${sessionToken}/share`)).status).toBe(404);
    expect((await t.call("alice", "POST", "/chat/getChatHistory", { sessionId })).status).toBe(200);
  });

  it("the hidden conversation cannot be posted again, nor given a public link, and its owner is told why", async () => {
    const again = await t.call("alice", "POST", "/post/postChat", { chat_id: sessionId, description: "Wombat facts, again", categories: ["general"] });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MODERATION_MESSAGES.conversationHidden);
    const postLink = await t.call("alice", "POST", `/post/publicLink/${hiddenPost}`, { enabled: true });
    expect(postLink.status).toBe(409);
    expect(postLink.body.message).toBe(MODERATION_MESSAGES.postHiddenNoLink);
    const sessionLink = await t.call("alice", "POST", `/chat/publicLink/${sessionId}`, { enabled: true });
    expect(sessionLink.status).toBe(409);
    expect(sessionLink.body.message).toBe(MODERATION_MESSAGES.conversationHidden);
  });

  it("an admin opening the hidden post from the queue sees it, marked", async () => {
    expect(await queue("hidden")).toEqual(expect.arrayContaining([expect.objectContaining({ kind: "post", id: hiddenPost, hidden: true })]));
    const opened = await admin("GET", `/post/getPost/${hiddenPost}`);
    expect(opened).toMatchObject({ status: 200, body: { id: hiddenPost, hidden: true, description: "Wombat facts" } });
    const viaTrpc = await t.app.inject({
      method: "GET",
      url: `/trpc/post.byId?input=${encodeURIComponent(JSON.stringify({ id: hiddenPost }))}`,
      headers: asAdmin("boss"),
    });
    expect(viaTrpc.statusCode).toBe(200);
    // Nobody else does.
    expect((await t.call("bob", "GET", `/post/getPost/${hiddenPost}`)).status).toBe(404);
  });

  it("restoring the post restores the conversation: its share, its link and posting it", async () => {
    expect(await admin("POST", "/admin/restore", { kind: "post", id: hiddenPost })).toMatchObject({ status: 200, body: { changed: true } });
    expect((await t.call("bob", "POST", "/chat/getChatHistory", { sessionId, shared: true })).status).toBe(200);
    expect((await t.app.inject({ method: "GET", url: `/s/${sessionToken}` })).statusCode).toBe(200);
    expect((await t.call("alice", "POST", `/post/publicLink/${hiddenPost}`, { enabled: true })).status).toBe(200);
    const again = await t.call("alice", "POST", "/post/postChat", { chat_id: sessionId, description: "Wombat facts, again", categories: ["general"] });
    expect(again.status).toBe(200);
  });
});

describe("reporting and hiding a shared conversation", () => {
  let sessionId: number;
  let sessionToken: string;
  beforeAll(async () => {
    sessionId = (await t.send("alice", "Tell me about echidnas")).body.session_id as number;
    await t.call("alice", "POST", `/chat/shareChat/${sessionId}`);
    sessionToken = (await t.call("alice", "POST", `/chat/publicLink/${sessionId}`, { enabled: true })).body.token as string;
  });

  it("a reader of the share reports it; not its owner, and not a conversation they cannot read", async () => {
    const reported = await t.call("bob", "POST", `/chat/report/${sessionId}`, { reason: "harassment", details: "Rude replies" });
    expect(reported).toMatchObject({ status: 200, body: { reported: true, already_reported: false } });
    const own = await t.call("alice", "POST", `/chat/report/${sessionId}`, { reason: "spam" });
    expect(own).toMatchObject({ status: 400, body: { message: MODERATION_MESSAGES.ownItem } });
    const privateOne = (await t.send("carol", "A private thought")).body.session_id as number;
    expect((await t.call("bob", "POST", `/chat/report/${privateOne}`, { reason: "spam" })).status).toBe(404);
    expect((await t.call("bob", "POST", `/chat/report/${sessionId}`, { reason: "nonsense" })).status).toBe(400);
    const item = (await queue()).find((i) => i.kind === "conversation");
    expect(item).toMatchObject({ kind: "conversation", id: sessionId, reports: 1, hidden: false, details: ["Rude replies"] });
    expect(item!.excerpt).toContain("echidnas");
  });

  it("the admin hides it: its share and public link lead nowhere, and it cannot be posted; restoring brings them back", async () => {
    const hidden = await admin("POST", "/admin/hide", { kind: "conversation", id: sessionId });
    expect(hidden).toMatchObject({ status: 200, body: { kind: "conversation", id: sessionId, hidden: true, changed: true, reports_settled: 1 } });
    expect((await queue("hidden")).find((i) => i.kind === "conversation")).toMatchObject({ id: sessionId, hidden: true, reports: 1 });
    expect((await t.call("bob", "POST", "/chat/getChatHistory", { sessionId, shared: true })).status).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/s/${sessionToken}` })).statusCode).toBe(404);
    const post = await t.call("alice", "POST", "/post/postChat", { chat_id: sessionId, description: "Echidnas", categories: ["general"] });
    expect(post).toMatchObject({ status: 409, body: { message: MODERATION_MESSAGES.conversationHidden } });

    expect(await admin("POST", "/admin/restore", { kind: "conversation", id: sessionId })).toMatchObject({ status: 200, body: { changed: true } });
    expect((await t.call("bob", "POST", "/chat/getChatHistory", { sessionId, shared: true })).status).toBe(200);
    expect((await t.app.inject({ method: "GET", url: `/s/${sessionToken}` })).statusCode).toBe(200);
  });

  it("a dismissed report closes and the conversation stays; an unknown conversation is a 404", async () => {
    await t.call("carol", "POST", `/chat/report/${sessionId}`, { reason: "spam" });
    expect(await admin("POST", "/admin/dismiss", { kind: "conversation", id: sessionId })).toMatchObject({ status: 200, body: { dismissed: 1 } });
    expect((await t.call("bob", "POST", "/chat/getChatHistory", { sessionId, shared: true })).status).toBe(200);
    expect(await admin("POST", "/admin/hide", { kind: "conversation", id: 2 ** 52 })).toMatchObject({
      status: 404,
      body: { message: MODERATION_MESSAGES.itemNotFound },
    });
    expect(await admin("POST", "/admin/hide", { kind: "post", id: 2 ** 52 })).toMatchObject({ status: 400, body: { message: expect.stringMatching(/id: /) } });
  });
});

describe("comments", () => {
  let commentId: number;
  beforeAll(async () => {
    commentId = (await t.call("bob", "POST", `/post/comment/${postId}`, { content: "Quokkas are overrated" })).body.id as number;
  });
  const comments = async (name: string) =>
    (await t.call(name, "GET", `/post/comments/${postId}`)).body as unknown as { id: number; hidden: boolean; is_own: boolean }[];
  const count = async (name: string) => (await t.call(name, "GET", `/post/getPost/${postId}`)).body.comments;

  it("a reported comment can be dismissed: the reports close and the comment stays", async () => {
    expect(await t.call("alice", "POST", `/post/reportComment/${commentId}`, { reason: "harassment", details: "rude" })).toMatchObject({ status: 200 });
    expect(await queue()).toEqual([expect.objectContaining({ kind: "comment", id: commentId, post_id: postId, reports: 1, excerpt: "Quokkas are overrated" })]);
    expect(await admin("POST", "/admin/dismiss", { kind: "comment", id: commentId })).toMatchObject({ status: 200, body: { dismissed: 1 } });
    expect(await queue()).toEqual([]);
    expect((await comments("carol")).map((c) => c.id)).toContain(commentId);
    // Dismissed, it can be reported anew.
    expect(await t.call("alice", "POST", `/post/reportComment/${commentId}`, { reason: "spam" })).toMatchObject({ body: { already_reported: false } });
  });

  it("a hidden comment leaves others' lists and the count; its author sees it marked", async () => {
    expect(await count("carol")).toBe(1);
    await admin("POST", "/admin/hide", { kind: "comment", id: commentId });
    expect((await comments("carol")).map((c) => c.id)).not.toContain(commentId);
    expect(await count("carol")).toBe(0);
    expect((await comments("bob")).find((c) => c.id === commentId)).toMatchObject({ hidden: true, is_own: true });
    expect(await t.call("carol", "POST", `/post/reportComment/${commentId}`, { reason: "spam" })).toMatchObject({ status: 404 });
    await admin("POST", "/admin/restore", { kind: "comment", id: commentId });
    expect(await count("carol")).toBe(1);
    expect((await comments("carol")).find((c) => c.id === commentId)).toMatchObject({ hidden: false, is_own: false });
  });

  it("only its author deletes a comment, on REST and tRPC", async () => {
    expect(await t.call("alice", "POST", `/post/deleteComment/${commentId}`)).toMatchObject({
      status: 404,
      body: { message: MODERATION_MESSAGES.commentNotFound },
    });
    const viaTrpc = await t.app.inject({ method: "POST", url: "/trpc/post.deleteComment", headers: t.as("carol"), payload: { commentId } });
    expect(viaTrpc.statusCode).toBe(404);
    expect(await count("carol")).toBe(1);
    expect(await t.call("bob", "POST", "/post/deleteComment/abc")).toMatchObject({ status: 400, body: { message: expect.stringMatching(/commentId: /) } });
    expect(await t.call("bob", "POST", `/post/deleteComment/${commentId}`)).toMatchObject({ status: 200, body: { deleted: true, comments: 0 } });
    expect(await comments("bob")).toEqual([]);
    expect(await t.call("bob", "POST", `/post/deleteComment/${commentId}`)).toMatchObject({ status: 404 });
  });

  it("deleting a hidden comment leaves the count as it was", async () => {
    const id = (await t.call("carol", "POST", `/post/comment/${postId}`, { content: "Another" })).body.id as number;
    await admin("POST", "/admin/hide", { kind: "comment", id });
    expect(await count("bob")).toBe(0);
    const viaTrpc = await t.app.inject({ method: "POST", url: "/trpc/post.deleteComment", headers: t.as("carol"), payload: { commentId: id } });
    expect(viaTrpc.statusCode).toBe(200);
    expect(await count("bob")).toBe(0);
  });
});

describe("comments on a prompt", () => {
  let promptId: number;
  let commentId: number;
  beforeAll(async () => {
    promptId = (await t.call("alice", "POST", "/prompts", { name: "Quokka quiz", text: "Ask me about quokkas" })).body.id as number;
    const published = await t.app.inject({
      method: "PUT",
      url: `/api/v1/prompts/${promptId}/visibility`,
      headers: t.as("alice"),
      payload: { visibility: "public" },
    });
    expect(published.statusCode).toBe(200);
    commentId = (await t.call("bob", "POST", `/prompts/${promptId}/comments`, { text: "This prompt is spam" })).body.id as number;
  });
  const comments = async (name: string) =>
    (await t.call(name, "GET", `/prompts/${promptId}/comments`)).body.items as { id: number; hidden: boolean; isOwner: boolean }[];
  const count = async (name: string) => (await t.call(name, "GET", `/prompts/${promptId}`)).body.comments;
  const report = (name: string, id: number, body: object = { reason: "spam" }) => t.call(name, "POST", `/prompts/comments/${id}/report`, body);

  it("a reader reports it; not its author, not a comment that does not exist, not bad input", async () => {
    expect(await report("bob", commentId)).toMatchObject({ status: 400, body: { message: MODERATION_MESSAGES.ownItem } });
    expect(await report("carol", 2_147_483_647)).toMatchObject({ status: 404, body: { message: expect.stringMatching(/Comment not found/) } });
    expect(await report("carol", commentId, { reason: "boring" })).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/reason: must be one of spam, harassment, illegal, other/) },
    });
    expect(await report("carol", commentId, { reason: "other", details: "x".repeat(MODERATION.detailsMax + 1) })).toMatchObject({ status: 400 });
    expect(await queue()).toEqual([]);
    expect(await report("carol", commentId, { reason: "harassment", details: "rude" })).toMatchObject({
      status: 200,
      body: { reported: true, already_reported: false },
    });
    expect(await report("carol", commentId)).toMatchObject({ status: 200, body: { already_reported: true } });
    const viaTrpc = await t.app.inject({ method: "POST", url: "/trpc/prompt.reportComment", headers: t.as("alice"), payload: { commentId, reason: "spam" } });
    expect(viaTrpc.statusCode).toBe(200);
    const rows = resultRows<{ prompt_comment_id: number; status: string }>(
      await t.db.db.execute(sql`select prompt_comment_id, status from content_reports where prompt_comment_id is not null order by id`),
    );
    expect(rows).toEqual([
      { prompt_comment_id: commentId, status: "open" },
      { prompt_comment_id: commentId, status: "open" },
    ]);
  });

  it("the queue lists it with its text, its prompt and its reports; dismissing closes them and the comment stays", async () => {
    expect(await queue()).toEqual([
      expect.objectContaining({
        kind: "prompt_comment",
        id: commentId,
        post_id: null,
        prompt_id: promptId,
        excerpt: "This prompt is spam",
        reports: 2,
        reasons: { spam: 1, harassment: 1, illegal: 0, other: 0 },
        details: ["rude"],
        hidden: false,
      }),
    ]);
    expect(await admin("POST", "/admin/dismiss", { kind: "prompt_comment", id: commentId })).toMatchObject({
      status: 200,
      body: { kind: "prompt_comment", id: commentId, dismissed: 2 },
    });
    expect(await queue()).toEqual([]);
    expect((await comments("carol")).map((c) => c.id)).toContain(commentId);
    // Dismissed, it can be reported anew.
    expect(await report("carol", commentId)).toMatchObject({ status: 200, body: { already_reported: false } });
  });

  it("hidden, it leaves others' lists and the prompt's count; its author sees it marked; restoring brings it back", async () => {
    expect(await count("carol")).toBe(1);
    expect(await admin("POST", "/admin/hide", { kind: "prompt_comment", id: commentId })).toMatchObject({
      status: 200,
      body: { hidden: true, changed: true, reports_settled: 1 },
    });
    expect(await queue()).toEqual([]);
    // The hidden view counts every report of it, the dismissed ones too, as for posts and comments.
    expect(await queue("hidden")).toEqual([expect.objectContaining({ kind: "prompt_comment", id: commentId, prompt_id: promptId, hidden: true, reports: 3 })]);
    expect((await comments("carol")).map((c) => c.id)).not.toContain(commentId);
    expect((await comments("alice")).map((c) => c.id)).not.toContain(commentId);
    expect(await count("carol")).toBe(0);
    expect((await comments("bob")).find((c) => c.id === commentId)).toMatchObject({ hidden: true, isOwner: true });
    // Hidden, it is not there to report (but for its author, who still cannot report their own).
    expect(await report("alice", commentId)).toMatchObject({ status: 404, body: { message: expect.stringMatching(/Comment not found/) } });
    expect(await admin("POST", "/admin/hide", { kind: "prompt_comment", id: commentId })).toMatchObject({ status: 200, body: { changed: false } });
    expect(await admin("POST", "/admin/restore", { kind: "prompt_comment", id: commentId })).toMatchObject({
      status: 200,
      body: { hidden: false, changed: true },
    });
    expect(await count("carol")).toBe(1);
    expect((await comments("carol")).find((c) => c.id === commentId)).toMatchObject({ hidden: false, isOwner: false });
    expect(await queue("hidden")).toEqual([]);
  });

  it("a comment on a prompt the reporter cannot see is a 404, and so is an unknown one for the moderator", async () => {
    const privateId = (await t.call("alice", "POST", "/prompts", { name: "Private notes", text: "Only mine" })).body.id as number;
    const own = (await t.call("alice", "POST", `/prompts/${privateId}/comments`, { text: "A note to self" })).body.id as number;
    expect(await report("carol", own)).toMatchObject({ status: 404, body: { message: expect.stringMatching(/Comment not found/) } });
    expect(await admin("POST", "/admin/hide", { kind: "prompt_comment", id: 2_147_483_647 })).toMatchObject({
      status: 404,
      body: { message: MODERATION_MESSAGES.itemNotFound },
    });
    expect(await admin("POST", "/admin/dismiss", { kind: "prompt_comment", id: 0 })).toMatchObject({ status: 400 });
  });
});
