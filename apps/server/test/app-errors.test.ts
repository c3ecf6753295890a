import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS, MESSAGES } from "@parley/contracts";
import type { AnyProcedure } from "@trpc/server";
import { appRouter } from "@parley/api";
import { restRoutes } from "../src/rest/answers";
import { ADMIN_CLAIM_ENV, asAdmin, createChatApp, MODEL, testIdentities } from "./support/chat-fixture";
import { createTestApp } from "./support/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ env: ADMIN_CLAIM_ENV, deps: { authenticator: testIdentities } });
});

/** A signed-in caller: bad input must be refused as bad input, not as a missing sign-in. */
const signedIn = { authorization: "Bearer test:tester" };
/** Admin paths are checked as an admin: to anyone else they do not exist (admin-console.test.ts). */
const isAdminPath = (path: string) => path.startsWith("admin.") || path.startsWith("/admin/");
const callerFor = (path: string) => (isAdminPath(path) ? asAdmin("tester") : signedIn);
afterAll(() => t.close());

/** A concrete URL for a route path (`:id` parameters get a number). */
const urlOf = (path: string) => `/api/v1${path.replace(/:[a-zA-Z]+/g, "1")}`;

const malformed = [
  {
    name: "malformed JSON",
    headers: { "content-type": "application/json" },
    payload: '{"content": "hi",',
    status: 400,
    message: MESSAGES.malformedJson,
  },
  {
    name: "a non-JSON content type",
    headers: { "content-type": "application/xml" },
    payload: "<content>hi</content>",
    status: 415,
    message: MESSAGES.unsupportedMediaType,
  },
  {
    name: "a body over the size limit",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify({ content: "x".repeat(LIMITS.requestBodyBytes + 10) }),
    status: 413,
    message: MESSAGES.bodyTooLarge,
  },
  {
    // No payload, as external clients send it: the route answers as it would without a body
    // (here: sign-in first).
    name: "an empty JSON body",
    headers: { "content-type": "application/json" },
    payload: "",
    status: 401,
    message: MESSAGES.signInRequired,
  },
];

const routes = [
  ...restRoutes.map((r) => ({ method: r.method, url: urlOf(r.path), bodyLimit: r.bodyLimit, access: r.access })),
  { method: "GET" as const, url: "/api/v1/config", bodyLimit: undefined, access: "public" },
];

/** A route with its own body limit (an import) is checked against that limit and its message. */
const withRouteLimit = (body: (typeof malformed)[number], limit: { bytes: number; message: string } | undefined) =>
  limit && body.status === 413 ? { ...body, payload: JSON.stringify({ content: "x".repeat(limit.bytes + 10) }), message: limit.message } : body;

/** Every tRPC procedure, with its type and whether it takes input. */
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, AnyProcedure>).map(([path, procedure]) => ({
  path,
  type: procedure._def.type,
  takesInput: procedure._def.inputs.length > 0,
}));

describe("bad input on every tRPC procedure", () => {
  it("the router has procedures to check", () => {
    expect(procedures.map((p) => p.path)).toEqual(expect.arrayContaining(["messages.public", "messages.protected"]));
  });

  for (const procedure of procedures) {
    if (procedure.type === "mutation") {
      it(`${procedure.path} with malformed JSON answers 400 with a message`, async () => {
        const response = await t.app.inject({
          method: "POST",
          url: `/trpc/${procedure.path}`,
          headers: { "content-type": "application/json", ...callerFor(procedure.path) },
          payload: '{"json": ',
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ error: { message: MESSAGES.malformedJson } });
      });
    }
    if (procedure.type === "query" && procedure.takesInput) {
      it(`${procedure.path} with a malformed input parameter answers 400 with a message`, async () => {
        const response = await t.app.inject({ method: "GET", url: `/trpc/${procedure.path}?input=%7Bbad`, headers: callerFor(procedure.path) });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ error: { message: MESSAGES.malformedJson } });
      });
    }
    if (procedure.type === "query") {
      it(`${procedure.path} refuses a POST with 405 and a message`, async () => {
        const response = await t.app.inject({
          method: "POST",
          url: `/trpc/${procedure.path}`,
          headers: { "content-type": "application/json", ...(isAdminPath(procedure.path) ? asAdmin("tester") : {}) },
          payload: "{}",
        });
        expect(response.statusCode).toBe(405);
        expect(response.json()).toMatchObject({ error: { message: expect.stringContaining("Unsupported POST-request") } });
      });
    }
  }
});

