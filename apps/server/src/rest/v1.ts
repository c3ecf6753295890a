import type { RouterInputs as In } from "@parley/api";
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

/** Path parameters (`:id`) as the procedure's input; the procedure's schema parses the digits. */
const params = (req: FastifyRequest) => req.params as { id: number };

/**
 * The /api/v1 table: one row per documented path, each calling its procedure.
 * Public config for the SPA (`/api/v1/config`) is served in app.ts, not through a procedure.
 */
export const restRoutes: readonly RestRoute[] = [
  // Bodies are typed as the procedure's input; the procedure's zod schema checks them at runtime.
  { method: "POST", path: "/user/addUser", call: (caller, req) => caller.user.setup(req.body as In["user"]["setup"]) },
  { method: "GET", path: "/user/usersettings", call: (caller) => caller.user.settings() },
  {
    method: "POST",
    path: "/user/updateUserApiKeys",
    call: (caller, req) => caller.user.updateSettings(req.body as In["user"]["updateSettings"]),
  },
  { method: "GET", path: "/user/tokens", call: (caller) => caller.user.tokens() },
  { method: "POST", path: "/user/tokens", call: (caller, req) => caller.user.createToken(req.body as In["user"]["createToken"]) },
  { method: "DELETE", path: "/user/tokens/:id", call: (caller, req) => caller.user.revokeToken(req.params as In["user"]["revokeToken"]) },
  { method: "GET", path: "/subscription/userSubscription", call: (caller) => caller.subscription.current() },
  { method: "GET", path: "/subscription/config", call: (caller) => caller.subscription.config() },
  {
    method: "POST",
    path: "/subscription/create-checkout-session",
    call: (caller, req) => caller.subscription.checkout(req.body as In["subscription"]["checkout"]),
  },
  {
    method: "POST",
    path: "/subscription/customer-portal",
    call: (caller, req) => caller.subscription.portal(req.body as In["subscription"]["portal"]),
  },
  { method: "GET", path: "/chat/getPromptsAndModels", call: (caller) => caller.chat.options() },
  { method: "GET", path: "/chat/getSessionHistory", call: (caller) => caller.chat.sessions() },
  { method: "POST", path: "/chat/getChatHistory", call: chatHistory },
  {
    method: "POST",
    path: "/chat/postChat",
    call: (caller, req) => caller.chat.send(req.body as In["chat"]["send"]),
    collect: collectSendEvents,
  },
  {
    method: "POST",
    path: "/chat/compare",
    call: (caller, req) => caller.chat.compare(req.body as In["chat"]["compare"]),
    collect: collectCompareEvents,
  },
  // Edits and regenerations are sends (postChat with sibling_of_entry_id); this shows another branch.
  { method: "POST", path: "/chat/switchBranch", call: (caller, req) => caller.chat.switchBranch(req.body as In["chat"]["switchBranch"]) },
  { method: "POST", path: "/chat/cloneChat", call: (caller, req) => caller.chat.clone(req.body as In["chat"]["clone"]) },
  { method: "POST", path: "/chat/deleteChat/:id", call: (caller, req) => caller.chat.delete(params(req)) },
  { method: "POST", path: "/chat/shareChat/:id", call: (caller, req) => caller.chat.share({ ...params(req), shared: true }) },
  { method: "POST", path: "/chat/unshareChat/:id", call: (caller, req) => caller.chat.share({ ...params(req), shared: false }) },
  { method: "POST", path: "/post/postChat", call: (caller, req) => caller.post.create(req.body as In["post"]["create"]) },
  { method: "GET", path: "/post/getPost/:id", call: (caller, req) => caller.post.byId(params(req)) },
  // The spec's feed is a plain list; `cursor` (a previous page's next_cursor over tRPC) pages on.
  { method: "GET", path: "/post/getRecentPosts", call: async (caller, req) => (await caller.post.list(req.query as In["post"]["list"])).posts },
  { method: "POST", path: "/post/deletePost/:id", call: (caller, req) => caller.post.delete(params(req)) },
  { method: "GET", path: "/post/comments/:postId", call: (caller, req) => caller.post.comments(req.params as In["post"]["comments"]) },
  {
    method: "POST",
    path: "/post/comment/:postId",
    call: (caller, req) => caller.post.addComment({ ...(req.body as { content: string }), ...(req.params as { postId: number }) }),
  },
  {
    method: "POST",
    path: "/post/deleteComment/:commentId",
    call: (caller, req) => caller.post.deleteComment(req.params as In["post"]["deleteComment"]),
  },
  {
    method: "POST",
    path: "/post/report/:postId",
    call: (caller, req) => caller.post.report({ ...(req.body as object), ...(req.params as { postId: number }) } as In["post"]["report"]),
  },
  {
    method: "POST",
    path: "/post/reportComment/:commentId",
    call: (caller, req) => caller.post.reportComment({ ...(req.body as object), ...(req.params as { commentId: number }) } as In["post"]["reportComment"]),
  },
  { method: "POST", path: "/post/like/:postId", call: (caller, req) => caller.post.like(req.params as In["post"]["like"]) },
  { method: "POST", path: "/post/unlike/:postId", call: (caller, req) => caller.post.unlike(req.params as In["post"]["unlike"]) },
  { method: "GET", path: "/post/hasLiked/:postId", call: (caller, req) => caller.post.hasLiked(req.params as In["post"]["hasLiked"]) },
  {
    method: "POST",
    path: "/post/vote/:postId",
    call: (caller, req) => caller.post.vote({ ...(req.body as { column: number }), ...(req.params as { postId: number }) }),
  },
  { method: "GET", path: "/post/leaderboard", call: (caller, req) => caller.post.leaderboard(req.query as In["post"]["leaderboard"]) },
  { method: "GET", path: "/post/search", call: (caller, req) => caller.post.search(req.query as In["post"]["search"]) },
  { method: "GET", path: "/chat/search", call: (caller, req) => caller.chat.search(req.query as In["chat"]["search"]) },
  { method: "GET", path: "/user/creator/:handle", call: (caller, req) => caller.creator.byHandle(req.params as In["creator"]["byHandle"]) },
  {
    method: "GET",
    path: "/user/creator/:handle/posts",
    call: (caller, req) => caller.creator.posts({ ...(req.query as object), ...(req.params as { handle: string }) } as In["creator"]["posts"]),
  },
  { method: "POST", path: "/user/handle", call: (caller, req) => caller.creator.updateHandle(req.body as In["creator"]["updateHandle"]) },
  { method: "GET", path: "/messages/public", call: (caller) => caller.messages.public() },
  { method: "GET", path: "/messages/protected", call: (caller) => caller.messages.protected() },
  ...reachRoutes,
  // Admins only; to anyone else these paths answer as paths that do not exist.
  { method: "GET", path: "/admin/access", call: (caller) => caller.admin.access() },
  { method: "GET", path: "/admin/users", call: (caller, req) => caller.admin.users(req.query as In["admin"]["users"]) },
  { method: "GET", path: "/admin/usage", call: (caller, req) => caller.admin.usage(req.query as In["admin"]["usage"]) },
  { method: "GET", path: "/admin/queue", call: (caller, req) => caller.admin.queue(req.query as In["admin"]["queue"]) },
  { method: "POST", path: "/admin/hide", call: (caller, req) => caller.admin.hide(req.body as In["admin"]["hide"]) },
  { method: "POST", path: "/admin/restore", call: (caller, req) => caller.admin.restore(req.body as In["admin"]["restore"]) },
  { method: "POST", path: "/admin/dismiss", call: (caller, req) => caller.admin.dismiss(req.body as In["admin"]["dismiss"]) },
];
