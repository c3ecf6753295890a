import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { TRPCError } from "@trpc/server";
import { appRouter, toPublicError, UnlistedPathError } from "@parley/api";
import { MESSAGES } from "@parley/contracts";
import type { ZodType } from "zod";
import { createRequestContext, type ContextDeps } from "../http/context";
import { noRouteMessage } from "../http/not-found";
import { oversizeBodyDrained } from "../http/oversize-body";
import { procedureCaller, type Caller } from "./procedure-caller";

export type { Caller } from "./procedure-caller";

/** What a streaming row's events add up to for a client that wants one JSON answer. */
export type Collected = { status: number; body: unknown };

/** One documented REST path, served by calling a tRPC procedure. */
export type RestRoute = {
  method: "GET" | "POST" | "DELETE";
  /** Fastify path under /api/v1, e.g. `/chat/deleteChat/:id`. */
  path: string;
  call: (caller: Caller, request: FastifyRequest) => Promise<unknown>;
  /**
   * For procedures that stream (async iterables of `{ type, ... }` events): how the events become
   * one JSON answer. Clients sending `Accept: text/event-stream` get the events as SSE instead.
   */
  collect?: (events: AsyncIterable<{ type: string }>) => Promise<Collected>;
  /** The result is a file (`{ filename, contentType, body }`), sent as a download. */
  download?: boolean;
  /** Headers of every answer of the row, failures included (a public link's: see publicTextHeaders). */
  answerHeaders?: Record<string, string>;
  /** The body sent from the procedure's result, with headers set on the reply (a page's `Link`); the result itself without it. */
  respond?: (result: unknown, request: FastifyRequest, reply: FastifyReply) => unknown;
  /** A larger request body than the app's default, and what a client is told beyond it. */
  bodyLimit?: { bytes: number; message: string };
  /** What the OpenAPI document says of the row (its answer's shape is in `restResponses`). */
  doc: RestDoc;
};

/** A row's documentation, built from the same schemas the procedures validate with. */
export type RestDoc = {
  summary: string;
  /**
   * The procedure's input schema from @parley/contracts: its fields named in the path are path
   * parameters, the others the query (GET) or the JSON body (POST, DELETE).
   */
  input?: ZodType;
  /** The JSON body when it is not the input's remaining fields (`null`: the row takes no body). */
  body?: ZodType | null;
  /** Served without signing in. */
  public?: true;
  /** Admins only: to anyone else (signed out included) the path answers 404, as one that does not exist. */
  admin?: true;
  /** More to know than the summary says. */
  description?: string;
  /** Headers of the successful answer, by name, with what they say. */
  headers?: Record<string, string>;
};

/**
 * Registers the table of REST routes. Each runs the same procedure, with the same validation
 * and authorization, as the tRPC path; errors become `{ message }` with the mapped status.
 */
export function registerRestRoutes(app: FastifyInstance, routes: readonly RestRoute[], deps: ContextDeps) {
  return app.register(async (scope) => {
    acceptEmptyJsonBody(scope);
    addRoutes(scope, routes, deps);
  });
}

/**
 * External clients send `Content-Type: application/json` with an empty body when a call has no
 * payload (every call goes out with the JSON content type). That is no payload, not
 * malformed JSON; anything else goes through Fastify's own JSON parser and its errors.
 */
function acceptEmptyJsonBody(scope: FastifyInstance) {
  const { onProtoPoisoning = "error", onConstructorPoisoning = "error" } = scope.initialConfig;
  const parseJson = scope.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning);
  scope.removeContentTypeParser("application/json");
  scope.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (String(body).trim() === "") return done(null, undefined);
    return parseJson(request, String(body), done);
  });
}

function addRoutes(app: FastifyInstance, routes: readonly RestRoute[], deps: ContextDeps) {
  const createCaller = procedureCaller(appRouter);
  for (const route of routes) {
    app.route({
      method: route.method,
      url: `/api/v1${route.path}`,
      ...(route.bodyLimit ? bodyLimitOptions(route.bodyLimit) : {}),
      handler: async (request, reply) => {
        if (route.answerHeaders) reply.headers(route.answerHeaders);
        try {
          const context = createRequestContext(deps, request);
          const caller = createCaller(context instanceof Promise ? await context : context, route.collect ? abortOnDisconnect(reply) : undefined);
          const result = await route.call(caller, request);
          if (route.collect && isAsyncIterable(result)) return await sendEvents(request, reply, route, result);
          if (route.download) return sendDownload(reply, result as Download);
          if (route.respond) return reply.send(route.respond(result, request, reply));
          return reply.send(result ?? { ok: true });
        } catch (error) {
          return sendError(request, reply, error);
        }
      },
    });
  }
}

type Download = { filename: string; contentType: string; body: string };

/** A file to save: its type, and a Content-Disposition naming it (ASCII name plus the UTF-8 one). */
function sendDownload(reply: FastifyReply, file: Download) {
  const ascii = file.filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return reply
    .type(file.contentType)
    .header("Content-Disposition", `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
    .header("Cache-Control", "private, no-store")
    .send(file.body);
}

/** The route's own body limit, with a message that says the limit when a body passes it. */
function bodyLimitOptions(limit: { bytes: number; message: string }) {
  return {
    bodyLimit: limit.bytes,
    errorHandler: async (error: { code?: string }, request: FastifyRequest, reply: FastifyReply) => {
      if (error.code !== "FST_ERR_CTP_BODY_TOO_LARGE") throw error;
      await oversizeBodyDrained(request);
      return reply.status(413).send({ message: limit.message });
    },
  };
}

/** A signal that fires when a streaming client goes away mid-answer (aborting the model call). */
function abortOnDisconnect(reply: FastifyReply): AbortSignal {
  const disconnect = new AbortController();
  reply.raw.on("close", () => {
    if (!reply.raw.writableFinished) disconnect.abort();
  });
  return disconnect.signal;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<{ type: string }> {
  return typeof value === "object" && value !== null && Symbol.asyncIterator in value;
}

async function sendEvents(request: FastifyRequest, reply: FastifyReply, route: RestRoute, events: AsyncIterable<{ type: string }>) {
  if (!/text\/event-stream/.test(request.headers.accept ?? "")) {
    const { status, body } = await route.collect!(events);
    return reply.status(status).send(body);
  }
  // The first event is awaited before the headers go out, so validation and allowance errors
  // still answer with their own status and `{ message }`.
  const iterator = events[Symbol.asyncIterator]();
  const first = await iterator.next();
  reply.hijack();
  reply.raw.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    "x-accel-buffering": "no",
    connection: "keep-alive",
  });
  const write = (event: { type: string }) => reply.raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  try {
    if (!first.done) write(first.value);
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) write(next.value);
  } catch (error) {
    request.log.error({ err: error }, "event stream failed");
    write({ type: "error", message: MESSAGES.internal } as { type: string });
  } finally {
    reply.raw.end();
  }
}

function sendError(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  // An admin path asked by anyone else: the answer of a path that does not exist.
  if (error instanceof TRPCError && error.cause instanceof UnlistedPathError) {
    return reply.status(404).send({ message: noRouteMessage(request.method, request.url) });
  }
  const { status, message, retryAfterSeconds } = toPublicError(error);
  if (status >= 500) request.log.error({ err: error instanceof TRPCError ? (error.cause ?? error) : error }, "request failed");
  if (retryAfterSeconds !== undefined) reply.header("Retry-After", String(retryAfterSeconds));
  return reply.status(status).send({ message });
}