describe("bad input on every REST route", () => {
  for (const route of routes) {
    for (const body of malformed.map((b) => withRouteLimit(b, route.bodyLimit))) {
      it(`${route.method} ${route.url} with ${body.name} answers ${body.status} with a message`, async () => {
        const response = await t.app.inject({
          method: route.method === "GET" ? "POST" : route.method,
          url: route.url,
          headers: body.headers,
          payload: body.payload,
        });
        // A GET route hit with a POST body either fails parsing first (the body is checked
        // before routing) or has no POST route: both are 4xx JSON with a message.
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        const json = response.json() as { message?: string };
        expect(typeof json.message).toBe("string");
        if (route.method === "POST" && isAdminPath(route.url.slice("/api/v1".length)) && body.status === 401) {
          // Signed out, an admin path is a path that does not exist.
          expect(response.statusCode).toBe(404);
          expect(json.message).toEqual(`Not found. No route for POST ${route.url}.`);
        } else if (route.method === "POST" && route.access === "public" && body.status === 401) {
          // Open to anyone (a link's password): what is missing is the input, not a sign-in.
          expect(response.statusCode).toBe(400);
          expect(json.message).toMatch(/^Invalid request: /);
        } else if (route.method === "POST") {
          expect(response.statusCode).toBe(body.status);
          expect(json.message).toEqual(body.message);
        }
        expect(response.body).not.toMatch(/at .*\.(ts|js):\d+|select |insert /i);
      });
    }
  }

  for (const route of restRoutes.filter((r) => r.method === "POST")) {
    it(`POST ${route.path} with wrong-typed fields answers 400 with a message naming a field`, async () => {
      const response = await t.app.inject({
        method: "POST",
        url: `/api/v1${route.path.replace(/:[a-zA-Z]+/g, "abc")}`,
        headers: callerFor(route.path),
        payload: {
          kind: 5,
          id: "x",
          reason: 5,
          user: 7,
          sessionId: "abc",
          messages: "hi",
          model_id: 5,
          claude_api_key: 5,
          open_ai_key: [],
          nickname: {},
          price_id: 5,
          session_id: 5,
          chat_id: "x",
          content: 5,
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: expect.stringMatching(/^Invalid request: \w+/) });
    });
  }

  for (const route of restRoutes.filter((r) => r.method === "POST")) {
    it(`POST ${route.path} signed in with Content-Type application/json and an empty body is taken as no payload`, async () => {
      const response = await t.app.inject({
        method: "POST",
        url: urlOf(route.path),
        headers: { ...callerFor(route.path), "content-type": "application/json" },
        payload: "",
      });
      // Served (addUser needs nothing), or refused for what is missing or not found: never as a bad body.
      expect(response.statusCode).toBeLessThan(500);
      expect(response.body).not.toMatch(/body is empty|not valid JSON/);
      if (response.statusCode >= 400) expect(response.json()).toEqual({ message: expect.any(String) });
    });
  }

  it("a POST body sent to a GET-only REST route is refused with a 4xx message, not served", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v1/messages/public",
      headers: { "content-type": "application/json" },
      payload: "{}",
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: expect.stringContaining("No route for POST /api/v1/messages/public") });
  });

  it(`a tRPC batch of more than ${LIMITS.trpcBatchCalls} calls is refused with 400 and a message; ${LIMITS.trpcBatchCalls} are served`, async () => {
    const batch = (calls: number) =>
      t.app.inject({ method: "GET", url: `/trpc/${Array.from({ length: calls }, () => "messages.public").join(",")}?batch=1&input=%7B%7D` });
    const tooMany = await batch(LIMITS.trpcBatchCalls + 1);
    expect(tooMany.statusCode).toBe(400);
    const errors = [tooMany.json()].flat() as { error: { message: string; data: { code: string } } }[];
    expect(errors[0]!.error).toMatchObject({ message: MESSAGES.batchTooLarge, data: { code: "BAD_REQUEST" } });
    expect(MESSAGES.batchTooLarge).toBe(`Too many calls in one request: send at most ${LIMITS.trpcBatchCalls} at a time.`);
    const viaPost = await t.app.inject({
      method: "POST",
      url: `/trpc/${Array.from({ length: 50 }, () => "messages.public").join(",")}?batch=1`,
      headers: { "content-type": "application/json" },
      payload: "{}",
    });
    expect(viaPost.statusCode).toBe(400);
    const allowed = await batch(LIMITS.trpcBatchCalls);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toHaveLength(LIMITS.trpcBatchCalls);
  });

  it("an unknown tRPC procedure is a 404 in tRPC's error shape", async () => {
    const response = await t.app.inject({ method: "GET", url: "/trpc/messages.nope" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { message: expect.stringContaining("No procedure found") } });
  });

  it("the process still serves after all of that", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/v1/messages/public" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ text: MESSAGES.publicDemo });
  });
});

