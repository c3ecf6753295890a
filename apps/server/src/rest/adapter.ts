import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { TRPCError } from "@trpc/server";
import { createCaller, toPublicError } from "@parley/api";
import { MESSAGES } from "@parley/contracts";
import { createRequestContext, type ContextDeps } from "../http/context";

export type Caller = ReturnType<typeof createCaller>;

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
 * payload (spec §7: every call goes out with the JSON content type). That is no payload, not
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
  for (const route of routes) {
    app.route({
      method: route.method,
      url: `/api/v1${route.path}`,
      handler: async (request, reply) => {
        try {
          const caller = createCaller(await createRequestContext(deps, request), { signal: route.collect ? abortOnDisconnect(reply) : undefined });
          const result = await route.call(caller, request);
          if (route.collect && isAsyncIterable(result)) return await sendEvents(request, reply, route, result);
          return reply.send(result ?? { ok: true });
        } catch (error) {
          return sendError(request, reply, error);
        }
      },
    });
  }
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
  const { status, message, retryAfterSeconds } = toPublicError(error);
  if (status >= 500) request.log.error({ err: error instanceof TRPCError ? (error.cause ?? error) : error }, "request failed");
  if (retryAfterSeconds !== undefined) reply.header("Retry-After", String(retryAfterSeconds));
  return reply.status(status).send({ message });
}
