import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import { ACCESS_TOKEN_MESSAGES, MESSAGES } from "@parley/contracts";
import { PUBLIC_LINK_NOT_FOUND } from "@parley/api";
import { restRoutes } from "../src/rest/answers";
import { routeKey } from "../src/rest/openapi-document";
import { CONTRACT_MODELS, CONTRACT_PRICES, startContractServer, type Answer, type Request } from "./support/contract-server";

// Every /api/v1 row called as an external client calls it: fetch over HTTP to a listening server,
// a bearer token (a personal access token for most calls, the sign-in's access token where a
// token may not act), the documented payload. Each row's answer must parse as its documented
// schema with nothing undocumented in it; a bad call and a call on a missing or someone else's
// object must answer 400 and 404 with a `{ message }` body that says what is wrong.

let server: Awaited<ReturnType<typeof startContractServer>>;

/** What the rows work on: Alice's objects, and Bob's, which Alice must not reach. */
type World = {
  alice: { pat: string; oidc: string };
  bob: { oidc: string };
  /** Cleo's address is not verified. */
  cleo: { oidc: string };
  session: number;
  entry: number;
  comparisonPost: number;
  post: number;
  bobSession: number;
  bobPost: number;
  handle: string;
  /** Alice's published prompt, and Bob's private one. */
  prompt: number;
  bobPrompt: number;
  call: (request: Request) => Promise<Answer>;
  as: (token: string) => (method: string, path: string, body?: unknown) => Promise<Answer>;
};

let world: World;

const NO_SUCH_POST = 2_147_483_647;
const NOT_FOUND = /not found|does not lead anywhere/i;

/** One row's calls: `ok` answers 200 with the documented shape; `bad` 400 and `missing` 404 with their messages. */
type Contract = {
  ok: (w: World) => Promise<Request>;
  bad?: (w: World) => Promise<Request & { message: RegExp }> | (Request & { message: RegExp });
  missing?: (w: World) => Promise<Request & { message: RegExp }> | (Request & { message: RegExp });
};

const send = (extra: Record<string, unknown> = {}) => ({
  messages: [{ content: "Hello there" }],
  model_id: CONTRACT_MODELS.demo,
  session_id: 0,
  category: "general",
  ...extra,
});
const claudeExport = [
  {
    uuid: "c-1",
    name: "Imported chat",
    created_at: "2024-01-01T00:00:00Z",
    chat_messages: [
      { sender: "human", text: "Hi" },
      { sender: "assistant", text: "Hello" },
    ],
  },
];

/** A new conversation of Alice's (for rows that use one up). */
async function newSession(w: World) {
  const sent = await w.as(w.alice.pat)("POST", "/chat/postChat", send());
  return (sent.body as { session_id: number }).session_id;
}

/** A new battle of the token's owner (for rows that read or decide one). */
async function newBattle(w: World, token: string) {
  const started = await w.as(token)("POST", "/chat/battles", { messages: [{ content: "Which answer is better?" }] });
  expect(started.status, started.text).toBe(200);
  return (started.body as { battle_id: number }).battle_id;
}

async function publicToken(w: World, kind: "post" | "chat") {
  const path = kind === "post" ? `/post/publicLink/${w.post}` : `/chat/publicLink/${w.session}`;
  if (kind === "chat") await w.as(w.alice.pat)("POST", `/chat/shareChat/${w.session}`);
  const link = await w.as(w.alice.pat)("POST", path, { enabled: true });
  return (link.body as { token: string }).token;
}

