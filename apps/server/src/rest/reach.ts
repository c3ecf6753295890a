import type { RouterInputs as In } from "@parley/api";
import { IMPORT_LIMITS, IMPORT_SIZE_TEXT } from "@parley/contracts";
import type { FastifyRequest } from "fastify";
import type { RestRoute } from "./adapter";

const format = (req: FastifyRequest) => (req.query as { format?: In["archive"]["exportPost"]["format"] }).format;

/**
 * The import's input: a browser's upload sends the file as it is (text/plain), a JSON client
 * either the export's array itself or the procedure's `{ file }`.
 */
const importInput = (req: FastifyRequest): In["archive"]["import"] =>
  typeof req.body === "string" ? { file: req.body } : Array.isArray(req.body) ? { file: JSON.stringify(req.body) } : ((req.body ?? {}) as In["archive"]["import"]);

/** Rows for downloads, imports and public links, each calling its procedure. */
export const reachRoutes: readonly RestRoute[] = [
  {
    method: "GET",
    path: "/chat/export/:sessionId",
    download: true,
    call: (caller, req) => caller.archive.exportSession({ sessionId: (req.params as { sessionId: number }).sessionId, format: format(req) }),
  },
  {
    method: "GET",
    path: "/post/export/:postId",
    download: true,
    call: (caller, req) => caller.archive.exportPost({ postId: (req.params as { postId: number }).postId, format: format(req) }),
  },
  {
    method: "POST",
    path: "/chat/import",
    // A little room above the file itself for the request's own framing.
    bodyLimit: { bytes: IMPORT_LIMITS.bytes + 64 * 1024, message: `This file is too large: an import can be at most ${IMPORT_SIZE_TEXT}. Split the export into smaller files and import them one by one.` },
    call: (caller, req) => caller.archive.import(importInput(req)),
  },
  { method: "GET", path: "/post/publicLink/:postId", call: (caller, req) => caller.publicLink.postStatus(req.params as In["publicLink"]["postStatus"]) },
  {
    method: "POST",
    path: "/post/publicLink/:postId",
    call: (caller, req) => caller.publicLink.setPost({ ...(req.body as Omit<In["publicLink"]["setPost"], "postId">), ...(req.params as { postId: number }) }),
  },
  { method: "GET", path: "/chat/publicLink/:sessionId", call: (caller, req) => caller.publicLink.sessionStatus(req.params as In["publicLink"]["sessionStatus"]) },
  {
    method: "POST",
    path: "/chat/publicLink/:sessionId",
    call: (caller, req) => caller.publicLink.setSession({ ...(req.body as Omit<In["publicLink"]["setSession"], "sessionId">), ...(req.params as { sessionId: number }) }),
  },
  // Readable without signing in.
  { method: "GET", path: "/public/post/:token", call: (caller, req) => caller.publicLink.post(req.params as In["publicLink"]["post"]) },
  { method: "GET", path: "/public/chat/:token", call: (caller, req) => caller.publicLink.session(req.params as In["publicLink"]["session"]) },
  // Signed in: the share a public conversation belongs to, to continue from.
  { method: "GET", path: "/public/chat/:token/share", call: (caller, req) => caller.publicLink.sessionShare(req.params as In["publicLink"]["sessionShare"]) },
];
