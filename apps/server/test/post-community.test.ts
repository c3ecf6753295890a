import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AVATAR_EMOJI, LIMITS } from "@parley/contracts";
import { createChatApp } from "./support/chat-fixture";

let t: Awaited<ReturnType<typeof createChatApp>>;
let sessionId: number;
beforeAll(async () => {
  t = await createChatApp();
  await Promise.all(["alice", "bob", "carol"].map((name) => t.signUp(name)));
  sessionId = (await t.send("alice", "What makes a good sourdough?")).body.session_id as number;
  await t.send("alice", "And the hydration?", { session_id: sessionId });
});
afterAll(() => t.close());

const publish = (name: string, body: Record<string, unknown>) => t.call(name, "POST", "/post/postChat", body);

describe("publishing", () => {
  it("publishes a snapshot of the caller's conversation that outlives the session", async () => {
    const created = await publish("alice", { chat_id: sessionId, description: "  Sourdough basics  ", categories: ["general", "education"] });
    expect(created.status).toBe(200);
    const postId = created.body.post_id as number;

    const post = await t.call("bob", "GET", `/post/getPost/${postId}`);
    expect(post.body).toMatchObject({
      id: postId,
      user_id: "alice",
      username: "alice",
      description: "Sourdough basics",
      categories: ["general", "education"],
      model_versions: ["parley-demo"],
      likes: 0,
      comments: 0,
      has_liked: false,
    });
    expect(AVATAR_EMOJI).toContain(post.body.avatar);
    const messages = post.body.messages as { isUser: boolean; content: string; user: string | null; model_name: string | null }[];
    expect(messages.map((m) => [m.isUser, m.isUser ? m.user : m.model_name])).toEqual([
      [true, "alice"],
      [false, "Parley Demo (offline)"],
      [true, "alice"],
      [false, "Parley Demo (offline)"],
    ]);
    expect(messages[0]!.content).toBe("What makes a good sourdough?");

    // A copy to delete: the post stays as it was.
    const copy = (await t.call("alice", "POST", "/chat/cloneChat", { sessionId })).body.new_session_id as number;
    const second = await publish("alice", { chat_id: copy, description: "Copy", categories: [] });
    await t.call("alice", "POST", `/chat/deleteChat/${copy}`);
    const kept = await t.call("bob", "GET", `/post/getPost/${second.body.post_id}`);
    expect(kept.status).toBe(200);
    expect((kept.body.messages as unknown[]).length).toBe(4);
  });

  it.each([
    ["a blank description", { chat_id: 0, description: "   " }, 400, /Please add a description for your post\./],
    ["an unsaved conversation", { chat_id: 0, description: "x" }, 400, /Save your conversation first before posting\./],
    ["a description over 255 characters", { description: "x".repeat(256) }, 400, /at most 255 characters/],
    ["an unknown category", { description: "x", categories: ["gossip"] }, 400, /categories\.0: must be one of general/],
  ])("refuses %s", async (_label, change, status, message) => {
    const response = await publish("alice", { chat_id: sessionId, categories: [], ...{ description: "ok" }, ...change });
    expect(response.status).toBe(status);
    expect(response.body.message).toMatch(message);
  });

  it("refuses to publish someone else's conversation, shared or not", async () => {
    await t.call("alice", "POST", `/chat/shareChat/${sessionId}`);
    const response = await publish("bob", { chat_id: sessionId, description: "Not mine", categories: [] });
    expect(response.status).toBe(404);
  });
});

