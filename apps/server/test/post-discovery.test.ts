import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forgetSearchRankings, forgetWordFrequencies, SEARCH_CANDIDATES } from "@parley/api";
import { handleHolds, postVotes, users } from "@parley/db";
import { eq, sql } from "drizzle-orm";
import { loadConfig } from "../src/config";
import { createChatApp } from "./support/chat-fixture";

let t: Awaited<ReturnType<typeof createChatApp>>;
beforeAll(async () => {
  // Many posts and messages in a minute: this file is about finding them, not about rate limits.
  const limits = { RATE_LIMIT_POSTS: "1000", RATE_LIMIT_SENDS: "1000", RATE_LIMIT_LIKES: "1000" };
  t = await createChatApp({ config: loadConfig({ PUBLIC_URL: "http://localhost:3000", LOG_LEVEL: "silent", ...limits }) });
  await Promise.all(["alice", "bob", "carol"].map((name) => t.signUp(name)));
});
afterAll(() => t.close());

type Snippet = { text: string; match: boolean }[];
type Summary = { id: number; description: string; likes: number; forks: number; handle: string | null; snippet?: Snippet };
type Page<K extends string, T> = Record<K, T[]> & { next_cursor: string | null };

/** Publishes a new conversation of `name` that starts with `message`. */
async function publishChat(name: string, message: string, description: string, categories: string[] = []) {
  const chat = (await t.send(name, message)).body.session_id as number;
  const created = await t.call(name, "POST", "/post/postChat", { chat_id: chat, description, categories });
  expect(created.status).toBe(200);
  return { postId: created.body.post_id as number, sessionId: chat };
}

