import { AppError, type RouterInputs as In } from "@parley/api";
import { archiveInputs, IMPORT_LIMITS, IMPORT_NESTED_TOO_DEEPLY, IMPORT_SIZE_TEXT, publicLinkInputs } from "@parley/contracts";
import { z } from "zod";
import type { FastifyReply, FastifyRequest } from "fastify";
import { publicTextHeaders } from "../public/public-pages";
import type { RestRoute } from "./adapter";

const format = (req: FastifyRequest) => (req.query as { format?: In["archive"]["exportPost"]["format"] }).format;

/**
 * The import's input: a browser's upload sends the file as it is (text/plain), a JSON client
 * either the export's array itself or the procedure's `{ file }`.
 */
const importInput = (req: FastifyRequest): In["archive"]["import"] => {
  // A file sent as it is names its import id in the query (?jobId=...).
  const jobId = (req.query as { jobId?: string }).jobId;
  if (typeof req.body === "string") return { file: req.body, jobId };
  if (Array.isArray(req.body)) return { file: fileOf(req.body), jobId };
  return (req.body ?? {}) as In["archive"]["import"];
};

/** The export's array as the file's text; JSON nested past the stack's depth is refused, not a crash. */
function fileOf(conversations: unknown[]): string {
  try {
    return JSON.stringify(conversations);
  } catch (error) {
    if (error instanceof RangeError) throw new AppError("BAD_REQUEST", IMPORT_NESTED_TOO_DEEPLY);
    throw error;
  }
}

/** The import's JSON body: the procedure's `{ file }`, or the export's array of conversations itself. */
const importRequest = z.union([archiveInputs.import, z.array(z.unknown())]);

const PUBLIC_TEXT_HEADERS = {
  "Cache-Control": "no-cache: ask again each time (a link turned off stops at once), as its page /p/{token} or /s/{token}",
  "X-Robots-Tag": "all for a post its owner listed, noindex for anything else (and for a 404), as its page",
};

/** A public link's text as its page says it: indexed only when its owner listed it. */
function indexableAsPages(result: unknown, _request: FastifyRequest, reply: FastifyReply) {
  reply.headers(publicTextHeaders((result as { indexable: boolean }).indexable));
  return result;
}

/** Rows for downloads, imports and public links, each calling its procedure. */
export const reachRoutes: readonly RestRoute[] = [
  {
    method: "GET",
    path: "/chat/export/:sessionId",
    doc: { summary: "Download one of the caller's conversations as Markdown or JSON", input: archiveInputs.exportSession },
    download: true,
    call: (caller, req) => caller.archive.exportSession({ sessionId: (req.params as { sessionId: number }).sessionId, format: format(req) }),
  },
  {
    method: "GET",
    path: "/post/export/:postId",
    doc: { summary: "Download a post as Markdown or JSON", input: archiveInputs.exportPost },
    download: true,
    call: (caller, req) => caller.archive.exportPost({ postId: (req.params as { postId: number }).postId, format: format(req) }),
  },
  {
    method: "POST",
    path: "/chat/import",
    doc: {
      summary: "Import a ChatGPT or Claude conversations.json as the caller's conversations (the file as text/plain, the export's array, or { file, jobId })",
      description: "Send a jobId (a UUID you pick; in the query with a text/plain file or the array) to follow the import's progress at GET /chat/import/{jobId} while it runs.",
      body: importRequest,
    },
    // A little room above the file itself for the request's own framing.
    bodyLimit: { bytes: IMPORT_LIMITS.bytes + 64 * 1024, message: `This file is too large: an import can be at most ${IMPORT_SIZE_TEXT}. Split the export into smaller files and import them one by one.` },
    call: (caller, req) => caller.archive.import(importInput(req)),
  },
  {
    method: "GET",
    path: "/chat/import/:jobId",
    doc: { summary: "How far one of the caller's imports got: the import id is the one sent as jobId (query or body), or the job_id of its answer", input: archiveInputs.importProgress },
    call: (caller, req) => caller.archive.importProgress(req.params as In["archive"]["importProgress"]),
  },
  { method: "GET", path: "/post/publicLink/:postId", doc: { summary: "Whether one of the caller's posts has an 'anyone with the link' address", input: publicLinkInputs.postStatus }, call: (caller, req) => caller.publicLink.postStatus(req.params as In["publicLink"]["postStatus"]) },
  {
    method: "POST",
    path: "/post/publicLink/:postId",
    doc: { summary: "Turn a post's public link on or off (listed: may search engines index it)", input: publicLinkInputs.setPost },
    call: (caller, req) => caller.publicLink.setPost({ ...(req.body as Omit<In["publicLink"]["setPost"], "postId">), ...(req.params as { postId: number }) }),
  },
  { method: "GET", path: "/chat/publicLink/:sessionId", doc: { summary: "Whether one of the caller's shared conversations has a public link", input: publicLinkInputs.sessionStatus }, call: (caller, req) => caller.publicLink.sessionStatus(req.params as In["publicLink"]["sessionStatus"]) },
  {
    method: "POST",
    path: "/chat/publicLink/:sessionId",
    doc: { summary: "Turn a shared conversation's public link on or off", input: publicLinkInputs.setSession },
    call: (caller, req) => caller.publicLink.setSession({ ...(req.body as Omit<In["publicLink"]["setSession"], "sessionId">), ...(req.params as { sessionId: number }) }),
  },
  // Readable without signing in, with the headers of the pages /p/{token} and /s/{token}.
  {
    method: "GET",
    path: "/public/post/:token",
    doc: { summary: "A public post through its link", input: publicLinkInputs.post, public: true, headers: PUBLIC_TEXT_HEADERS },
    answerHeaders: publicTextHeaders(false),
    call: (caller, req) => caller.publicLink.post(req.params as In["publicLink"]["post"]),
    respond: indexableAsPages,
  },
  {
    method: "GET",
    path: "/public/chat/:token",
    doc: { summary: "A public conversation through its link", input: publicLinkInputs.session, public: true, headers: PUBLIC_TEXT_HEADERS },
    answerHeaders: publicTextHeaders(false),
    call: (caller, req) => caller.publicLink.session(req.params as In["publicLink"]["session"]),
    respond: indexableAsPages,
  },
  // Signed in: the share a public conversation belongs to, to continue from.
  {
    method: "GET",
    path: "/public/chat/:token/share",
    doc: { summary: "The shared conversation behind a public link, for a signed-in reader to open and clone", input: publicLinkInputs.sessionShare },
    call: (caller, req) => caller.publicLink.sessionShare(req.params as In["publicLink"]["sessionShare"]),
  },
];