describe("the feed", () => {
  it("lists summaries newest first, filters by category and pages with a cursor", async () => {
    const tech = await publish("bob", { chat_id: (await t.send("bob", "Rust or Go?")).body.session_id, description: "Languages", categories: ["technology"] });
    const list = await t.call("carol", "GET", "/post/getRecentPosts?limit=50");
    const items = list.body as unknown as { id: number; messages?: unknown; description: string }[];
    expect(Array.isArray(items)).toBe(true);
    expect(items[0]!.id).toBe(tech.body.post_id);
    expect(items.every((item) => item.messages === undefined)).toBe(true);

    const onlyTech = (await t.call("carol", "GET", "/post/getRecentPosts?category=technology")).body as unknown as { id: number }[];
    expect(onlyTech.map((p) => p.id)).toEqual([tech.body.post_id]);
    expect((await t.call("carol", "GET", "/post/getRecentPosts?category=gossip")).status).toBe(400);

    const firstPage = await t.app.inject({
      method: "GET",
      url: `/trpc/post.list?input=${encodeURIComponent(JSON.stringify({ limit: 1 }))}`,
      headers: t.as("carol"),
    });
    const page = firstPage.json().result.data as { posts: { id: number }[]; next_cursor: string };
    expect(page.posts).toHaveLength(1);
    const next = await t.app.inject({
      method: "GET",
      url: `/trpc/post.list?input=${encodeURIComponent(JSON.stringify({ limit: 50, cursor: page.next_cursor }))}`,
      headers: t.as("carol"),
    });
    const rest = next.json().result.data as { posts: { id: number }[] };
    expect(rest.posts.map((p) => p.id)).toEqual(items.slice(1).map((p) => p.id));
  });

  it("over REST, the array body comes with a Link header to the next page, until the last page", async () => {
    const all = ((await t.call("carol", "GET", "/post/getRecentPosts?limit=50")).body as unknown as { id: number }[]).map((p) => p.id);
    expect(all.length).toBeGreaterThanOrEqual(2);
    const seen: number[] = [];
    let url: string | undefined = "/api/v1/post/getRecentPosts?limit=1&sort=latest";
    while (url) {
      const response = await t.app.inject({ method: "GET", url, headers: t.as("carol") });
      expect(response.statusCode).toBe(200);
      const page = response.json() as { id: number }[];
      expect(Array.isArray(page)).toBe(true);
      seen.push(...page.map((p) => p.id));
      const link = response.headers.link as string | undefined;
      const next = link === undefined ? undefined : /^<([^>]+)>; rel="next"$/.exec(link)?.[1];
      if (link !== undefined) expect(next).toMatch(/^\/api\/v1\/post\/getRecentPosts\?limit=1&sort=latest&cursor=/);
      url = next;
      expect(seen.length).toBeLessThanOrEqual(all.length);
    }
    expect(seen).toEqual(all);
  });
});

