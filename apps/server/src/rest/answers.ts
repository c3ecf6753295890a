import { appRouter, AppError, type EventOf, type RouterOutputs } from "@parley/api";
import {
  archiveInputs,
  chatCollectedAnswers,
  chatHistoryAnswer,
  chatHistoryRequest,
  IMPORT_LIMITS,
  IMPORT_NESTED_TOO_DEEPLY,
  IMPORT_SIZE_TEXT,
  postOutputs,
} from "@parley/contracts";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { publicTextHeaders } from "../public/public-pages";
import { collectEvents } from "./collect";
import { restRowsOf, type RestRow, type RowSpecial } from "./rows";
import { sendEvents } from "./serve";

// The /api/v1 table is declared on the procedures (`.meta({ rest: ... })` in packages/api); what
// is here is only what a declaration cannot say: how a stream, a page or a public link becomes
// the answer, the import's several body forms, and one path that no single procedure answers.

const NEXT_PAGE_LINK =
  'When there are more posts: `<...>; rel="next"` (RFC 8288), the address of the next page, this request\'s query with `cursor` set. Absent on the last page.';

/** The request's own path and query with `cursor` set to the next page's: a relative reference, as RFC 8288 allows. */
function nextPageLink(request: FastifyRequest, cursor: string): string {
  const query = new URLSearchParams();
  const asked = typeof request.query === "object" && request.query !== null ? Object.entries(request.query) : [];
  for (const [name, value] of asked) {
    if (name !== "cursor" && typeof value === "string") query.append(name, value);
  }
  query.set("cursor", cursor);
  return `<${request.url.split("?")[0]}?${query.toString()}>; rel="next"`;
}

const PUBLIC_TEXT_HEADERS = {
  "Cache-Control": "no-cache: ask again each time (a link turned off stops at once), as its page /p/{token} or /s/{token}",
  "X-Robots-Tag": "all for a post its owner listed, noindex for anything else (and for a 404), as its page",
};

/** A public link's text as its page says it: indexed only when its owner listed it. */
function publicText(procedure: "publicLink.post" | "publicLink.session"): RowSpecial {
  return {
    procedure,
    headers: PUBLIC_TEXT_HEADERS,
    // A 404 (or any failure) is not for indexing either.
    answerHeaders: publicTextHeaders(false),
    answer: async ({ run, reply }, input) => {
      const text = await run<RouterOutputs["publicLink"]["post"] | RouterOutputs["publicLink"]["session"]>(procedure, input);
      return reply.headers(publicTextHeaders(text.indexable)).send(text);
    },
  };
}

/**
 * The import's input: a browser's upload sends the file as it is (text/plain), a JSON client
 * either the export's array itself or the procedure's `{ file }`. A file sent as it is names
 * its import id in the query (?jobId=...).
 */
function importInput(request: FastifyRequest): unknown {
  const query = typeof request.query === "object" && request.query !== null ? request.query : {};
  const jobId = "jobId" in query ? query.jobId : undefined;
  if (typeof request.body === "string") return { file: request.body, jobId };
  if (Array.isArray(request.body)) return { file: fileOf(request.body), jobId };
  return request.body ?? {};
}

/** The export's array as the file's text; JSON nested past the stack's depth is refused, not a crash. */
function fileOf(conversations: unknown[]): string {
  try {
    return JSON.stringify(conversations);
  } catch (error) {
    if (error instanceof RangeError) throw new AppError("BAD_REQUEST", IMPORT_NESTED_TOO_DEEPLY);
    throw error;
  }
}

/** Each send shape's procedure in the chat namespace (and its collected answer's name). */
const SEND_PROCEDURES = { chat: "send", comparison: "compare", battle: "battle" } as const;

/** A send's row: its events as Server-Sent Events, or collected into one JSON answer by its shape. */
function sendRow<K extends keyof typeof SEND_PROCEDURES>(kind: K): RowSpecial {
  const name = SEND_PROCEDURES[kind];
  const procedure = `chat.${name}` as const;
  const collect = collectEvents(kind);
  return {
    procedure,
    streams: true,
    output: chatCollectedAnswers[name],
    answer: async ({ run, request, reply }, input) => sendEvents(request, reply, await run<AsyncIterable<EventOf<K>>>(procedure, input), collect),
  };
}

/** What the server adds to declared rows, by procedure. */
export const restSpecials: readonly RowSpecial[] = [
  sendRow("chat"),
  sendRow("comparison"),
  sendRow("battle"),
  // The spec's feed is a plain list; the next page's address goes in a Link header (RFC 8288).
  {
    procedure: "post.list",
    headers: { Link: NEXT_PAGE_LINK },
    output: postOutputs.list.shape.posts,
    answer: async ({ run, request, reply }, input) => {
      const page = await run<RouterOutputs["post"]["list"]>("post.list", input);
      if (page.next_cursor) reply.header("Link", nextPageLink(request, page.next_cursor));
      return reply.send(page.posts);
    },
  },
  // Readable without signing in, with the headers of the pages /p/{token} and /s/{token}.
  publicText("publicLink.post"),
  publicText("publicLink.session"),
  // A prompt's public link: never indexed, as a conversation's.
  { procedure: "publicLink.prompt", headers: PUBLIC_TEXT_HEADERS, answerHeaders: publicTextHeaders(false) },
  {
    procedure: "archive.import",
    inputOf: importInput,
    // The import's JSON body: the procedure's `{ file }`, or the export's array of conversations itself.
    body: z.union([archiveInputs.import, z.array(z.unknown())]),
    // A little room above the file itself for the request's own framing.
    bodyLimit: {
      bytes: IMPORT_LIMITS.bytes + 64 * 1024,
      message: `This file is too large: an import can be at most ${IMPORT_SIZE_TEXT}. Split the export into smaller files and import them one by one.`,
    },
  },
];

/** The documented history shape: the branch read, without the sibling details the chat screen uses. */
function specHistory<H extends { sessions: { siblings?: unknown }[] }>(history: H): H {
  return { ...history, sessions: history.sessions.map(({ siblings: _siblings, ...exchange }) => exchange) };
}

/**
 * getChatHistory is written here, not declared: one path answers with two procedures. It reads
 * a session (`sessionId`, `shared`: chat.history) or, with `post_id` and `clone: true`, copies a
 * post into a new session (chat.clonePost) and answers with its history and new id.
 */
const chatHistoryRow: RestRow = {
  method: "POST",
  path: "/chat/getChatHistory",
  summary: "Read a conversation (own, or shared with shared=true), or clone a post with post_id and clone=true",
  access: "signed-in",
  input: undefined,
  body: chatHistoryRequest,
  output: chatHistoryAnswer,
  answer: async ({ run, request, reply }) => {
    const body = request.body;
    if (typeof body === "object" && body !== null && "post_id" in body && body.post_id !== undefined && "clone" in body && body.clone === true) {
      const { new_session_id, unavailable_models } = await run<RouterOutputs["chat"]["clonePost"]>("chat.clonePost", { postId: body.post_id });
      const history = await run<RouterOutputs["chat"]["history"]>("chat.history", { sessionId: new_session_id });
      return reply.send({ ...specHistory(history), new_session_id, unavailable_models });
    }
    return reply.send(specHistory(await run<RouterOutputs["chat"]["history"]>("chat.history", body)));
  },
};

/** The /api/v1 table: the app router's declared rows, then the hand-written one. Public config for the SPA (`/api/v1/config`) is served in app.ts. */
export const restRoutes: readonly RestRow[] = restRowsOf(appRouter, restSpecials, [chatHistoryRow]);
