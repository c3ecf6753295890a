import type { RouterInputs as In, RouterOutputs } from "@parley/api";
import { adminInputs, chatHistoryRequest, chatInputs, creatorInputs, postInputs, subscriptionInputs, userInputs } from "@parley/contracts";
import type { FastifyRequest } from "fastify";
import type { Caller, RestRoute } from "./adapter";
import { collectSendEvents } from "./chat-collect";
import { collectCompareEvents } from "./compare-collect";
import { reachRoutes } from "./reach";

/**
 * getChatHistory either reads a session (`sessionId`, `shared`) or, with `post_id` and
 * `clone: true`, copies a post into a new session and answers with its history and new id.
 */
async function chatHistory(caller: Caller, req: FastifyRequest) {
  const body = (req.body ?? {}) as { post_id?: unknown; clone?: unknown };
  if (body.post_id !== undefined && body.clone === true) {
    const { new_session_id, unavailable_models } = await caller.chat.clonePost({ postId: body.post_id as number });
    return { ...specHistory(await caller.chat.history({ sessionId: new_session_id })), new_session_id, unavailable_models };
  }
  return specHistory(await caller.chat.history(req.body as In["chat"]["history"]));
}

/** The documented history shape: the branch read, without the sibling details the chat screen uses. */
function specHistory<H extends { sessions: { siblings?: unknown }[] }>(history: H): H {
  return { ...history, sessions: history.sessions.map(({ siblings: _siblings, ...entry }) => entry) };
}

const NEXT_PAGE_LINK =
  'When there are more posts: `<...>; rel="next"` (RFC 8288), the address of the next page, this request\'s query with `cursor` set. Absent on the last page.';

/** The request's own path and query with `cursor` set to the next page's: a relative reference, as RFC 8288 allows. */
function nextPageLink(req: FastifyRequest, cursor: string): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(req.query as Record<string, unknown>)) {
    if (name !== "cursor" && typeof value === "string") query.append(name, value);
  }
  query.set("cursor", cursor);
  return `<${req.url.split("?")[0]}?${query.toString()}>; rel="next"`;
}

/** Path parameters (`:id`) as the procedure's input; the procedure's schema parses the digits. */
const params = (req: FastifyRequest) => req.params as { id: number };

/**
 * The /api/v1 table: one row per documented path, each calling its procedure.
 * Public config for the SPA (`/api/v1/config`) is served in app.ts, not through a procedure.
 */