/** A tRPC query's data, or its error status. */
async function trpc<T>(name: string, path: string, input: unknown): Promise<T> {
  const response = await t.app.inject({ method: "GET", url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, headers: t.as(name) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data as T;
}

const text = (snippet: Snippet) => snippet.map((part) => part.text).join("");

describe("searching posts", () => {
  let inDescription: number;
  let inConversation: number;
  beforeAll(async () => {
    inConversation = (await publishChat("alice", "How do I keep a sourdough starter alive over a holiday?", "Bread questions")).postId;
    inDescription = (await publishChat("bob", "What flour should I buy?", "Sourdough starter tips")).postId;
    await publishChat("carol", "Explain quaternions", "Maths");
  });

  it("finds posts by a word of their conversation or description, best match first, with the word highlighted", async () => {
    const found = await t.call("carol", "GET", "/post/search?q=starter");
    expect(found.status).toBe(200);
    const posts = found.body.posts as Summary[];
    // The description weighs more than the conversation.
    expect(posts.map((p) => p.id)).toEqual([inDescription, inConversation]);
    const snippet = posts[1]!.snippet!;
    expect(snippet.filter((part) => part.match).map((part) => part.text.toLowerCase())).toContain("starter");
    expect(text(snippet)).toContain("keep a sourdough starter alive");
  });

  it("finds a post published here at once, even right after the same search found nothing", async () => {
    expect((await t.call("carol", "GET", "/post/search?q=pangolin")).body.posts).toEqual([]);
    const { postId } = await publishChat("alice", "Do pangolins really roll up?", "Scaly mammals");
    expect(((await t.call("carol", "GET", "/post/search?q=pangolin")).body.posts as Summary[]).map((p) => p.id)).toEqual([postId]);
  });

  it("matches the start of the last word typed, and every word", async () => {
    const prefix = (await t.call("carol", "GET", "/post/search?q=quatern")).body.posts as Summary[];
    expect(prefix.map((p) => p.description)).toEqual(["Maths"]);
    const both = (await t.call("carol", "GET", "/post/search?q=holiday%20sourdough")).body.posts as Summary[];
    expect(both.map((p) => p.id)).toEqual([inConversation]);
    const none = (await t.call("carol", "GET", "/post/search?q=holiday%20quaternions")).body.posts as Summary[];
    expect(none).toEqual([]);
  });

  it("finds model names and categories", async () => {
    const { postId } = await publishChat("bob", "Plan a road trip", "Trip", ["entertainment"]);
    const byCategory = (await t.call("carol", "GET", "/post/search?q=entertainment")).body.posts as Summary[];
    expect(byCategory.map((p) => p.id)).toEqual([postId]);
    const byModel = (await t.call("carol", "GET", "/post/search?q=parley-demo")).body.posts as Summary[];
    expect(byModel.map((p) => p.id)).toContain(postId);
  });

  it("never returns markup from the text: a highlight is a plain part, tags stay text", async () => {
    await publishChat("alice", "Is <b>bold</b> or <script>alert(1)</script> zebracorn safe?", "Markup");
    const [post] = (await t.call("carol", "GET", "/post/search?q=zebracorn")).body.posts as Summary[];
    expect(post!.snippet).toContainEqual({ text: "zebracorn", match: true });
    expect(text(post!.snippet!)).toContain("<script>alert(1)</script>");
  });

  it("reads tsquery syntax and punctuation as plain words", async () => {
    for (const q of ["starter & !", "'starter':*", "starter | (", "!!!"]) {
      const response = await t.call("carol", "GET", `/post/search?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
    }
    expect((await t.call("carol", "GET", "/post/search?q=%21%21%21")).body.posts).toEqual([]);
  });

  it("pages on with the cursor, and a new post does not shift the next page", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 22; i++) ids.push((await publishChat("carol", `marmalade recipe number ${i}`, `Jam ${i}`)).postId);
    const first = (await t.call("bob", "GET", "/post/search?q=marmalade")).body as Page<"posts", Summary>;
    expect(first.posts).toHaveLength(20);
    await publishChat("alice", "marmalade marmalade marmalade", "Marmalade love");
    const second = (await t.call("bob", "GET", `/post/search?q=marmalade&cursor=${encodeURIComponent(first.next_cursor!)}`)).body as Page<"posts", Summary>;
    const seen = [...first.posts, ...second.posts].map((p) => p.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
  });
});

describe("searching your own conversations", () => {
  it("finds the caller's conversations by their text, never someone else's", async () => {
    const mine = (await t.send("alice", "Notes about the axolotl tank")).body.session_id as number;
    await t.send("bob", "My axolotl is green");
    const found = (await t.call("alice", "GET", "/chat/search?q=axolotl")).body as Page<"sessions", { id: number; snippet: Snippet }>;
    expect(found.sessions.map((s) => s.id)).toEqual([mine]);
    expect(found.sessions[0]!.snippet).toContainEqual({ text: "axolotl", match: true });
    const bobs = (await t.call("bob", "GET", "/chat/search?q=tank")).body as Page<"sessions", { id: number }>;
    expect(bobs.sessions).toEqual([]);
  });
});

describe("the ranked feed", () => {
  it("Most Popular ranks likes, comments, forks and votes above age, and pages stably", async () => {
    const older = (await publishChat("alice", "An older, loved post", "Loved")).postId;
    const newer = (await publishChat("bob", "A newer, quiet post", "Quiet")).postId;
    const top = async () => (await trpc<Page<"posts", Summary>>("carol", "post.list", { sort: "popular", limit: 2 })).posts.map((p) => p.id);
    expect((await top())[0]).toBe(newer);

    await t.call("bob", "POST", `/post/like/${older}`);
    await t.call("carol", "POST", `/post/like/${older}`);
    expect((await top())[0]).toBe(older);

    // Forks and votes count too.
    const quiet = (await publishChat("carol", "Fork target", "Forkable")).postId;
    await t.call("bob", "POST", "/chat/getChatHistory", { post_id: quiet, clone: true });
    await t.call("alice", "POST", "/chat/getChatHistory", { post_id: quiet, clone: true });
    const [bob] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.subject, "bob"));
    await t.db.db.insert(postVotes).values({ postId: quiet, userId: bob!.id, column: 0 });
    const post = await t.call("bob", "GET", `/post/getPost/${quiet}`);
    expect(post.body.forks).toBe(2);
    expect((await top())[0]).toBe(quiet);

    // Every post once across pages, whatever is published between them.
    const first = await trpc<Page<"posts", Summary>>("carol", "post.list", { sort: "popular", limit: 5 });
    await publishChat("alice", "Posted between pages", "Between");
    const ids = first.posts.map((p) => p.id);
    let cursor = first.next_cursor;
    while (cursor) {
      const page = await trpc<Page<"posts", Summary>>("carol", "post.list", { sort: "popular", limit: 50, cursor });
      ids.push(...page.posts.map((p) => p.id));
      cursor = page.next_cursor;
    }
    expect(new Set(ids).size).toBe(ids.length);
    const all = await trpc<Page<"posts", Summary>>("carol", "post.list", { sort: "popular", limit: 100 });
    expect(ids.length).toBe(all.posts.length - 1);
  });

  it("Latest pages stably when posts arrive between pages", async () => {
    const first = await trpc<Page<"posts", Summary>>("carol", "post.list", { limit: 3 });
    await publishChat("bob", "Arrived later", "Later");
    const second = await trpc<Page<"posts", Summary>>("carol", "post.list", { limit: 3, cursor: first.next_cursor });
    const all = await trpc<Page<"posts", Summary>>("carol", "post.list", { limit: 7 });
    expect([...first.posts, ...second.posts].map((p) => p.id)).toEqual(all.posts.slice(1).map((p) => p.id));
  });

  it("a cursor of the other order is refused with a message", async () => {
    const latest = await trpc<Page<"posts", Summary>>("carol", "post.list", { limit: 1 });
    const response = await t.app.inject({
      method: "GET",
      url: `/trpc/post.list?input=${encodeURIComponent(JSON.stringify({ sort: "popular", cursor: latest.next_cursor }))}`,
      headers: t.as("carol"),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/cursor: must be the next_cursor/);
  });
});

describe("Creative and Technical", () => {
  it("Creative shows entertainment posts, Technical technology posts, ai every post", async () => {
    const fun = (await publishChat("alice", "Write a limerick", "Limerick", ["entertainment"])).postId;
    const tech = (await publishChat("bob", "Explain TCP", "Networking", ["technology", "education"])).postId;
    const health = (await publishChat("carol", "Stretching tips", "Stretch", ["health"])).postId;
    const ids = async (category: string) =>
      ((await t.call("carol", "GET", `/post/getRecentPosts?limit=100&category=${category}`)).body as unknown as Summary[]).map((p) => p.id);
    const creative = await ids("creative");
    expect(creative).toContain(fun);
    expect(creative).not.toContain(tech);
    expect(creative).not.toContain(health);
    const technical = await ids("technical");
    expect(technical).toContain(tech);
    expect(technical).not.toContain(fun);
    expect(await ids("ai")).toEqual(expect.arrayContaining([fun, tech, health]));
    expect((await t.call("carol", "GET", "/post/getRecentPosts?category=poetry")).status).toBe(400);
  });
});

describe("creator pages and handles", () => {
  it("everyone gets a handle from their nickname; equal nicknames get a suffix, also when created together", async () => {
    const names = ["dana", "dana", "dana", "dana"];
    // Four identities whose nickname is the same, signing up at once.
    await Promise.all(names.map((nickname, i) => t.call(`dana${i}`, "POST", "/user/addUser", { user: { nickname, name: nickname } })));
    const handles = await Promise.all(names.map(async (_n, i) => (await trpc<{ handle: string }>(`dana${i}`, "creator.me", undefined)).handle));
    expect([...handles].sort()).toEqual(["dana", "dana-2", "dana-3", "dana-4"]);
  });

  it("shows the person's posts, likes received and forks of their posts; links come with handles", async () => {
    await t.signUp("erin");
    const a = (await publishChat("erin", "Erin's first question", "First")).postId;
    const b = (await publishChat("erin", "Erin's second question", "Second")).postId;
    await t.call("alice", "POST", `/post/like/${a}`);
    await t.call("bob", "POST", `/post/like/${a}`);
    await t.call("bob", "POST", `/post/like/${b}`);
    await t.call("carol", "POST", "/chat/getChatHistory", { post_id: b, clone: true });

    const page = await t.call("alice", "GET", "/user/creator/erin");
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ handle: "erin", username: "erin", posts: 2, likes_received: 3, forks_received: 1 });
    const posts = (await t.call("alice", "GET", "/user/creator/erin/posts?limit=1")).body as Page<"posts", Summary>;
    expect(posts.posts.map((p) => p.id)).toEqual([b]);
    const rest = (await t.call("alice", "GET", `/user/creator/ERIN/posts?cursor=${encodeURIComponent(posts.next_cursor!)}`)).body as Page<"posts", Summary>;
    expect(rest.posts.map((p) => p.id)).toEqual([a]);

    await t.call("alice", "POST", `/post/comment/${a}`, { content: "Nice" });
    const [comment] = (await t.call("bob", "GET", `/post/comments/${a}`)).body as unknown as { handle: string }[];
    expect(comment!.handle).toBe("alice");
    expect(((await t.call("bob", "GET", `/post/getPost/${a}`)).body as { handle: string }).handle).toBe("erin");
  });

  it("a handle can be changed; a taken or malformed one is refused with a clear message", async () => {
    const changed = await t.call("erin", "POST", "/user/handle", { handle: "  Erin-Writes " });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ handle: "erin-writes" });
    expect((await t.call("alice", "GET", "/user/creator/erin-writes")).body).toMatchObject({ username: "erin" });
    expect((await t.call("alice", "GET", "/user/creator/erin")).status).toBe(404);

    const taken = await t.call("bob", "POST", "/user/handle", { handle: "erin-writes" });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("The handle 'erin-writes' is taken. Pick another one.");
    // Keeping one's own handle is fine.
    expect((await t.call("erin", "POST", "/user/handle", { handle: "erin-writes" })).status).toBe(200);
  });

  it("two people asking for the same free handle at once: one gets it, the other is told it is taken", async () => {
    const results = await Promise.all(["dana0", "dana1"].map((name) => t.call(name, "POST", "/user/handle", { handle: "same-time" })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it.each([
    ["too short", "a", /at least 2 characters/],
    ["too long", "a".repeat(31), /at most 30 characters/],
    ["spaces inside", "erin writes", /only letters a-z, digits and single hyphens/],
    ["a leading hyphen", "-erin", /only letters a-z/],
    ["double hyphens", "erin--w", /only letters a-z/],
    ["non-ASCII letters", "zoë", /only letters a-z/],
  ])("refuses a handle with %s", async (_what, handle, message) => {
    const response = await t.call("erin", "POST", "/user/handle", { handle });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(message);
  });

  it("reserved handles are refused with a clear message, and nobody is given one at sign-up", async () => {
    for (const handle of ["admin", "support", "parley", "api", "moderator", "root", "system", "help", "admin-2"]) {
      const response = await t.call("erin", "POST", "/user/handle", { handle });
      expect(response.status, handle).toBe(400);
      expect(response.body.message).toBe(`The handle '${handle}' is reserved. Pick another one.`);
    }
    await t.call("adminperson", "POST", "/user/addUser", { user: { nickname: "Admin", name: "Admin" } });
    const { handle } = await trpc<{ handle: string }>("adminperson", "creator.me", undefined);
    expect(handle).not.toMatch(/^admin(-\d+)?$/);
  });

  it("a handle given up by a rename is held for its former owner for 30 days", async () => {
    await t.signUp("frank");
    expect((await t.call("frank", "POST", "/user/handle", { handle: "frank-new" })).status).toBe(200);
    const held = await t.call("bob", "POST", "/user/handle", { handle: "frank" });
    expect(held.status).toBe(409);
    expect(held.body.message).toBe("The handle 'frank' is taken. Pick another one.");
    // Someone new called Frank is not given it either.
    await t.call("franktwo", "POST", "/user/addUser", { user: { nickname: "frank", name: "frank" } });
    expect((await trpc<{ handle: string }>("franktwo", "creator.me", undefined)).handle).toBe("frank-2");
    // Its former owner can take it back.
    expect((await t.call("frank", "POST", "/user/handle", { handle: "frank" })).body).toEqual({ handle: "frank" });
    expect((await t.call("frank", "POST", "/user/handle", { handle: "frank-again" })).status).toBe(200);
    // After 30 days it is anyone's.
    const [row] = await t.db.db.select({ heldUntil: handleHolds.heldUntil }).from(handleHolds).where(eq(handleHolds.handle, "frank"));
    const days = (row!.heldUntil.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    await t.db.db
      .update(handleHolds)
      .set({ heldUntil: new Date(Date.now() - 1000) })
      .where(eq(handleHolds.handle, "frank"));
    await t.signUp("gina");
    expect((await t.call("gina", "POST", "/user/handle", { handle: "frank" })).body).toEqual({ handle: "frank" });
  });

  it("a handle made from a long name keeps its 30 characters, with a suffix inside them", async () => {
    const nickname = "abcdefghijklmnopqrstuvwxyz1234";
    await t.call("long0", "POST", "/user/addUser", { user: { nickname, name: nickname } });
    await t.call("long1", "POST", "/user/addUser", { user: { nickname, name: nickname } });
    expect((await trpc<{ handle: string }>("long0", "creator.me", undefined)).handle).toBe(nickname);
    expect((await trpc<{ handle: string }>("long1", "creator.me", undefined)).handle).toBe("abcdefghijklmnopqrstuvwxyz12-2");
  });

  it("an unknown handle is a 404 that says so", async () => {
    const response = await t.call("alice", "GET", "/user/creator/nobody-here");
    expect(response.status).toBe(404);
    expect(response.body.message).toBe("No one has the handle 'nobody-here'. Check the address.");
  });
});

describe("fork lineage", () => {
  it("a post counts its forks and links the public ones; a published fork links back", async () => {
    const original = (await publishChat("alice", "Original thinking about kites", "Kites")).postId;
    const clone = (await t.call("bob", "POST", "/chat/getChatHistory", { post_id: original, clone: true })).body.new_session_id as number;
    const carols = (await t.call("carol", "POST", "/chat/getChatHistory", { post_id: original, clone: true })).body.new_session_id as number;
    const fork = (await t.call("bob", "POST", "/post/postChat", { chat_id: clone, description: "Kites, continued", categories: [] })).body.post_id as number;

    const page = (await t.call("carol", "GET", `/post/getPost/${original}`)).body;
    expect(page).toMatchObject({ forks: 2, forked_from: null, public_forks: [{ id: fork, description: "Kites, continued", username: "bob", handle: "bob" }] });
    const forkPage = (await t.call("carol", "GET", `/post/getPost/${fork}`)).body;
    expect(forkPage).toMatchObject({ forked_from_post_id: original, forked_from: { id: original, description: "Kites", username: "alice", handle: "alice" } });

    // Deleting the fork's conversation takes it off the count; deleting the original unlinks the fork.
    await t.call("carol", "POST", `/chat/deleteChat/${carols}`);
    expect((await t.call("alice", "GET", `/post/getPost/${original}`)).body.forks).toBe(1);
    await t.call("alice", "POST", `/post/deletePost/${original}`);
    expect((await t.call("carol", "GET", `/post/getPost/${fork}`)).body).toMatchObject({ forked_from: null, forked_from_post_id: null });
  });
});

// Last in this file: it adds a thousand posts the feed tests above do not expect.
describe("a word found in more posts than a search ranks", () => {
  it("ranks the newest matches only: an older, better match is left out, and the pages end after them", async () => {
    const [alice] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.subject, "alice"));
    const insert = (description: string, count: number) =>
      t.db.db.execute(sql`insert into posts (user_id, description, messages)
        select ${alice!.id}::uuid, ${description} || ' ' || g, jsonb_build_array(jsonb_build_object('isUser', true, 'content', 'about the quokka', 'timestamp', now()))
        from generate_series(1, ${count}::int) g`);
    await insert("quokka quokka quokka quokka, the best match", 1);
    await insert("A quokka post", SEARCH_CANDIDATES);
    // Written straight to the database, as another instance would: searches here see them once told.
    forgetSearchRankings(t.db.db);
    const everyPage = async (q: string) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = (await t.call("bob", "GET", `/post/search?q=${q}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`)).body as Page<"posts", Summary>;
        seen.push(...page.posts.map((p) => p.description));
        cursor = page.next_cursor;
      } while (cursor);
      return seen;
    };
    // Without statistics every word reads as rare (matches from the search index); after an
    // ANALYZE 'quokka' is in most posts (the newest read backwards): the same posts either way.
    for (const analyzed of [false, true]) {
      if (analyzed) {
        await t.db.db.execute(sql`analyze posts`);
        forgetWordFrequencies(t.db.db);
      }
      for (const q of ["quokka", "quok"]) {
        const seen = await everyPage(q);
        expect(seen, `${q}, analyzed: ${analyzed}`).toHaveLength(SEARCH_CANDIDATES);
        expect(seen.filter((description) => description.startsWith("A quokka post"))).toHaveLength(SEARCH_CANDIDATES);
        // Best match first, ties newest first, within the candidates.
        expect(seen.slice(0, 3)).toEqual([
          `A quokka post ${SEARCH_CANDIDATES}`,
          `A quokka post ${SEARCH_CANDIDATES - 1}`,
          `A quokka post ${SEARCH_CANDIDATES - 2}`,
        ]);
      }
      // The same word with a rarer one finds the older post.
      const rare = (await t.call("bob", "GET", "/post/search?q=quokka%20best")).body as Page<"posts", Summary>;
      expect(rare.posts.map((p) => p.description)).toEqual(["quokka quokka quokka quokka, the best match 1"]);
    }
  });
});
