import type { RestRoute } from "./adapter";

/**
 * The /api/v1 table of the spec (§7): one row per documented path, each calling its procedure.
 * Public config for the SPA (`/api/v1/config`) is served in app.ts, not through a procedure.
 */
export const restRoutes: readonly RestRoute[] = [
  { method: "GET", path: "/messages/public", call: (caller) => caller.messages.public() },
  { method: "GET", path: "/messages/protected", call: (caller) => caller.messages.protected() },
];
