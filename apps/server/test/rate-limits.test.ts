import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RATE_LIMITS, type RateLimitedAction } from "@parley/api";
import { loadConfig } from "../src/config";
import { createChatApp } from "./support/chat-fixture";
import { startRedisServer } from "./support/redis-server";

// Per-person limits on sends, comments, likes and posts: the same rule on REST and tRPC, a 429
// with Retry-After and a sentence saying when to try again.

let t: Awaited<ReturnType<typeof createChatApp>>;
let sessionId: number;
let postId: number;
beforeAll(async () => {
  t = await createChatApp();
  await Promise.all(["alice", "bob", "carol", "dave"].map((name) => t.signUp(name)));
  sessionId = (await t.send("alice", "Something to talk about")).body.session_id as number;
  postId = (await t.call("alice", "POST", "/post/postChat", { chat_id: sessionId, description: "Talk", categories: [] })).body.post_id as number;
});
afterAll(() => t.close());

const retryAfterMessage = (noun: string) => new RegExp(`^Too many ${noun}; try again in \\d+ seconds?\\.$`);

describe("per-person rate limits", () => {
  it(`a burst of 200 comments: the first ${DEFAULT_RATE_LIMITS.comment.limit} are accepted, the rest refused with 429 and Retry-After`, async () => {
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof t.call>> | undefined;
    for (let i = 0; i < 200; i++) {
      const response = await t.call("bob", "POST", `/post/comment/${postId}`, { content: `Comment ${i}` });
      statuses.push(response.status);
      if (response.status === 429) refused ??= response;
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(DEFAULT_RATE_LIMITS.comment.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(200 - DEFAULT_RATE_LIMITS.comment.limit);
    expect(refused!.body).toEqual({ message: expect.stringMatching(retryAfterMessage("comments")) });
    const retryAfter = Number(refused!.raw.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused!.body.message).toContain(`in ${retryAfter} second`);
    // Nothing refused was stored.
    const comments = await t.call("alice", "GET", `/post/comments/${postId}`);
    expect(comments.body).toHaveLength(DEFAULT_RATE_LIMITS.comment.limit);

    // Over tRPC the same person is refused the same way; someone else still comments.
    const viaTrpc = await t.app.inject({ method: "POST", url: "/trpc/post.addComment", headers: t.as("bob"), payload: { postId, content: "More" } });
    expect(viaTrpc.statusCode).toBe(429);
    expect(viaTrpc.headers["retry-after"]).toMatch(/^\d+$/);
    expect(viaTrpc.json()).toMatchObject({ error: { message: expect.stringMatching(retryAfterMessage("comments")), data: { code: "TOO_MANY_REQUESTS" } } });
    expect((await t.call("carol", "POST", `/post/comment/${postId}`, { content: "Mine" })).status).toBe(200);
  });

  it("invalid requests do not use up the allowance", async () => {
    for (let i = 0; i < 30; i++) expect((await t.call("dave", "POST", `/post/comment/${postId}`, { content: " " })).status).toBe(400);
    expect((await t.call("dave", "POST", `/post/comment/${postId}`, { content: "Valid" })).status).toBe(200);
  });

  it(`likes and unlikes count together: ${DEFAULT_RATE_LIMITS.like.limit} a minute`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < DEFAULT_RATE_LIMITS.like.limit + 5; i++) {
      statuses.push((await t.call("carol", "POST", `/post/${i % 2 ? "unlike" : "like"}/${postId}`)).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(DEFAULT_RATE_LIMITS.like.limit);
    const refused = await t.call("carol", "POST", `/post/like/${postId}`);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(retryAfterMessage("likes"));
    expect(refused.raw.headers["retry-after"]).toMatch(/^\d+$/);
  });

  it(`posts: ${DEFAULT_RATE_LIMITS.post.limit} a minute`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < DEFAULT_RATE_LIMITS.post.limit + 2; i++) {
      statuses.push((await t.call("alice", "POST", "/post/postChat", { chat_id: sessionId, description: `Post ${i}`, categories: [] })).status);
    }
    // One post was published in beforeAll.
    expect(statuses.filter((s) => s === 200)).toHaveLength(DEFAULT_RATE_LIMITS.post.limit - 1);
    const refused = await t.call("alice", "POST", "/post/postChat", { chat_id: sessionId, description: "One more", categories: [] });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(retryAfterMessage("posts"));
  });

  it(`sends: ${DEFAULT_RATE_LIMITS.send.limit} a minute, refused before anything is stored`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < DEFAULT_RATE_LIMITS.send.limit; i++) statuses.push((await t.send("dave", `Message ${i}`)).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const sessions = async () => ((await t.call("dave", "GET", "/chat/getSessionHistory")).body.sessions as unknown[]).length;
    const before = await sessions();
    const refused = await t.send("dave", "One too many");
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(retryAfterMessage("messages"));
    expect(refused.raw.headers["retry-after"]).toMatch(/^\d+$/);
    expect(await sessions()).toBe(before);
  });
});