export const restRoutes: readonly RestRoute[] = [
  // Bodies are typed as the procedure's input; the procedure's zod schema checks them at runtime.
  { method: "POST", path: "/user/addUser", doc: { summary: "Set up the caller's account from the identity profile (runs once; repeats are harmless)", input: userInputs.setup }, call: (caller, req) => caller.user.setup(req.body as In["user"]["setup"]) },
  { method: "GET", path: "/user/usersettings", doc: { summary: "The caller's settings: email, nickname and provider keys (masked)" }, call: (caller) => caller.user.settings() },
  {
    method: "POST",
    path: "/user/updateUserApiKeys",
    doc: { summary: "Save provider keys and the nickname; an empty key keeps the stored one", input: userInputs.updateSettings },
    call: (caller, req) => caller.user.updateSettings(req.body as In["user"]["updateSettings"]),
  },
  { method: "GET", path: "/user/tokens", doc: { summary: "List the caller's personal access tokens (never their secrets)" }, call: (caller) => caller.user.tokens() },
  { method: "POST", path: "/user/tokens", doc: { summary: "Create a personal access token; the answer shows its secret once. Needs a sign-in, not a token", input: userInputs.createToken }, call: (caller, req) => caller.user.createToken(req.body as In["user"]["createToken"]) },
  { method: "DELETE", path: "/user/tokens/:id", doc: { summary: "Revoke one of the caller's personal access tokens", input: userInputs.revokeToken }, call: (caller, req) => caller.user.revokeToken(req.params as In["user"]["revokeToken"]) },
  { method: "GET", path: "/subscription/userSubscription", doc: { summary: "The caller's plan and token allowance this period" }, call: (caller) => caller.subscription.current() },
  { method: "GET", path: "/subscription/config", doc: { summary: "The Basic and Pro prices, and whether payments are configured" }, call: (caller) => caller.subscription.config() },
  {
    method: "POST",
    path: "/subscription/create-checkout-session",
    doc: { summary: "Start a Stripe Checkout for a plan; the browser goes to `url`", input: subscriptionInputs.checkout },
    call: (caller, req) => caller.subscription.checkout(req.body as In["subscription"]["checkout"]),
  },
  {
    method: "POST",
    path: "/subscription/customer-portal",
    doc: { summary: "Open the Stripe Billing Portal to manage the plan; the browser goes to `url`", input: subscriptionInputs.portal },
    call: (caller, req) => caller.subscription.portal(req.body as In["subscription"]["portal"]),
  },
  { method: "GET", path: "/chat/getPromptsAndModels", doc: { summary: "The models and saved prompts the caller can use" }, call: (caller) => caller.chat.options() },
  { method: "GET", path: "/chat/getSessionHistory", doc: { summary: "The caller's conversations, newest first" }, call: (caller) => caller.chat.sessions() },
  { method: "POST", path: "/chat/getChatHistory", doc: { summary: "Read a conversation (own, or shared with shared=true), or clone a post with post_id and clone=true", body: chatHistoryRequest }, call: chatHistory },
  {
    method: "POST",
    path: "/chat/postChat",
    doc: { summary: "Send a message (session_id 0 starts a conversation) and get the reply: JSON once complete, or Server-Sent Events with Accept: text/event-stream", input: chatInputs.send },
    call: (caller, req) => caller.chat.send(req.body as In["chat"]["send"]),
    collect: collectSendEvents,
  },
  {
    method: "POST",
    path: "/chat/compare",
    doc: { summary: "Send one message to 2-4 models side by side: JSON once every column has ended, or Server-Sent Events", input: chatInputs.compare },
    call: (caller, req) => caller.chat.compare(req.body as In["chat"]["compare"]),
    collect: collectCompareEvents,
  },
  // Edits and regenerations are sends (postChat with sibling_of_entry_id); this shows another branch.
  { method: "POST", path: "/chat/switchBranch", doc: { summary: "Show another branch of a conversation (edits and regenerations are sends with sibling_of_entry_id)", input: chatInputs.switchBranch }, call: (caller, req) => caller.chat.switchBranch(req.body as In["chat"]["switchBranch"]) },
  { method: "POST", path: "/chat/cloneChat", doc: { summary: "Copy the caller's own or a shared conversation into a new one", input: chatInputs.clone }, call: (caller, req) => caller.chat.clone(req.body as In["chat"]["clone"]) },
  { method: "POST", path: "/chat/deleteChat/:id", doc: { summary: "Delete one of the caller's conversations", input: chatInputs.delete }, call: (caller, req) => caller.chat.delete(params(req)) },
  { method: "POST", path: "/chat/shareChat/:id", doc: { summary: "Share a conversation read-only with signed-in people", input: chatInputs.share, body: null }, call: (caller, req) => caller.chat.share({ ...params(req), shared: true }) },
  { method: "POST", path: "/chat/unshareChat/:id", doc: { summary: "Stop sharing a conversation", input: chatInputs.share, body: null }, call: (caller, req) => caller.chat.share({ ...params(req), shared: false }) },
  { method: "POST", path: "/post/postChat", doc: { summary: "Publish a saved conversation as a post (a snapshot)", input: postInputs.create }, call: (caller, req) => caller.post.create(req.body as In["post"]["create"]) },
  { method: "GET", path: "/post/getPost/:id", doc: { summary: "One post with its conversation, comparison and lineage", input: postInputs.byId }, call: (caller, req) => caller.post.byId(params(req)) },
  // The spec's feed is a plain list; the next page's address goes in a Link header (RFC 8288).
  {
    method: "GET",
    path: "/post/getRecentPosts",
    doc: {
      summary: "The community feed: post summaries, newest first or most popular",
      input: postInputs.list,
      headers: { Link: NEXT_PAGE_LINK },
    },
    call: (caller, req) => caller.post.list(req.query as In["post"]["list"]),
    respond: (result, req, reply) => {
      const page = result as RouterOutputs["post"]["list"];
      if (page.next_cursor) reply.header("Link", nextPageLink(req, page.next_cursor));
      return page.posts;
    },
  },
  { method: "POST", path: "/post/deletePost/:id", doc: { summary: "Delete one of the caller's posts", input: postInputs.delete }, call: (caller, req) => caller.post.delete(params(req)) },
  { method: "GET", path: "/post/comments/:postId", doc: { summary: "A post's comments, oldest first", input: postInputs.comments }, call: (caller, req) => caller.post.comments(req.params as In["post"]["comments"]) },
  {
    method: "POST",
    path: "/post/comment/:postId",
    doc: { summary: "Comment on a post", input: postInputs.addComment },
    call: (caller, req) => caller.post.addComment({ ...(req.body as { content: string }), ...(req.params as { postId: number }) }),
  },
  {
    method: "POST",
    path: "/post/deleteComment/:commentId",
    doc: { summary: "Delete one of the caller's own comments", input: postInputs.deleteComment },
    call: (caller, req) => caller.post.deleteComment(req.params as In["post"]["deleteComment"]),
  },
  {
    method: "POST",
    path: "/post/report/:postId",
    doc: { summary: "Report a post to the moderators (one open report per person and post)", input: postInputs.report },
    call: (caller, req) => caller.post.report({ ...(req.body as object), ...(req.params as { postId: number }) } as In["post"]["report"]),
  },
  {
    method: "POST",
    path: "/post/reportComment/:commentId",
    doc: { summary: "Report a comment to the moderators (one open report per person and comment)", input: postInputs.reportComment },
    call: (caller, req) => caller.post.reportComment({ ...(req.body as object), ...(req.params as { commentId: number }) } as In["post"]["reportComment"]),
  },
  {
    method: "POST",
    path: "/chat/report/:sessionId",
    doc: { summary: "Report a shared conversation to the moderators (one open report per person and conversation)", input: postInputs.reportConversation },
    call: (caller, req) => caller.post.reportConversation({ ...(req.body as object), ...(req.params as { sessionId: number }) } as In["post"]["reportConversation"]),
  },
  { method: "POST", path: "/post/like/:postId", doc: { summary: "Like a post (a second like answers already_liked)", input: postInputs.like }, call: (caller, req) => caller.post.like(req.params as In["post"]["like"]) },
  { method: "POST", path: "/post/unlike/:postId", doc: { summary: "Take back a like", input: postInputs.unlike }, call: (caller, req) => caller.post.unlike(req.params as In["post"]["unlike"]) },
  { method: "GET", path: "/post/hasLiked/:postId", doc: { summary: "Whether the caller likes a post", input: postInputs.hasLiked }, call: (caller, req) => caller.post.hasLiked(req.params as In["post"]["hasLiked"]) },
  {
    method: "POST",
    path: "/post/vote/:postId",
    doc: { summary: "Vote for the best answer of a comparison post (changeable); the models are revealed to the voter", input: postInputs.vote },
    call: (caller, req) => caller.post.vote({ ...(req.body as { column: number }), ...(req.params as { postId: number }) }),
  },
  { method: "GET", path: "/post/leaderboard", doc: { summary: "Models ranked by the votes they won in comparison posts", input: postInputs.leaderboard }, call: (caller, req) => caller.post.leaderboard(req.query as In["post"]["leaderboard"]) },
  { method: "GET", path: "/post/search", doc: { summary: "Search posts by their text", input: postInputs.search }, call: (caller, req) => caller.post.search(req.query as In["post"]["search"]) },
  { method: "GET", path: "/chat/search", doc: { summary: "Search the caller's own conversations", input: chatInputs.search }, call: (caller, req) => caller.chat.search(req.query as In["chat"]["search"]) },
  { method: "GET", path: "/user/creator/:handle", doc: { summary: "A creator's profile by handle", input: creatorInputs.byHandle }, call: (caller, req) => caller.creator.byHandle(req.params as In["creator"]["byHandle"]) },
  {
    method: "GET",
    path: "/user/creator/:handle/posts",
    doc: { summary: "A creator's posts, newest first", input: creatorInputs.posts },
    call: (caller, req) => caller.creator.posts({ ...(req.query as object), ...(req.params as { handle: string }) } as In["creator"]["posts"]),
  },
  { method: "POST", path: "/user/handle", doc: { summary: "Change the caller's handle", input: creatorInputs.updateHandle }, call: (caller, req) => caller.creator.updateHandle(req.body as In["creator"]["updateHandle"]) },
  { method: "GET", path: "/messages/public", doc: { summary: "The public demo message", public: true }, call: (caller) => caller.messages.public() },
  { method: "GET", path: "/messages/protected", doc: { summary: "The protected demo message" }, call: (caller) => caller.messages.protected() },
  ...reachRoutes,
  // Admins only; to anyone else these paths answer as paths that do not exist.
  { method: "GET", path: "/admin/access", doc: { summary: "Whether the caller is an admin (404 for anyone else)", admin: true }, call: (caller) => caller.admin.access() },
  { method: "GET", path: "/admin/users", doc: { summary: "People: plan, tokens used this period, last seen (admins only)", admin: true, input: adminInputs.users }, call: (caller, req) => caller.admin.users(req.query as In["admin"]["users"]) },
  { method: "GET", path: "/admin/usage", doc: { summary: "Tokens used by model and by day (admins only)", admin: true, input: adminInputs.usage }, call: (caller, req) => caller.admin.usage(req.query as In["admin"]["usage"]) },
  { method: "GET", path: "/admin/queue", doc: { summary: "The moderation queue: reported items with their reports (admins only)", admin: true, input: adminInputs.queue }, call: (caller, req) => caller.admin.queue(req.query as In["admin"]["queue"]) },
  { method: "POST", path: "/admin/hide", doc: { summary: "Hide a post or comment (admins only)", admin: true, input: adminInputs.hide }, call: (caller, req) => caller.admin.hide(req.body as In["admin"]["hide"]) },
  { method: "POST", path: "/admin/restore", doc: { summary: "Restore a hidden post or comment (admins only)", admin: true, input: adminInputs.restore }, call: (caller, req) => caller.admin.restore(req.body as In["admin"]["restore"]) },
  { method: "POST", path: "/admin/dismiss", doc: { summary: "Dismiss the open reports of an item (admins only)", admin: true, input: adminInputs.dismiss }, call: (caller, req) => caller.admin.dismiss(req.body as In["admin"]["dismiss"]) },
];
