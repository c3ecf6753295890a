import type { RouterInputs as In } from "@parley/api";
import type { FastifyRequest } from "fastify";
import type { RestRoute } from "./adapter";
import { collectSendEvents } from "./chat-collect";

/** Path parameters (`:id`) as the procedure's input; the procedure's schema parses the digits. */
const params = (req: FastifyRequest) => req.params as { id: number };

/**
 * The /api/v1 table of the spec (§7): one row per documented path, each calling its procedure.
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
  { method: "GET", path: "/subscription/userSubscription", call: (caller) => caller.subscription.current() },
  { method: "GET", path: "/chat/getPromptsAndModels", call: (caller) => caller.chat.options() },
  { method: "GET", path: "/chat/getSessionHistory", call: (caller) => caller.chat.sessions() },
  { method: "POST", path: "/chat/getChatHistory", call: (caller, req) => caller.chat.history(req.body as In["chat"]["history"]) },
  {
    method: "POST",
    path: "/chat/postChat",
    call: (caller, req) => caller.chat.send(req.body as In["chat"]["send"]),
    collect: collectSendEvents,
  },
  { method: "POST", path: "/chat/cloneChat", call: (caller, req) => caller.chat.clone(req.body as In["chat"]["clone"]) },
  { method: "POST", path: "/chat/deleteChat/:id", call: (caller, req) => caller.chat.delete(params(req)) },
  { method: "POST", path: "/chat/shareChat/:id", call: (caller, req) => caller.chat.share({ ...params(req), shared: true }) },
  { method: "POST", path: "/chat/unshareChat/:id", call: (caller, req) => caller.chat.share({ ...params(req), shared: false }) },
  { method: "GET", path: "/messages/public", call: (caller) => caller.messages.public() },
  { method: "GET", path: "/messages/protected", call: (caller) => caller.messages.protected() },
];