describe("sharing, public links, clones, search and export are limited per person as the other writes are", () => {
  type Call = (name: string, own: { sessionId: number; postId: number }) => ReturnType<typeof t.call>;
  const cases: [string, RateLimitedAction, string, Call][] = [
    ["sharing and unsharing a conversation", "share", "sharing changes", (name, own) => t.call(name, "POST", `/chat/shareChat/${own.sessionId}`)],
    ["a post's public link", "share", "sharing changes", (name, own) => t.call(name, "POST", `/post/publicLink/${own.postId}`, { enabled: true })],
    ["cloning a post", "clone", "copies", (name) => t.call(name, "POST", "/chat/getChatHistory", { post_id: postId, clone: true })],
    ["searching posts", "search", "searches", (name) => t.call(name, "GET", "/post/search?q=talk")],
    ["searching one's conversations", "search", "searches", (name) => t.call(name, "GET", "/chat/search?q=talk")],
    ["searching Discover's prompts", "search", "searches", (name) => t.call(name, "GET", "/prompts/discover?q=talk")],
    ["downloading a post", "export", "downloads", (name) => t.call(name, "GET", `/post/export/${postId}?format=json`)],
    ["changing one's handle", "handle", "handle changes", (name) => t.call(name, "POST", "/user/handle", { handle: `${name}-${(handleChanges += 1)}` })],
  ];
  let person = 0;
  let handleChanges = 0;

  it.each(cases)("%s: the rule's allowance a minute, then 429 with Retry-After", async (_what, action, noun, call) => {
    const name = `limited${(person += 1)}`;
    await t.signUp(name);
    const sessionId = (await t.send(name, "Something to talk about")).body.session_id as number;
    const ownPost = (await t.call(name, "POST", "/post/postChat", { chat_id: sessionId, description: "Mine", categories: [] })).body.post_id as number;
    const { limit } = DEFAULT_RATE_LIMITS[action];
    const statuses: number[] = [];
    for (let i = 0; i < limit; i++) statuses.push((await call(name, { sessionId, postId: ownPost })).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await call(name, { sessionId, postId: ownPost });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(retryAfterMessage(noun));
    expect(refused.raw.headers["retry-after"]).toMatch(/^\d+$/);
  });

  it("Discover's prompts read without search words count against no limit, as a feed", async () => {
    await t.signUp("browser");
    for (let i = 0; i < DEFAULT_RATE_LIMITS.search.limit; i++) expect((await t.call("browser", "GET", "/prompts/discover?q=talk")).status).toBe(200);
    expect((await t.call("browser", "GET", "/prompts/discover?q=talk")).status).toBe(429);
    expect((await t.call("browser", "GET", "/prompts/discover?sort=newest")).status).toBe(200);
    expect((await t.call("browser", "GET", "/prompts/discover?q=%20%20")).status).toBe(200);
  });
});

describe("with REDIS_URL, instances count together", () => {
  let redisServer: Awaited<ReturnType<typeof startRedisServer>> | undefined;
  let apps: Awaited<ReturnType<typeof createChatApp>>[] = [];
  beforeAll(async () => {
    redisServer = await startRedisServer();
    const config = loadConfig({ PUBLIC_URL: "http://localhost:3000", LOG_LEVEL: "silent", REDIS_URL: redisServer.url, RATE_LIMIT_COMMENTS: "5" });
    apps = [await createChatApp({ config }), await createChatApp({ config })];
  }, 30_000);
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    redisServer?.stop();
  });

  it("a person's comments on two instances share one allowance (RATE_LIMIT_COMMENTS=5)", async () => {
    const posts: number[] = [];
    for (const app of apps) {
      await app.signUp("erin");
      const chat = (await app.send("erin", "Hello")).body.session_id as number;
      posts.push((await app.call("erin", "POST", "/post/postChat", { chat_id: chat, description: "Shared limits", categories: [] })).body.post_id as number);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const app = apps[i % 2]!;
      statuses.push((await app.call("erin", "POST", `/post/comment/${posts[i % 2]}`, { content: `Comment ${i}` })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