describe("protected routes", () => {
  it("GET /api/v1/messages/protected without a token is 401 with a message", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/v1/messages/protected" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: MESSAGES.signInRequired });
  });

  it("messages.protected over tRPC without a token is UNAUTHORIZED", async () => {
    const response = await t.app.inject({ method: "GET", url: "/trpc/messages.protected" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { message: MESSAGES.signInRequired, data: { code: "UNAUTHORIZED" } } });
  });

  it("a garbage bearer token is 401, not a crash", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/v1/messages/protected",
      headers: { authorization: "Bearer not.a.jwt" },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe("text and numbers PostgreSQL cannot store are bad input, on REST and tRPC", () => {
  let chat: Awaited<ReturnType<typeof createChatApp>>;
  let sessionId: number;
  let postId: number;
  beforeAll(async () => {
    chat = await createChatApp();
    await chat.signUp("alice");
    sessionId = (await chat.send("alice", "A question")).body.session_id as number;
    postId = (await chat.call("alice", "POST", "/post/postChat", { chat_id: sessionId, description: "A post", categories: [] })).body.post_id as number;
  });
  afterAll(() => chat.close());

  const NUL = "a\u0000b";
  const LONE_SURROGATE = "a\ud800b";
  const unstorable = /Invalid request: .*must not contain NUL characters/;
  const send = (change: Record<string, unknown>) => ({ messages: [{ content: "hi" }], model_id: MODEL.demo, session_id: 0, ...change });

  /** [what, method, path (ids filled in), payload, message]: each answers 400 with that message. */
  const cases = (): [string, "GET" | "POST", string, unknown, RegExp][] => [
    ["a NUL in a chat message", "POST", "/chat/postChat", send({ messages: [{ content: NUL }] }), unstorable],
    ["a lone surrogate in a chat message", "POST", "/chat/postChat", send({ messages: [{ content: LONE_SURROGATE }] }), unstorable],
    ["a NUL in a model id", "POST", "/chat/postChat", send({ model_id: NUL }), unstorable],
    ["prompt_id 2147483648", "POST", "/chat/postChat", send({ prompt_id: 2_147_483_648 }), /prompt_id: .*2147483647/],
    [
      "an edit of message 'x'",
      "POST",
      "/chat/postChat",
      send({ session_id: sessionId, sibling_of_entry_id: "x" }),
      /sibling_of_entry_id: must be a message id/,
    ],
    ["an edit without its conversation", "POST", "/chat/postChat", send({ sibling_of_entry_id: 1 }), /needs its conversation: send session_id/],
    ["a branch switch to message 0", "POST", "/chat/switchBranch", { sessionId, entryId: 0 }, /entryId: must be a message id above 0/],
    ["a branch switch without a message", "POST", "/chat/switchBranch", { sessionId }, /entryId: /],
    ["a NUL in a post description", "POST", "/post/postChat", { chat_id: sessionId, description: NUL, categories: [] }, unstorable],
    ["a lone surrogate in a post description", "POST", "/post/postChat", { chat_id: sessionId, description: LONE_SURROGATE }, unstorable],
    ["a NUL in a comment", "POST", `/post/comment/${postId}`, { content: NUL }, unstorable],
    ["a lone surrogate in a comment", "POST", `/post/comment/${postId}`, { content: "\udc00" }, unstorable],
    ["a NUL in a nickname", "POST", "/user/updateUserApiKeys", { nickname: NUL }, unstorable],
    ["a NUL in an API key", "POST", "/user/updateUserApiKeys", { open_ai_key: `sk-${NUL}-0000000000` }, unstorable],
    ["a NUL in the addUser name", "POST", "/user/addUser", { user: { name: NUL, email: "alice@example.com" } }, unstorable],
    ["a NUL in the addUser email", "POST", "/user/addUser", { user: { email: `alice${NUL}@example.com` } }, unstorable],
    ["an invalid feed cursor", "GET", "/post/getRecentPosts?cursor=2024-13-45T99:99:99Z_1", undefined, /cursor: must be the next_cursor/],
    ["an overflowing feed cursor", "GET", "/post/getRecentPosts?cursor=2024-01-01T00:00:00.000Z_99999999999", undefined, /cursor: must be the next_cursor/],
    ["a vote for a column that is not a number", "POST", `/post/vote/${postId}`, { column: NUL }, /column: must be the column of the answer/],
    ["a vote on a post that is not a comparison", "POST", `/post/vote/${postId}`, { column: 0 }, /Votes are for comparison posts/],
    ["a vote on an overflowing post id", "POST", "/post/vote/2147483648", { column: 0 }, /postId: /],
    ["an unknown leaderboard category", "GET", "/post/leaderboard?category=gossip", undefined, /category: must be one of/],
    ["an unknown export format", "GET", `/chat/export/${sessionId}?format=pdf`, undefined, /format: must be one of md, json/],
    ["an unknown post export format", "GET", `/post/export/${postId}?format=html`, undefined, /format: must be one of md, json/],
    ["a public link switch that is not a boolean", "POST", `/post/publicLink/${postId}`, { enabled: "yes" }, /enabled: must be true or false/],
    ["an import that is not an export", "POST", "/chat/import", { file: "[]" }, /not a ChatGPT or Claude export/],
    ["an import without the file", "POST", "/chat/import", { name: "conversations.json" }, /file: must be the text of the export file/],
    ["an unknown feed order", "GET", "/post/getRecentPosts?sort=oldest", undefined, /sort: must be one of latest, popular/],
    ["a popular cursor that is not a score", "GET", "/post/getRecentPosts?sort=popular&cursor=abc_1", undefined, /cursor: must be the next_cursor/],
    ["an empty search", "GET", "/post/search?q=%20%20", undefined, /Type something to search for\./],
    ["a search without q", "GET", "/post/search", undefined, /q: must be the text to search for/],
    ["an over-long search", "GET", `/post/search?q=${"a".repeat(201)}`, undefined, /at most 200 characters/],
    ["a NUL in a search", "GET", "/post/search?q=a%00b", undefined, unstorable],
    ["a bad search cursor", "GET", "/post/search?q=tea&cursor=x_1", undefined, /cursor: must be the next_cursor/],
    ["a search cursor past any post id", "GET", "/post/search?q=tea&cursor=0.1_2147483648", undefined, /cursor: must be the next_cursor/],
    ["a search cursor bound past any post id", "GET", "/post/search?q=tea&cursor=0.1_5_9999999999", undefined, /cursor: must be the next_cursor/],
    ["an empty conversation search", "GET", "/chat/search?q=", undefined, /Type something to search for\./],
    ["a bad conversation search cursor", "GET", "/chat/search?q=tea&cursor=1_x", undefined, /cursor: must be the next_cursor/],
    ["a malformed handle on a creator page", "GET", "/user/creator/no%20spaces", undefined, /only letters a-z, digits and single hyphens/],
    ["a creator page limit of 0", "GET", "/user/creator/alice/posts?limit=0", undefined, /limit/],
    ["a handle with a NUL", "POST", "/user/handle", { handle: NUL }, /only letters a-z/],
    ["a missing handle", "POST", "/user/handle", {}, /handle: must be a handle/],
    ["a NUL in an access token name", "POST", "/user/tokens", { name: NUL }, unstorable],
    ["an empty access token name", "POST", "/user/tokens", { name: "" }, /name: must not be empty/],
    ["an access token name over 100 characters", "POST", "/user/tokens", { name: "x".repeat(101) }, /name: must be at most 100 characters/],
    ["a NUL in a prompt comment report's text", "POST", "/prompts/comments/1/report", { reason: "spam", details: NUL }, unstorable],
    ["a prompt comment report without a reason", "POST", "/prompts/comments/1/report", {}, /reason: must be one of spam, harassment, illegal, other/],
    ["a prompt comment report of comment 0", "POST", "/prompts/comments/0/report", { reason: "spam" }, /commentId: must be a comment id above 0/],
  ];

  it.each(cases().map((c, index) => [c[0], index] as const))("REST: %s answers 400 with a message", async (_what, index) => {
    const [, method, url, payload, message] = cases()[index]!;
    const response = await chat.call("alice", method, url, payload);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(message);
  });

  it.each([
    ["chat.send", send({ messages: [{ content: NUL }] })],
    ["chat.send", send({ prompt_id: 2_147_483_648 })],
    ["post.create", { chat_id: 1, description: NUL }],
    ["post.addComment", { postId: 1, content: LONE_SURROGATE }],
    ["post.vote", { postId: 1, column: NUL }],
    ["user.updateSettings", { nickname: NUL }],
    ["user.setup", { user: { name: NUL } }],
    ["chat.switchBranch", { sessionId: 1, entryId: -1 }],
    ["creator.updateHandle", { handle: "a" }],
    ["user.createToken", { name: LONE_SURROGATE }],
    ["user.revokeToken", { id: "not-a-token" }],
    ["prompt.reportComment", { commentId: 1, reason: "spam", details: NUL }],
    ["prompt.reportComment", { commentId: 2_147_483_648, reason: "spam" }],
  ])("tRPC: %s with %j answers BAD_REQUEST with a message", async (path, input) => {
    const response = await chat.app.inject({ method: "POST", url: `/trpc/${path}`, headers: chat.as("alice"), payload: input });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { message: expect.stringMatching(/^Invalid request: /), data: { code: "BAD_REQUEST" } } });
  });

  it("post.list with an overflowing cursor over tRPC is BAD_REQUEST", async () => {
    const input = encodeURIComponent(JSON.stringify({ cursor: "2024-01-01T00:00:00.000Z_2147483648" }));
    const response = await chat.app.inject({ method: "GET", url: `/trpc/post.list?input=${input}`, headers: chat.as("alice") });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { message: expect.stringMatching(/cursor: must be the next_cursor/) } });
  });
});