describe("likes and comments", () => {
  let postId: number;
  beforeAll(async () => {
    postId = (await publish("alice", { chat_id: sessionId, description: "For likes", categories: [] })).body.post_id as number;
  });

  it("a like counts once however often it is sent, and unliking never goes below zero", async () => {
    const likes = await Promise.all(Array.from({ length: 10 }, () => t.call("bob", "POST", `/post/like/${postId}`)));
    expect(likes.filter((r) => r.body.already_liked === false)).toHaveLength(1);
    expect(likes.filter((r) => r.body.already_liked === true)).toHaveLength(9);
    expect((await t.call("bob", "GET", `/post/hasLiked/${postId}`)).body).toEqual({ has_liked: true });
    await Promise.all(["carol", "alice"].map((name) => t.call(name, "POST", `/post/like/${postId}`)));
    expect((await t.call("carol", "GET", `/post/getPost/${postId}`)).body).toMatchObject({ likes: 3, has_liked: true });

    await t.call("bob", "POST", `/post/unlike/${postId}`);
    const again = await t.call("bob", "POST", `/post/unlike/${postId}`);
    expect(again.body).toEqual({ unliked: false, likes: 2 });
    expect((await t.call("bob", "GET", `/post/hasLiked/${postId}`)).body).toEqual({ has_liked: false });
  });

  it("comments list oldest first and move the counter", async () => {
    expect((await t.call("bob", "POST", `/post/comment/${postId}`, { content: "  Great read  " })).status).toBe(200);
    await t.call("carol", "POST", `/post/comment/${postId}`, { content: "Thanks!" });
    const comments = await t.call("alice", "GET", `/post/comments/${postId}`);
    expect((comments.body as unknown as { username: string; content: string }[]).map((c) => [c.username, c.content])).toEqual([
      ["bob", "Great read"],
      ["carol", "Thanks!"],
    ]);
    expect((await t.call("alice", "GET", `/post/getPost/${postId}`)).body).toMatchObject({ comments: 2 });
    const blank = await t.call("bob", "POST", `/post/comment/${postId}`, { content: "   " });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toMatch(/cannot be empty/);
    const anonymous = await t.app.inject({ method: "POST", url: `/api/v1/post/comment/${postId}`, payload: { content: "hi" } });
    expect(anonymous.statusCode).toBe(401);
  });

  it("only the owner deletes a post; its likes and comments go with it", async () => {
    expect((await t.call("bob", "POST", `/post/deletePost/${postId}`)).status).toBe(404);
    expect((await t.call("bob", "GET", `/post/getPost/${postId}`)).status).toBe(200);
    expect((await t.call("alice", "POST", `/post/deletePost/${postId}`)).status).toBe(200);
    const gone = await t.call("bob", "GET", `/post/getPost/${postId}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toMatch(/Post not found/);
    expect((await t.call("bob", "GET", `/post/comments/${postId}`)).status).toBe(404);
    expect((await t.call("bob", "POST", `/post/like/${postId}`)).status).toBe(404);
  });
});

describe("cloning a post", () => {
  it("getChatHistory with post_id and clone copies the conversation into the caller's new session", async () => {
    const postId = (await publish("alice", { chat_id: sessionId, description: "Fork me", categories: ["education"] })).body.post_id;
    const response = await t.call("carol", "POST", "/chat/getChatHistory", { post_id: postId, clone: true });
    expect(response.status).toBe(200);
    const newId = response.body.new_session_id as number;
    expect(response.body).toMatchObject({ session_id: newId, category: "education", is_owner: true, forked_from: { username: "alice" } });
    expect((response.body.sessions as { message_content: string; user: string }[]).map((e) => [e.message_content, e.user])).toEqual([
      ["What makes a good sourdough?", "alice"],
      ["And the hydration?", "alice"],
    ]);
    const continued = await t.send("carol", "My own follow-up", { session_id: newId });
    expect(continued.status).toBe(200);
    expect((await t.call("carol", "POST", "/chat/getChatHistory", { post_id: 999_999, clone: true })).status).toBe(404);
  });

  it("a post of a fork keeps the models' names and the original's categories, published over REST or tRPC", async () => {
    const original = (await publish("alice", { chat_id: sessionId, description: "Sourdough, fork and post", categories: ["general", "education", "health"] }))
      .body.post_id as number;
    const fork = (await t.call("carol", "POST", "/chat/getChatHistory", { post_id: original, clone: true })).body.new_session_id as number;
    const rest = await publish("carol", { chat_id: fork, description: "My fork", categories: [] });
    const trpc = await t.app.inject({
      method: "POST",
      url: "/trpc/post.create",
      headers: t.as("carol"),
      payload: { chat_id: fork, description: "My fork again", categories: ["technology"] },
    });
    expect(trpc.statusCode).toBe(200);
    for (const [id, categories] of [
      [rest.body.post_id as number, ["general", "education", "health"]],
      [trpc.json().result.data.post_id as number, ["technology", "general", "education", "health"]],
    ] as const) {
      const post = await t.call("bob", "GET", `/post/getPost/${id}`);
      expect(post.body).toMatchObject({ model_versions: ["parley-demo"], categories, forked_from_post_id: original });
      expect((post.body.messages as { isUser: boolean; model_name: string | null }[]).filter((m) => !m.isUser).map((m) => m.model_name)).toEqual([
        "Parley Demo (offline)",
        "Parley Demo (offline)",
      ]);
    }
  });

  it("never tells the cloner the author's private session id, on REST or tRPC", async () => {
    const postId = (await publish("alice", { chat_id: sessionId, description: "Private source", categories: [] })).body.post_id as number;
    const secret = String(sessionId);
    const cloned = await t.call("carol", "POST", "/chat/getChatHistory", { post_id: postId, clone: true });
    expect(cloned.status).toBe(200);
    expect(cloned.body.forked_from).toEqual({ session_id: null, post_id: postId, username: "alice" });
    const newId = cloned.body.new_session_id as number;
    const viaTrpc = await t.app.inject({ method: "POST", url: "/trpc/chat.clonePost", headers: t.as("carol"), payload: { postId } });
    const trpcId = viaTrpc.json().result.data.new_session_id as number;
    const history = (id: number) =>
      t.app.inject({ method: "GET", url: `/trpc/chat.history?input=${encodeURIComponent(JSON.stringify({ sessionId: id }))}`, headers: t.as("carol") });
    const seen = [
      cloned.raw.body,
      viaTrpc.body,
      (await history(newId)).body,
      (await history(trpcId)).body,
      (await t.call("carol", "GET", "/chat/getSessionHistory")).raw.body,
      (await t.app.inject({ method: "GET", url: "/trpc/chat.sessions", headers: t.as("carol") })).body,
      (await t.call("carol", "POST", "/chat/getChatHistory", { sessionId: newId })).raw.body,
      (await t.call("carol", "GET", `/post/getPost/${postId}`)).raw.body,
      (await t.call("carol", "GET", "/post/getRecentPosts?limit=100")).raw.body,
    ];
    for (const body of seen) expect(body).not.toContain(secret);
    // Shared onwards, the clone still does not lead back to the author's session.
    await t.call("carol", "POST", `/chat/shareChat/${newId}`);
    expect((await t.call("bob", "POST", "/chat/getChatHistory", { sessionId: newId, shared: true })).raw.body).not.toContain(secret);
  });
});

describe("an external client's POST with no payload: Content-Type application/json and an empty body", () => {
  const bare = (name: string, url: string) =>
    t.app.inject({ method: "POST", url: `/api/v1${url}`, headers: { ...t.as(name), "content-type": "application/json" }, payload: "" });

  it("like, unlike, deletePost and deleteChat are served", async () => {
    const chatId = (await t.send("carol", "Something to post")).body.session_id as number;
    const postId = (await publish("carol", { chat_id: chatId, description: "Bare bodies", categories: [] })).body.post_id as number;

    const liked = await bare("bob", `/post/like/${postId}`);
    expect(liked.statusCode).toBe(200);
    expect(liked.json()).toMatchObject({ already_liked: false });
    const unliked = await bare("bob", `/post/unlike/${postId}`);
    expect(unliked.statusCode).toBe(200);
    expect(unliked.json()).toMatchObject({ unliked: true });
    const deletedPost = await bare("carol", `/post/deletePost/${postId}`);
    expect(deletedPost.statusCode).toBe(200);
    expect(deletedPost.json()).toEqual({ deleted: true, id: postId });
    const deletedChat = await bare("carol", `/chat/deleteChat/${chatId}`);
    expect(deletedChat.statusCode).toBe(200);
    expect(deletedChat.json()).toEqual({ deleted: true, id: chatId });
  });

  it("a route that needs a payload says which field is missing", async () => {
    const response = await bare("bob", "/post/postChat");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.stringMatching(/^Invalid request: /) });
  });
});

describe("getRecentPosts limit", () => {
  it("above the maximum is clamped to it, not refused", async () => {
    const response = await t.call("carol", "GET", `/post/getRecentPosts?limit=${LIMITS.recentPostsMax + 1}`);
    expect(response.status).toBe(200);
    expect(Array.isArray(response.body)).toBe(true);
    const huge = await t.call("carol", "GET", "/post/getRecentPosts?limit=1000000");
    expect(huge.status).toBe(200);
    const trpc = await t.app.inject({
      method: "GET",
      url: `/trpc/post.list?input=${encodeURIComponent(JSON.stringify({ limit: 500 }))}`,
      headers: t.as("carol"),
    });
    expect(trpc.statusCode).toBe(200);
  });

  it("below 1 or not a whole number is still refused", async () => {
    expect((await t.call("carol", "GET", "/post/getRecentPosts?limit=0")).status).toBe(400);
    expect((await t.call("carol", "GET", "/post/getRecentPosts?limit=2.5")).status).toBe(400);
  });
});