const contracts: Record<string, Contract> = {
  "POST /user/addUser": {
    ok: async (w) => ({ method: "POST", path: "/user/addUser", token: w.alice.pat, body: { user: { nickname: "alice" } } }),
    bad: (w) => ({ method: "POST", path: "/user/addUser", token: w.alice.pat, body: { user: { name: 7 } }, message: /^Invalid request: user\.name: / }),
  },
  "GET /user/usersettings": { ok: async (w) => ({ method: "GET", path: "/user/usersettings", token: w.alice.pat }) },
  "POST /user/updateUserApiKeys": {
    ok: async (w) => ({
      method: "POST",
      path: "/user/updateUserApiKeys",
      token: w.alice.pat,
      body: { nickname: "alice", open_ai_key: "", claude_api_key: "" },
    }),
    bad: (w) => ({ method: "POST", path: "/user/updateUserApiKeys", token: w.alice.pat, body: { nickname: 5 }, message: /^Invalid request: nickname: / }),
  },
  "GET /user/verification": { ok: async (w) => ({ method: "GET", path: "/user/verification", token: w.alice.pat }) },
  // Cleo's address is not verified: a new link is written to the log.
  "POST /user/verification": { ok: async (w) => ({ method: "POST", path: "/user/verification", token: w.cleo.oidc }) },
  "GET /user/tokens": { ok: async (w) => ({ method: "GET", path: "/user/tokens", token: w.alice.pat }) },
  "POST /user/tokens": {
    // Making a token needs the sign-in itself.
    ok: async (w) => ({ method: "POST", path: "/user/tokens", token: w.alice.oidc, body: { name: "Contract test" } }),
    bad: (w) => ({ method: "POST", path: "/user/tokens", token: w.alice.oidc, body: { name: "" }, message: /name: must not be empty/ }),
  },
  "DELETE /user/tokens/:id": {
    ok: async (w) => {
      const made = await w.as(w.alice.oidc)("POST", "/user/tokens", { name: "To revoke" });
      return { method: "DELETE", path: `/user/tokens/${(made.body as { id: string }).id}`, token: w.alice.pat };
    },
    bad: (w) => ({ method: "DELETE", path: "/user/tokens/not-a-token", token: w.alice.pat, message: /id: must be an access token id/ }),
    missing: async (w) => {
      const [own] = (await w.as(w.alice.pat)("GET", "/user/tokens")).body as { id: string }[];
      return { method: "DELETE", path: `/user/tokens/${own!.id}`, token: w.bob.oidc, message: new RegExp(`^${ACCESS_TOKEN_MESSAGES.notFound}$`) };
    },
  },
  "GET /subscription/userSubscription": { ok: async (w) => ({ method: "GET", path: "/subscription/userSubscription", token: w.alice.pat }) },
  "GET /subscription/config": { ok: async (w) => ({ method: "GET", path: "/subscription/config", token: w.alice.pat }) },
  "POST /subscription/create-checkout-session": {
    ok: async (w) => ({ method: "POST", path: "/subscription/create-checkout-session", token: w.alice.pat, body: { price_id: CONTRACT_PRICES.basic } }),
    bad: (w) => ({
      method: "POST",
      path: "/subscription/create-checkout-session",
      token: w.alice.pat,
      body: { price_id: "" },
      message: /Choose a plan first\./,
    }),
  },
  "POST /subscription/customer-portal": {
    // Alice has a Stripe customer since her checkout (the row above); Bob has none.
    ok: async (w) => ({ method: "POST", path: "/subscription/customer-portal", token: w.alice.pat, body: { session_id: "" } }),
    bad: (w) => ({
      method: "POST",
      path: "/subscription/customer-portal",
      token: w.alice.pat,
      body: { session_id: 5 },
      message: /^Invalid request: session_id: /,
    }),
    missing: (w) => ({
      method: "POST",
      path: "/subscription/customer-portal",
      token: w.bob.oidc,
      body: { session_id: "" },
      message: /no subscription to manage yet/,
    }),
  },
  "GET /chat/getPromptsAndModels": { ok: async (w) => ({ method: "GET", path: "/chat/getPromptsAndModels", token: w.alice.pat }) },
  "GET /chat/getSessionHistory": { ok: async (w) => ({ method: "GET", path: "/chat/getSessionHistory", token: w.alice.pat }) },
  "POST /chat/getChatHistory": {
    ok: async (w) => ({ method: "POST", path: "/chat/getChatHistory", token: w.alice.pat, body: { sessionId: w.session } }),
    bad: (w) => ({
      method: "POST",
      path: "/chat/getChatHistory",
      token: w.alice.pat,
      body: { sessionId: "abc" },
      message: /sessionId: must be a conversation id/,
    }),
    missing: (w) => ({ method: "POST", path: "/chat/getChatHistory", token: w.alice.pat, body: { sessionId: w.bobSession }, message: NOT_FOUND }),
  },
  "POST /chat/postChat": {
    ok: async (w) => ({ method: "POST", path: "/chat/postChat", token: w.alice.pat, body: send() }),
    bad: (w) => ({
      method: "POST",
      path: "/chat/postChat",
      token: w.alice.pat,
      body: send({ messages: [{ content: "   " }] }),
      message: /Type a message first/,
    }),
    missing: (w) => ({ method: "POST", path: "/chat/postChat", token: w.alice.pat, body: send({ session_id: w.bobSession }), message: NOT_FOUND }),
  },
  "POST /chat/compare": {
    ok: async (w) => ({
      method: "POST",
      path: "/chat/compare",
      token: w.alice.pat,
      body: { messages: [{ content: "Compare this" }], model_ids: [CONTRACT_MODELS.demo, CONTRACT_MODELS.openai] },
    }),
    bad: (w) => ({
      method: "POST",
      path: "/chat/compare",
      token: w.alice.pat,
      body: { messages: [{ content: "Hi" }], model_ids: [CONTRACT_MODELS.demo] },
      message: /Pick at least 2 models/,
    }),
    missing: (w) => ({
      method: "POST",
      path: "/chat/compare",
      token: w.alice.pat,
      body: { messages: [{ content: "Hi" }], model_ids: [CONTRACT_MODELS.demo, CONTRACT_MODELS.openai], session_id: w.bobSession },
      message: NOT_FOUND,
    }),
  },
  "POST /chat/battles": {
    ok: async (w) => ({ method: "POST", path: "/chat/battles", token: w.alice.pat, body: { messages: [{ content: "Battle this" }], category: "technology" } }),
    bad: (w) => ({ method: "POST", path: "/chat/battles", token: w.alice.pat, body: { messages: [{ content: "  " }] }, message: /Type a message first/ }),
  },
  "GET /chat/battles/:id": {
    ok: async (w) => ({ method: "GET", path: `/chat/battles/${await newBattle(w, w.alice.pat)}`, token: w.alice.pat }),
    bad: (w) => ({ method: "GET", path: "/chat/battles/abc", token: w.alice.pat, message: /id: must be a conversation id/ }),
    missing: async (w) => ({ method: "GET", path: `/chat/battles/${await newBattle(w, w.bob.oidc)}`, token: w.alice.pat, message: NOT_FOUND }),
  },
  "POST /chat/battles/:id/verdict": {
    ok: async (w) => ({ method: "POST", path: `/chat/battles/${await newBattle(w, w.alice.pat)}/verdict`, token: w.alice.pat, body: { choice: "tie" } }),
    bad: (w) => ({
      method: "POST",
      path: "/chat/battles/1/verdict",
      token: w.alice.pat,
      body: { choice: "c" },
      message: /choice: must be one of a, b, tie, both_bad/,
    }),
    missing: async (w) => ({
      method: "POST",
      path: `/chat/battles/${await newBattle(w, w.bob.oidc)}/verdict`,
      token: w.alice.pat,
      body: { choice: "a" },
      message: NOT_FOUND,
    }),
  },
  "POST /chat/switchBranch": {
    ok: async (w) => ({ method: "POST", path: "/chat/switchBranch", token: w.alice.pat, body: { sessionId: w.session, entryId: w.entry } }),
    bad: (w) => ({
      method: "POST",
      path: "/chat/switchBranch",
      token: w.alice.pat,
      body: { sessionId: w.session, entryId: 0 },
      message: /entryId: must be a message id above 0/,
    }),
    missing: (w) => ({
      method: "POST",
      path: "/chat/switchBranch",
      token: w.alice.pat,
      body: { sessionId: w.bobSession, entryId: w.entry },
      message: NOT_FOUND,
    }),
  },
  "POST /chat/cloneChat": {
    ok: async (w) => ({ method: "POST", path: "/chat/cloneChat", token: w.alice.pat, body: { sessionId: w.session, addCloneText: true } }),
    bad: (w) => ({ method: "POST", path: "/chat/cloneChat", token: w.alice.pat, body: { sessionId: -3 }, message: /sessionId: must be a saved conversation/ }),
    missing: (w) => ({ method: "POST", path: "/chat/cloneChat", token: w.alice.pat, body: { sessionId: w.bobSession }, message: NOT_FOUND }),
  },
  "POST /chat/deleteChat/:id": {
    ok: async (w) => ({ method: "POST", path: `/chat/deleteChat/${await newSession(w)}`, token: w.alice.pat }),
    bad: (w) => ({ method: "POST", path: "/chat/deleteChat/abc", token: w.alice.pat, message: /id: must be a conversation id/ }),
    missing: (w) => ({ method: "POST", path: `/chat/deleteChat/${w.bobSession}`, token: w.alice.pat, message: NOT_FOUND }),
  },
  "POST /chat/shareChat/:id": {
    ok: async (w) => ({ method: "POST", path: `/chat/shareChat/${w.session}`, token: w.alice.pat }),
    bad: (w) => ({ method: "POST", path: "/chat/shareChat/1.5", token: w.alice.pat, message: /id: must be a whole number/ }),
    missing: (w) => ({ method: "POST", path: `/chat/shareChat/${w.bobSession}`, token: w.alice.pat, message: NOT_FOUND }),
  },
  "POST /chat/unshareChat/:id": {
    ok: async (w) => ({ method: "POST", path: `/chat/unshareChat/${w.session}`, token: w.alice.pat }),
    bad: (w) => ({ method: "POST", path: "/chat/unshareChat/abc", token: w.alice.pat, message: /id: must be a conversation id/ }),
    missing: (w) => ({ method: "POST", path: `/chat/unshareChat/${w.bobSession}`, token: w.alice.pat, message: NOT_FOUND }),
  },
  "POST /post/postChat": {
    ok: async (w) => ({
      method: "POST",
      path: "/post/postChat",
      token: w.alice.pat,
      body: { chat_id: w.session, description: "A contract post", categories: ["general"] },
    }),
    bad: (w) => ({
      method: "POST",
      path: "/post/postChat",
      token: w.alice.pat,
      body: { chat_id: w.session, description: "  " },
      message: /Please add a description for your post\./,
    }),
    missing: (w) => ({
      method: "POST",
      path: "/post/postChat",
      token: w.alice.pat,
      body: { chat_id: w.bobSession, description: "Not mine" },
      message: NOT_FOUND,
    }),
  },
  "GET /post/getPost/:id": {
    ok: async (w) => ({ method: "GET", path: `/post/getPost/${w.comparisonPost}`, token: w.alice.pat }),
    bad: (w) => ({ method: "GET", path: "/post/getPost/abc", token: w.alice.pat, message: /id: must be a post id/ }),
    missing: (w) => ({ method: "GET", path: `/post/getPost/${NO_SUCH_POST}`, token: w.alice.pat, message: NOT_FOUND }),
  },
  "GET /post/answer/:postId/:answer": {
    ok: async (w) => ({ method: "GET", path: `/post/answer/${w.post}/1`, token: w.alice.pat }),
    bad: (w) => ({
      method: "GET",
      path: `/post/answer/${w.post}/9`,
      token: w.alice.pat,
      message: /^answer: this post has no answer 9; its answers are 1 to 1\.$/,
    }),
    missing: (w) => ({ method: "GET", path: `/post/answer/${NO_SUCH_POST}/1`, token: w.alice.pat, message: NOT_FOUND }),
  },
  "GET /post/getRecentPosts": {
    ok: async (w) => ({ method: "GET", path: "/post/getRecentPosts?limit=5&category=general", token: w.alice.pat }),
    bad: (w) => ({ method: "GET", path: "/post/getRecentPosts?sort=oldest", token: w.alice.pat, message: /sort: must be one of latest, popular/ }),
  },
  "POST /post/deletePost/:id": {
    ok: async (w) => {
      const made = await w.as(w.alice.pat)("POST", "/post/postChat", { chat_id: w.session, description: "To delete" });
      return { method: "POST", path: `/post/deletePost/${(made.body as { post_id: number }).post_id}`, token: w.alice.pat };
    },
    bad: (w) => ({ method: "POST", path: "/post/deletePost/0", token: w.alice.pat, message: /id: must be a post id above 0/ }),
    missing: (w) => ({ method: "POST", path: `/post/deletePost/${w.bobPost}`, token: w.alice.pat, message: NOT_FOUND }),
  },
  "GET /post/comments/:postId": {
    ok: async (w) => {
      await w.as(w.alice.pat)("POST", `/post/comment/${w.post}`, { content: "First!" });
      await w.as(w.alice.pat)("POST", `/post/comment/${w.post}`, { content: "On the answer", answer: "1" });
      return { method: "GET", path: `/post/comments/${w.post}`, token: w.alice.pat };
    },
    bad: (w) => ({ method: "GET", path: "/post/comments/abc", token: w.alice.pat, message: /postId: must be a post id/ }),
    missing: (w) => ({ method: "GET", path: `/post/comments/${NO_SUCH_POST}`, token: w.alice.pat, message: NOT_FOUND }),
  },
  "POST /post/comment/:postId": {
    ok: async (w) => ({ method: "POST", path: `/post/comment/${w.post}`, token: w.alice.pat, body: { content: "A thoughtful comment" } }),
    bad: (w) => ({ method: "POST", path: `/post/comment/${w.post}`, token: w.alice.pat, body: { content: " " }, message: /Write a comment first/ }),
    missing: (w) => ({ method: "POST", path: `/post/comment/${NO_SUCH_POST}`, token: w.alice.pat, body: { content: "Hello?" }, message: NOT_FOUND }),
  },
  "POST /post/like/:postId": {
    ok: async (w) => ({ method: "POST", path: `/post/like/${w.post}`, token: w.alice.pat }),
    bad: (w) => ({ method: "POST", path: "/post/like/2147483648", token: w.alice.pat, message: /postId: must be a post id of at most 2147483647/ }),
    missing: (w) => ({ method: "POST", path: `/post/like/${NO_SUCH_POST}`, token: w.alice.pat, message: NOT_FOUND }),
  },
  "POST /post/unlike/:postId": {
    ok: async (w) => ({ method: "POST", path: `/post/unlike/${w.post}`, token: w.alice.pat }),
    bad: (w) => ({ method: "POST", path: "/post/unlike/abc", token: w.alice.pat, message: /postId: must be a post id/ }),
    missing: (w) => ({ method: "POST", path: `/post/unlike/${NO_SUCH_POST}`, token: w.alice.pat, message: NOT_FOUND }),
  },
  "GET /post/hasLiked/:postId": {
    ok: async (w) => ({ method: "GET", path: `/post/hasLiked/${w.post}`, token: w.alice.pat }),
    bad: (w) => ({ method: "GET", path: "/post/hasLiked/abc", token: w.alice.pat, message: /postId: must be a post id/ }),
    missing: (w) => ({ method: "GET", path: `/post/hasLiked/${NO_SUCH_POST}`, token: w.alice.pat, message: NOT_FOUND }),
  },
  "POST /post/vote/:postId": {
    // Bob votes on Alice's comparison (an author cannot vote on their own).
    ok: async (w) => ({ method: "POST", path: `/post/vote/${w.comparisonPost}`, token: w.bob.oidc, body: { column: 1 } }),
    bad: (w) => ({ method: "POST", path: `/post/vote/${w.comparisonPost}`, token: w.bob.oidc, body: { column: 9 }, message: /column: must be at most 3/ }),
    missing: (w) => ({ method: "POST", path: `/post/vote/${NO_SUCH_POST}`, token: w.bob.oidc, body: { column: 0 }, message: NOT_FOUND }),
  },
  "GET /post/leaderboard": {
    ok: async (w) => ({ method: "GET", path: "/post/leaderboard", token: w.alice.pat }),
    bad: (w) => ({ method: "GET", path: "/post/leaderboard?category=gossip", token: w.alice.pat, message: /category: must be one of/ }),
    missing: (w) => ({ method: "GET", path: `/post/leaderboard?promptId=${w.bobPrompt}`, token: w.alice.pat, message: NOT_FOUND }),
  },
  "GET /post/leaderboard/votes": {
    ok: async (w) => ({ method: "GET", path: "/post/leaderboard/votes?format=csv", token: w.alice.pat }),
    bad: (w) => ({ method: "GET", path: "/post/leaderboard/votes?format=xml", token: w.alice.pat, message: /format: must be one of json, csv/ }),
  },
  "GET /post/search": {
    ok: async (w) => ({ method: "GET", path: "/post/search?q=hello", token: w.alice.pat }),
    bad: (w) => ({ method: "GET", path: "/post/search?q=%20", token: w.alice.pat, message: /Type something to search for\./ }),
  },
  "GET /chat/search": {
    ok: async (w) => ({ method: "GET", path: "/chat/search?q=hello", token: w.alice.pat }),
    bad: (w) => ({ method: "GET", path: `/chat/search?q=${"a".repeat(201)}`, token: w.alice.pat, message: /at most 200 characters/ }),
  },
  "GET /user/creator/:handle": {
    ok: async (w) => ({ method: "GET", path: `/user/creator/${w.handle}`, token: w.alice.pat }),
    bad: (w) => ({ method: "GET", path: "/user/creator/no%20spaces", token: w.alice.pat, message: /only letters a-z, digits and single hyphens/ }),
    missing: (w) => ({ method: "GET", path: "/user/creator/nobody-by-this-name", token: w.alice.pat, message: /No one has the handle .nobody-by-this-name./ }),
  },
  "GET /user/creator/:handle/posts": {
    ok: async (w) => ({ method: "GET", path: `/user/creator/${w.handle}/posts?limit=2`, token: w.alice.pat }),
    bad: (w) => ({ method: "GET", path: `/user/creator/${w.handle}/posts?limit=0`, token: w.alice.pat, message: /^Invalid request: limit: / }),
    missing: (w) => ({
      method: "GET",
      path: "/user/creator/nobody-by-this-name/posts",
      token: w.alice.pat,
      message: /No one has the handle .nobody-by-this-name./,
    }),
  },
  "POST /user/handle": {
    ok: async (w) => ({ method: "POST", path: "/user/handle", token: w.alice.pat, body: { handle: w.handle } }),
    bad: (w) => ({ method: "POST", path: "/user/handle", token: w.alice.pat, body: { handle: "a" }, message: /A handle needs at least 2 characters\./ }),
  },
  "GET /messages/public": { ok: async () => ({ method: "GET", path: "/messages/public" }) },
  "GET /messages/protected": { ok: async (w) => ({ method: "GET", path: "/messages/protected", token: w.alice.pat }) },
  "GET /chat/export/:sessionId": {
    ok: async (w) => ({ method: "GET", path: `/chat/export/${w.session}?format=json`, token: w.alice.pat }),
    bad: (w) => ({ method: "GET", path: `/chat/export/${w.session}?format=pdf`, token: w.alice.pat, message: /format: must be one of md, json/ }),
    missing: (w) => ({ method: "GET", path: `/chat/export/${w.bobSession}`, token: w.alice.pat, message: NOT_FOUND }),
  },
  "GET /post/export/:postId": {
    ok: async (w) => ({ method: "GET", path: `/post/export/${w.post}?format=md`, token: w.alice.pat }),
    bad: (w) => ({ method: "GET", path: `/post/export/${w.post}?format=html`, token: w.alice.pat, message: /format: must be one of md, json/ }),
    missing: (w) => ({ method: "GET", path: `/post/export/${NO_SUCH_POST}`, token: w.alice.pat, message: NOT_FOUND }),
  },
  "POST /chat/import": {
    ok: async (w) => ({ method: "POST", path: "/chat/import", token: w.alice.pat, text: JSON.stringify(claudeExport) }),
    bad: (w) => ({ method: "POST", path: "/chat/import", token: w.alice.pat, body: { file: "[]" }, message: /not a ChatGPT or Claude export/ }),
  },
  "GET /chat/import/:jobId": {
    ok: async (w) => {
      const jobId = randomUUID();
      await w.as(w.alice.pat)("POST", "/chat/import", { file: JSON.stringify(claudeExport), jobId });
      return { method: "GET", path: `/chat/import/${jobId}`, token: w.alice.pat };
    },
    bad: (w) => ({ method: "GET", path: "/chat/import/abc", token: w.alice.pat, message: /jobId: must be an import id/ }),
    missing: (w) => ({ method: "GET", path: `/chat/import/${randomUUID()}`, token: w.alice.pat, message: NOT_FOUND }),
  },
  "POST /public/unlock/:token": {
    ok: async (w) => {
      // Bob's post: the rows reading Alice's links need them without a password.
      const link = await w.as(w.bob.oidc)("POST", `/post/publicLink/${w.bobPost}`, { enabled: true });
      const token = (link.body as { token: string }).token;
      await w.as(w.bob.oidc)("POST", `/links/post/${w.bobPost}`, { password: "contract pass" });
      return { method: "POST", path: `/public/unlock/${token}`, body: { password: "contract pass" } };
    },
    bad: () => ({ method: "POST", path: `/public/unlock/${"x".repeat(24)}`, body: { password: "" }, message: /password: must be the link's password/ }),
    missing: () => ({ method: "POST", path: "/public/unlock/no-such-link", body: { password: "anything" }, message: new RegExp(`^${PUBLIC_LINK_NOT_FOUND}$`) }),
  },
  "POST /links/share/:sessionId/unlock": {
    ok: async (w) => {
      // Bob's share with a password, opened by Alice.
      await w.as(w.bob.oidc)("POST", `/chat/shareChat/${w.bobSession}`);
      await w.as(w.bob.oidc)("POST", `/links/share/${w.bobSession}`, { password: "contract pass" });
      return { method: "POST", path: `/links/share/${w.bobSession}/unlock`, token: w.alice.pat, body: { password: "contract pass" } };
    },
    bad: (w) => ({
      method: "POST",
      path: `/links/share/${w.bobSession}/unlock`,
      token: w.alice.pat,
      body: { password: "" },
      message: /password: must be the share's password/,
    }),
    missing: (w) => ({
      method: "POST",
      path: `/links/share/${Number.MAX_SAFE_INTEGER}/unlock`,
      token: w.alice.pat,
      body: { password: "anything" },
      message: NOT_FOUND,
    }),
  },
  "GET /links/:kind/:id": {
    ok: async (w) => {
      await publicToken(w, "post");
      return { method: "GET", path: `/links/post/${w.post}`, token: w.alice.pat };
    },
    bad: (w) => ({ method: "GET", path: `/links/thing/${w.post}`, token: w.alice.pat, message: /kind: must be one of post, conversation, prompt, share/ }),
    missing: (w) => ({ method: "GET", path: `/links/post/${w.bobPost}`, token: w.alice.pat, message: NOT_FOUND }),
  },
  "POST /links/:kind/:id": {
    ok: async (w) => {
      await publicToken(w, "post");
      return { method: "POST", path: `/links/post/${w.post}`, token: w.alice.pat, body: { expires: "30d", view_cap: 1000 } };
    },
    bad: (w) => ({
      method: "POST",
      path: `/links/post/${w.post}`,
      token: w.alice.pat,
      body: { expires: "2d" },
      message: /expires: must be one of 1d, 7d, 30d, never/,
    }),
    // Bob (whose allowance of sharing changes the rows use less) asks for Alice's conversation.
    missing: (w) => ({ method: "POST", path: `/links/conversation/${w.session}`, token: w.bob.oidc, body: { expires: "1d" }, message: NOT_FOUND }),
  },
  "GET /links": { ok: async (w) => ({ method: "GET", path: "/links", token: w.alice.pat }) },
  "POST /links/revoke/:kind/:id": {
    ok: async (w) => {
      await w.as(w.bob.oidc)("POST", `/chat/shareChat/${w.bobSession}`);
      return { method: "POST", path: `/links/revoke/share/${w.bobSession}`, token: w.bob.oidc };
    },
    bad: (w) => ({
      method: "POST",
      path: `/links/revoke/thing/${w.session}`,
      token: w.alice.pat,
      message: /kind: must be one of post, conversation, prompt, share/,
    }),
    missing: (w) => ({ method: "POST", path: `/links/revoke/share/${w.session}`, token: w.bob.oidc, message: NOT_FOUND }),
  },
  // Bob's links go: the rows work on Alice's.
  "POST /links/revokeAll": {
    ok: async (w) => ({ method: "POST", path: "/links/revokeAll", token: w.bob.oidc, body: { confirm: true } }),
    bad: (w) => ({ method: "POST", path: "/links/revokeAll", token: w.bob.oidc, body: { confirm: "yes" }, message: /confirm: must be true/ }),
  },
  "POST /links/share/:sessionId/refresh": {
    ok: async (w) => {
      await w.as(w.alice.pat)("POST", `/chat/shareChat/${w.session}`);
      return { method: "POST", path: `/links/share/${w.session}/refresh`, token: w.alice.pat };
    },
    bad: (w) => ({ method: "POST", path: "/links/share/abc/refresh", token: w.alice.pat, message: /sessionId: must be a conversation id/ }),
    missing: (w) => ({ method: "POST", path: `/links/share/${w.session}/refresh`, token: w.bob.oidc, message: NOT_FOUND }),
  },
  "GET /post/publicLink/:postId": {
    ok: async (w) => ({ method: "GET", path: `/post/publicLink/${w.post}`, token: w.alice.pat }),
    bad: (w) => ({ method: "GET", path: "/post/publicLink/abc", token: w.alice.pat, message: /postId: must be a post id/ }),
    missing: (w) => ({ method: "GET", path: `/post/publicLink/${w.bobPost}`, token: w.alice.pat, message: NOT_FOUND }),
  },
  "POST /post/publicLink/:postId": {
    ok: async (w) => ({ method: "POST", path: `/post/publicLink/${w.post}`, token: w.alice.pat, body: { enabled: true, listed: false } }),
    bad: (w) => ({
      method: "POST",
      path: `/post/publicLink/${w.post}`,
      token: w.alice.pat,
      body: { enabled: "yes" },
      message: /enabled: must be true or false/,
    }),
    missing: (w) => ({ method: "POST", path: `/post/publicLink/${w.bobPost}`, token: w.alice.pat, body: { enabled: true }, message: NOT_FOUND }),
  },
  "GET /chat/publicLink/:sessionId": {
    ok: async (w) => ({ method: "GET", path: `/chat/publicLink/${w.session}`, token: w.alice.pat }),
    bad: (w) => ({ method: "GET", path: "/chat/publicLink/abc", token: w.alice.pat, message: /sessionId: must be a conversation id/ }),
    missing: (w) => ({ method: "GET", path: `/chat/publicLink/${w.bobSession}`, token: w.alice.pat, message: NOT_FOUND }),
  },
  "POST /chat/publicLink/:sessionId": {
    ok: async (w) => {
      await w.as(w.alice.pat)("POST", `/chat/shareChat/${w.session}`);
      return { method: "POST", path: `/chat/publicLink/${w.session}`, token: w.alice.pat, body: { enabled: true } };
    },
    bad: (w) => ({ method: "POST", path: `/chat/publicLink/${w.session}`, token: w.alice.pat, body: {}, message: /enabled: must be true or false/ }),
    missing: (w) => ({ method: "POST", path: `/chat/publicLink/${w.bobSession}`, token: w.alice.pat, body: { enabled: true }, message: NOT_FOUND }),
  },
  "GET /public/post/:token": {
    ok: async (w) => ({ method: "GET", path: `/public/post/${await publicToken(w, "post")}` }),
    bad: () => ({ method: "GET", path: `/public/post/${"x".repeat(201)}`, message: /token: must be the token of a public link/ }),
    missing: () => ({ method: "GET", path: "/public/post/no-such-link", message: new RegExp(`^${PUBLIC_LINK_NOT_FOUND}$`) }),
  },
  "GET /public/chat/:token": {
    ok: async (w) => ({ method: "GET", path: `/public/chat/${await publicToken(w, "chat")}` }),
    bad: () => ({ method: "GET", path: `/public/chat/${"x".repeat(201)}`, message: /token: must be the token of a public link/ }),
    missing: () => ({ method: "GET", path: "/public/chat/no-such-link", message: new RegExp(`^${PUBLIC_LINK_NOT_FOUND}$`) }),
  },
  "POST /post/deleteComment/:commentId": {
    ok: async (w) => {
      const made = await w.as(w.alice.pat)("POST", `/post/comment/${w.post}`, { content: "A comment to delete" });
      return { method: "POST", path: `/post/deleteComment/${(made.body as { id: number }).id}`, token: w.alice.pat };
    },
    bad: (w) => ({ method: "POST", path: "/post/deleteComment/abc", token: w.alice.pat, message: /commentId: must be a comment id/ }),
    missing: async (w) => {
      const made = await w.as(w.bob.oidc)("POST", `/post/comment/${w.post}`, { content: "Bob's comment" });
      return { method: "POST", path: `/post/deleteComment/${(made.body as { id: number }).id}`, token: w.alice.pat, message: NOT_FOUND };
    },
  },
  "POST /post/report/:postId": {
    ok: async (w) => ({ method: "POST", path: `/post/report/${w.bobPost}`, token: w.alice.pat, body: { reason: "spam", details: "Selling things" } }),
    bad: (w) => ({
      method: "POST",
      path: `/post/report/${w.bobPost}`,
      token: w.alice.pat,
      body: { reason: "boring" },
      message: /reason: must be one of spam, harassment, illegal, other/,
    }),
    missing: (w) => ({ method: "POST", path: `/post/report/${NO_SUCH_POST}`, token: w.alice.pat, body: { reason: "spam" }, message: NOT_FOUND }),
  },
  "POST /post/reportComment/:commentId": {
    ok: async (w) => {
      const made = await w.as(w.bob.oidc)("POST", `/post/comment/${w.post}`, { content: "A comment to report" });
      return { method: "POST", path: `/post/reportComment/${(made.body as { id: number }).id}`, token: w.alice.pat, body: { reason: "harassment" } };
    },
    bad: (w) => ({
      method: "POST",
      path: "/post/reportComment/1",
      token: w.alice.pat,
      body: { reason: "spam", details: "x".repeat(501) },
      message: /at most 500 characters/,
    }),
    missing: (w) => ({ method: "POST", path: `/post/reportComment/${NO_SUCH_POST}`, token: w.alice.pat, body: { reason: "spam" }, message: NOT_FOUND }),
  },
  "POST /chat/report/:sessionId": {
    ok: async (w) => {
      await w.as(w.bob.oidc)("POST", `/chat/shareChat/${w.bobSession}`);
      return { method: "POST", path: `/chat/report/${w.bobSession}`, token: w.alice.pat, body: { reason: "illegal" } };
    },
    bad: (w) => ({
      method: "POST",
      path: `/chat/report/${w.bobSession}`,
      token: w.alice.pat,
      body: { reason: "dull" },
      message: /reason: must be one of spam, harassment, illegal, other/,
    }),
    missing: (w) => ({ method: "POST", path: `/chat/report/${2 ** 52}`, token: w.alice.pat, body: { reason: "spam" }, message: NOT_FOUND }),
  },
  "GET /prompts": {
    ok: async (w) => ({ method: "GET", path: "/prompts?q=contract", token: w.alice.pat }),
    bad: (w) => ({ method: "GET", path: "/prompts?cursor=nonsense", token: w.alice.pat, message: /cursor: must be the nextCursor of a previous page/ }),
  },
  "POST /prompts": {
    ok: async (w) => ({ method: "POST", path: "/prompts", token: w.alice.pat, body: { name: "Another", text: "Say {{word|hello}}", category: "general" } }),
    bad: (w) => ({
      method: "POST",
      path: "/prompts",
      token: w.alice.pat,
      body: { name: "n".repeat(101), text: "t" },
      message: /name: A prompt's name can be at most 100 characters\./,
    }),
  },
  "GET /prompts/discover": {
    ok: async (w) => ({ method: "GET", path: "/prompts/discover?sort=newest&q=contract&limit=5", token: w.alice.pat }),
    bad: (w) => ({ method: "GET", path: "/prompts/discover?category=gossip", token: w.alice.pat, message: /category: must be one of general/ }),
  },
  "GET /prompts/export": { ok: async (w) => ({ method: "GET", path: "/prompts/export", token: w.alice.pat }) },
  "POST /prompts/import": {
    ok: async (w) => ({
      method: "POST",
      path: "/prompts/import",
      token: w.alice.pat,
      body: { format: "parley.prompts", version: 1, prompts: [{ name: "Imported", text: "From a file" }] },
    }),
    bad: (w) => ({
      method: "POST",
      path: "/prompts/import",
      token: w.alice.pat,
      body: { format: "parley.prompts", version: 2, prompts: [] },
      message: /version: must be 1/,
    }),
  },
  "GET /prompts/:id": {
    ok: async (w) => ({ method: "GET", path: `/prompts/${w.prompt}`, token: w.alice.pat }),
    bad: (w) => ({ method: "GET", path: "/prompts/abc", token: w.alice.pat, message: /id: must be a prompt id/ }),
    missing: (w) => ({ method: "GET", path: `/prompts/${w.bobPrompt}`, token: w.alice.pat, message: NOT_FOUND }),
  },
  "PATCH /prompts/:id": {
    ok: async (w) => ({
      method: "PATCH",
      path: `/prompts/${w.prompt}`,
      token: w.alice.pat,
      body: { name: "Contract prompt", text: "A contract prompt about {{topic}}", category: "general" },
    }),
    bad: (w) => ({
      method: "PATCH",
      path: `/prompts/${w.prompt}`,
      token: w.alice.pat,
      body: { name: "x", text: "" },
      message: /text: Write the prompt's text first/,
    }),
    missing: (w) => ({ method: "PATCH", path: `/prompts/${w.bobPrompt}`, token: w.alice.pat, body: { name: "Mine now", text: "t" }, message: NOT_FOUND }),
  },
  "DELETE /prompts/:id": {
    ok: async (w) => {
      const made = await w.as(w.alice.pat)("POST", "/prompts", { name: "To delete", text: "Bye" });
      return { method: "DELETE", path: `/prompts/${(made.body as { id: number }).id}`, token: w.alice.pat };
    },
    bad: (w) => ({ method: "DELETE", path: "/prompts/0", token: w.alice.pat, message: /id: must be a prompt id above 0/ }),
    missing: (w) => ({ method: "DELETE", path: `/prompts/${w.bobPrompt}`, token: w.alice.pat, message: NOT_FOUND }),
  },
  "GET /prompts/:id/versions": {
    ok: async (w) => ({ method: "GET", path: `/prompts/${w.prompt}/versions`, token: w.alice.pat }),
    bad: (w) => ({ method: "GET", path: "/prompts/2147483648/versions", token: w.alice.pat, message: /id: must be a prompt id of at most 2147483647/ }),
    missing: (w) => ({ method: "GET", path: `/prompts/${w.bobPrompt}/versions`, token: w.alice.pat, message: NOT_FOUND }),
  },
  "POST /prompts/:id/versions/:version/restore": {
    ok: async (w) => ({ method: "POST", path: `/prompts/${w.prompt}/versions/1/restore`, token: w.alice.pat }),
    bad: (w) => ({ method: "POST", path: `/prompts/${w.prompt}/versions/0/restore`, token: w.alice.pat, message: /version: must be a version number from 1/ }),
    missing: (w) => ({ method: "POST", path: `/prompts/${w.bobPrompt}/versions/1/restore`, token: w.alice.pat, message: NOT_FOUND }),
  },
  "PUT /prompts/:id/visibility": {
    // Making a prompt private counts against no limit (publishing counts with posts, which this table already spends).
    ok: async (w) => ({ method: "PUT", path: `/prompts/${w.bobPrompt}/visibility`, token: w.bob.oidc, body: { visibility: "private" } }),
    bad: (w) => ({
      method: "PUT",
      path: `/prompts/${w.prompt}/visibility`,
      token: w.alice.pat,
      body: { visibility: "friends" },
      message: /visibility: must be one of private, unlisted, public/,
    }),
    missing: (w) => ({ method: "PUT", path: `/prompts/${w.bobPrompt}/visibility`, token: w.alice.pat, body: { visibility: "private" }, message: NOT_FOUND }),
  },
  "PUT /prompts/:id/public-link": {
    ok: async (w) => ({ method: "PUT", path: `/prompts/${w.prompt}/public-link`, token: w.alice.pat, body: { enabled: true } }),
    bad: (w) => ({
      method: "PUT",
      path: `/prompts/${w.prompt}/public-link`,
      token: w.alice.pat,
      body: { enabled: "yes" },
      message: /enabled: must be true or false/,
    }),
    missing: (w) => ({ method: "PUT", path: `/prompts/${w.bobPrompt}/public-link`, token: w.alice.pat, body: { enabled: true }, message: NOT_FOUND }),
  },
  "PUT /prompts/:id/like": {
    ok: async (w) => ({ method: "PUT", path: `/prompts/${w.prompt}/like`, token: w.bob.oidc }),
    bad: (w) => ({ method: "PUT", path: "/prompts/abc/like", token: w.bob.oidc, message: /id: must be a prompt id/ }),
    missing: (w) => ({ method: "PUT", path: `/prompts/${w.bobPrompt}/like`, token: w.alice.pat, message: NOT_FOUND }),
  },
  "DELETE /prompts/:id/like": {
    ok: async (w) => ({ method: "DELETE", path: `/prompts/${w.prompt}/like`, token: w.bob.oidc }),
    bad: (w) => ({ method: "DELETE", path: "/prompts/-1/like", token: w.bob.oidc, message: /id: must be a prompt id above 0/ }),
    missing: (w) => ({ method: "DELETE", path: `/prompts/${w.bobPrompt}/like`, token: w.alice.pat, message: NOT_FOUND }),
  },
  "POST /prompts/:id/save": {
    ok: async (w) => ({ method: "POST", path: `/prompts/${w.prompt}/save`, token: w.bob.oidc }),
    bad: (w) => ({ method: "POST", path: "/prompts/1.5/save", token: w.bob.oidc, message: /id: must be a whole number/ }),
    missing: (w) => ({ method: "POST", path: `/prompts/${w.bobPrompt}/save`, token: w.alice.pat, message: NOT_FOUND }),
  },
  "GET /prompts/:id/comments": {
    ok: async (w) => {
      await w.as(w.bob.oidc)("POST", `/prompts/${w.prompt}/comments`, { text: "Nice prompt" });
      return { method: "GET", path: `/prompts/${w.prompt}/comments`, token: w.alice.pat };
    },
    bad: (w) => ({
      method: "GET",
      path: `/prompts/${w.prompt}/comments?cursor=${"x".repeat(81)}`,
      token: w.alice.pat,
      message: /cursor: must be the next_cursor of a previous page/,
    }),
    missing: (w) => ({ method: "GET", path: `/prompts/${w.bobPrompt}/comments`, token: w.alice.pat, message: NOT_FOUND }),
  },
  "POST /prompts/:id/comments": {
    ok: async (w) => ({ method: "POST", path: `/prompts/${w.prompt}/comments`, token: w.alice.pat, body: { text: "Thanks for reading" } }),
    bad: (w) => ({ method: "POST", path: `/prompts/${w.prompt}/comments`, token: w.alice.pat, body: { text: "  " }, message: /Write a comment first/ }),
    missing: (w) => ({ method: "POST", path: `/prompts/${w.bobPrompt}/comments`, token: w.alice.pat, body: { text: "Hello?" }, message: NOT_FOUND }),
  },
  "DELETE /prompts/comments/:commentId": {
    ok: async (w) => {
      const made = await w.as(w.alice.pat)("POST", `/prompts/${w.prompt}/comments`, { text: "A comment to delete" });
      return { method: "DELETE", path: `/prompts/comments/${(made.body as { id: number }).id}`, token: w.alice.pat };
    },
    bad: (w) => ({ method: "DELETE", path: "/prompts/comments/abc", token: w.alice.pat, message: /commentId: must be a comment id/ }),
    missing: async (w) => {
      const made = await w.as(w.bob.oidc)("POST", `/prompts/${w.prompt}/comments`, { text: "Bob's comment" });
      return { method: "DELETE", path: `/prompts/comments/${(made.body as { id: number }).id}`, token: w.alice.pat, message: NOT_FOUND };
    },
  },
  "POST /prompts/:id/report": {
    ok: async (w) => ({ method: "POST", path: `/prompts/${w.prompt}/report`, token: w.bob.oidc, body: { reason: "spam" } }),
    bad: (w) => ({
      method: "POST",
      path: `/prompts/${w.prompt}/report`,
      token: w.bob.oidc,
      body: { reason: "boring" },
      message: /reason: must be one of spam, harassment, illegal, other/,
    }),
    missing: (w) => ({ method: "POST", path: `/prompts/${w.bobPrompt}/report`, token: w.alice.pat, body: { reason: "spam" }, message: NOT_FOUND }),
  },
  "POST /prompts/comments/:commentId/report": {
    ok: async (w) => {
      const made = await w.as(w.alice.pat)("POST", `/prompts/${w.prompt}/comments`, { text: "A comment Bob reports" });
      return { method: "POST", path: `/prompts/comments/${(made.body as { id: number }).id}/report`, token: w.bob.oidc, body: { reason: "harassment" } };
    },
    bad: (w) => ({
      method: "POST",
      path: "/prompts/comments/abc/report",
      token: w.bob.oidc,
      body: { reason: "spam" },
      message: /commentId: must be a comment id/,
    }),
    // A comment on Bob's private prompt: Alice cannot see it, so it is not there for her.
    missing: async (w) => {
      const made = await w.as(w.bob.oidc)("POST", `/prompts/${w.bobPrompt}/comments`, { text: "A note on my own prompt" });
      expect(made.status, made.text).toBe(200);
      return {
        method: "POST",
        path: `/prompts/comments/${(made.body as { id: number }).id}/report`,
        token: w.alice.pat,
        body: { reason: "spam" },
        message: NOT_FOUND,
      };
    },
  },
  "GET /prompts/:id/answers": {
    ok: async (w) => ({ method: "GET", path: `/prompts/${w.prompt}/answers`, token: w.bob.oidc }),
    bad: (w) => ({ method: "GET", path: "/prompts/abc/answers", token: w.bob.oidc, message: /id: must be a prompt id/ }),
    missing: (w) => ({ method: "GET", path: `/prompts/${w.bobPrompt}/answers`, token: w.alice.pat, message: NOT_FOUND }),
  },
  "GET /user/creator/:handle/prompts": {
    ok: async (w) => ({ method: "GET", path: `/user/creator/${w.handle}/prompts`, token: w.bob.oidc }),
    bad: (w) => ({ method: "GET", path: "/user/creator/no%20spaces/prompts", token: w.bob.oidc, message: /only letters a-z, digits and single hyphens/ }),
    missing: (w) => ({
      method: "GET",
      path: "/user/creator/nobody-by-this-name/prompts",
      token: w.bob.oidc,
      message: /No one has the handle .nobody-by-this-name./,
    }),
  },
  "GET /public/prompt/:token": {
    ok: async (w) => {
      const link = await w.as(w.alice.pat)("PUT", `/prompts/${w.prompt}/public-link`, { enabled: true });
      return { method: "GET", path: `/public/prompt/${(link.body as { publicLink: string }).publicLink.slice("/pp/".length)}` };
    },
    bad: () => ({ method: "GET", path: `/public/prompt/${"x".repeat(201)}`, message: /token: must be the token of a public link/ }),
    missing: () => ({ method: "GET", path: "/public/prompt/no-such-link", message: new RegExp(`^${PUBLIC_LINK_NOT_FOUND}$`) }),
  },
  "GET /admin/access": { ok: async (w) => ({ method: "GET", path: "/admin/access", token: w.alice.pat }) },
  "GET /admin/privacy": { ok: async (w) => ({ method: "GET", path: "/admin/privacy", token: w.alice.pat }) },
  "POST /admin/privacy": {
    ok: async (w) => ({ method: "POST", path: "/admin/privacy", token: w.alice.pat, body: { blocking: false } }),
    bad: (w) => ({ method: "POST", path: "/admin/privacy", token: w.alice.pat, body: { blocking: "yes" }, message: /blocking: must be true or false/ }),
  },
  "GET /privacy/scan/:target/:id": {
    ok: async (w) => ({ method: "GET", path: `/privacy/scan/post/${w.session}?description=Release%20notes`, token: w.alice.pat }),
    bad: (w) => ({
      method: "GET",
      path: `/privacy/scan/everything/${w.session}`,
      token: w.alice.pat,
      message: /target: must be one of post, share, export, share_refresh, post_link/,
    }),
    missing: (w) => ({ method: "GET", path: `/privacy/scan/post_link/${w.bobPost}`, token: w.alice.pat, message: NOT_FOUND }),
  },
  "GET /admin/users": {
    ok: async (w) => ({ method: "GET", path: "/admin/users?limit=10", token: w.alice.pat }),
    bad: (w) => ({ method: "GET", path: "/admin/users?limit=0", token: w.alice.pat, message: /limit: must be at least 1/ }),
  },
  "GET /admin/usage": {
    ok: async (w) => ({ method: "GET", path: "/admin/usage?days=7", token: w.alice.pat }),
    bad: (w) => ({ method: "GET", path: "/admin/usage?days=1000", token: w.alice.pat, message: /days: must be at most/ }),
  },
  "GET /admin/queue": {
    ok: async (w) => {
      await w.as(w.alice.pat)("POST", `/post/report/${w.bobPost}`, { reason: "other", details: "In the queue" });
      return { method: "GET", path: "/admin/queue", token: w.alice.pat };
    },
    bad: (w) => ({ method: "GET", path: "/admin/queue?view=all", token: w.alice.pat, message: /view: must be open or hidden/ }),
  },
  "POST /admin/hide": {
    ok: async (w) => ({ method: "POST", path: "/admin/hide", token: w.alice.pat, body: { kind: "post", id: w.bobPost } }),
    bad: (w) => ({
      method: "POST",
      path: "/admin/hide",
      token: w.alice.pat,
      body: { kind: "page", id: w.bobPost },
      message: /kind: must be post, comment, conversation, prompt or prompt_comment/,
    }),
    missing: (w) => ({ method: "POST", path: "/admin/hide", token: w.alice.pat, body: { kind: "post", id: NO_SUCH_POST }, message: /may have been removed/ }),
  },
  "POST /admin/restore": {
    ok: async (w) => ({ method: "POST", path: "/admin/restore", token: w.alice.pat, body: { kind: "post", id: w.bobPost } }),
    bad: (w) => ({ method: "POST", path: "/admin/restore", token: w.alice.pat, body: { kind: "post" }, message: /id: / }),
    missing: (w) => ({
      method: "POST",
      path: "/admin/restore",
      token: w.alice.pat,
      body: { kind: "comment", id: NO_SUCH_POST },
      message: /may have been removed/,
    }),
  },
  "POST /admin/dismiss": {
    ok: async (w) => ({ method: "POST", path: "/admin/dismiss", token: w.alice.pat, body: { kind: "post", id: w.bobPost } }),
    bad: (w) => ({
      method: "POST",
      path: "/admin/dismiss",
      token: w.alice.pat,
      body: {},
      message: /kind: must be post, comment, conversation, prompt or prompt_comment/,
    }),
    missing: (w) => ({
      method: "POST",
      path: "/admin/dismiss",
      token: w.alice.pat,
      body: { kind: "post", id: NO_SUCH_POST },
      message: /may have been removed/,
    }),
  },
  "GET /public/chat/:token/share": {
    ok: async (w) => ({ method: "GET", path: `/public/chat/${await publicToken(w, "chat")}/share`, token: w.bob.oidc }),
    bad: (w) => ({ method: "GET", path: `/public/chat/${"x".repeat(201)}/share`, token: w.bob.oidc, message: /token: must be the token of a public link/ }),
    missing: (w) => ({ method: "GET", path: "/public/chat/no-such-link/share", token: w.bob.oidc, message: new RegExp(`^${PUBLIC_LINK_NOT_FOUND}$`) }),
  },
};

beforeAll(async () => {
  server = await startContractServer();
  const alice = await server.signUp("Alice");
  const bob = await server.signUp("Bob");
  const cleo = await server.signUp("Cleo", { verified: false });
  const call = server.call;
  const as = (token: string) => (method: string, path: string, body?: unknown) => call({ method, path, token, body });
  const made = await as(alice.accessToken)("POST", "/user/tokens", { name: "Contract client" });
  const pat = (made.body as { token: string }).token;
  const session = (await as(pat)("POST", "/chat/postChat", send())).body as { session_id: number };
  const history = (await as(pat)("POST", "/chat/getChatHistory", { sessionId: session.session_id })).body as { sessions: { id: number }[] };
  const post = (await as(pat)("POST", "/post/postChat", { chat_id: session.session_id, description: "Hello world post", categories: ["general"] })).body as {
    post_id: number;
  };
  const compared = (
    await as(pat)("POST", "/chat/compare", { messages: [{ content: "Which is better?" }], model_ids: [CONTRACT_MODELS.demo, CONTRACT_MODELS.openai] })
  ).body as { session_id: number };
  const comparisonPost = (await as(pat)("POST", "/post/postChat", { chat_id: compared.session_id, description: "A comparison" })).body as { post_id: number };
  const bobSession = (await as(bob.accessToken)("POST", "/chat/postChat", send({ messages: [{ content: "Bob's own" }] }))).body as { session_id: number };
  const bobPost = (await as(bob.accessToken)("POST", "/post/postChat", { chat_id: bobSession.session_id, description: "Bob's post" })).body as {
    post_id: number;
  };
  world = {
    alice: { pat, oidc: alice.accessToken },
    bob: { oidc: bob.accessToken },
    cleo: { oidc: cleo.accessToken },
    session: session.session_id,
    entry: history.sessions[0]!.id,
    post: post.post_id,
    comparisonPost: comparisonPost.post_id,
    bobSession: bobSession.session_id,
    bobPost: bobPost.post_id,
    handle: "alice-contracts",
    prompt: 0,
    bobPrompt: 0,
    call,
    as,
  };
  await as(pat)("POST", "/user/handle", { handle: world.handle });
  const prompt = (await as(pat)("POST", "/prompts", { name: "Contract prompt", text: "A contract prompt about {{topic}}" })).body as { id: number };
  await as(pat)("PUT", `/prompts/${prompt.id}/visibility`, { visibility: "public" });
  const bobPrompt = (await as(bob.accessToken)("POST", "/prompts", { name: "Bob's private prompt", text: "Only Bob" })).body as { id: number };
  world.prompt = prompt.id;
  world.bobPrompt = bobPrompt.id;
  for (const id of [world.session, world.post, world.comparisonPost, world.bobSession, world.bobPost, world.prompt, world.bobPrompt])
    expect(id).toBeGreaterThan(0);
}, 120_000);
afterAll(() => server?.close());

const expectError = (answer: Answer, status: number, message: RegExp) => {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
  expect(answer.body).toEqual({ message: expect.stringMatching(message) });
};

describe("every /api/v1 row has a contract", () => {
  it("the table of contracts names exactly the REST table's rows", () => {
    expect(Object.keys(contracts).sort()).toEqual(restRoutes.map(routeKey).sort());
  });
});

describe.each(restRoutes.map((route) => [routeKey(route), route] as const))("%s", (key, route) => {
  const contract = contracts[key];
  const schema: ZodType | undefined = route.output;

  it("answers 200 with the documented shape and nothing undocumented", async () => {
    const request = await contract!.ok(world);
    expect(request.method).toBe(route.method);
    const answer = await server.call(request);
    expect(answer.status, answer.text).toBe(200);
    expect(schema, `${key} has no answer schema (its procedure's .output())`).toBeDefined();
    if (route.download) {
      expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename="parley-/);
      expect(schema!.parse(answer.text)).toBe(answer.text);
      return;
    }
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    const parsed = schema!.safeParse(answer.body);
    expect(parsed.error?.issues ?? []).toEqual([]);
    // Parsing drops fields the schema does not name: the answer must hold none.
    expect(parsed.data).toEqual(answer.body);
  });

  if (route.access === "admin") {
    it("answers 404, as a path that does not exist, signed out and to someone who is not an admin", async () => {
      const request = await contract!.ok(world);
      for (const token of [undefined, world.bob.oidc]) {
        const answer = await server.call({ ...request, token });
        expectError(answer, 404, /^Not found\. No route for /);
      }
    });
  } else if (route.access === "public") {
    it("is served without a token", async () => {
      const answer = await server.call({ ...(await contract!.ok(world)), token: undefined });
      expect(answer.status).toBe(200);
    });
  } else {
    it("without a token answers 401 with the sign-in message", async () => {
      const answer = await server.call({ method: route.method, path: route.path.replace(/:[A-Za-z]+/g, "1"), body: route.method === "GET" ? undefined : {} });
      expectError(answer, 401, new RegExp(`^${MESSAGES.signInRequired.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
    });
  }

  if (contract?.bad) {
    it("refuses bad input with 400 and a message naming what to fix", async () => {
      const { message, ...request } = await contract.bad!(world);
      expectError(await server.call(request), 400, message);
    });
  }

  if (contract?.missing) {
    it("answers 404 with a message for a missing object or someone else's", async () => {
      const { message, ...request } = await contract.missing!(world);
      expectError(await server.call(request), 404, message);
    });
  }
});

describe("a personal access token is only its owner's", () => {
  it("acts as Alice on every read, so Bob's token never reaches her objects", async () => {
    const asBob = world.as(world.bob.oidc);
    expect((await asBob("POST", "/chat/getChatHistory", { sessionId: world.session })).status).toBe(404);
    expect((await asBob("POST", `/post/deletePost/${world.post}`)).status).toBe(404);
    expect((await asBob("GET", `/post/getPost/${world.post}`)).status).toBe(200);
  });
});
