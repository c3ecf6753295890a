import type { AnyTRPCRouter } from "@trpc/server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { TRPCError } from "@trpc/server";
import { toPublicError, UnlistedPathError, type Context } from "@parley/api";
import { MESSAGES } from "@parley/contracts";
import { noRouteMessage } from "../http/not-found";
import { oversizeBodyDrained } from "../http/oversize-body";
import { procedureInvoker } from "../fast-paths/trpc";
import type { RestRow, RunProcedure } from "./rows";

/** What a streaming row's events add up to for a client that wants one JSON answer. */
export type Collected = { status: number; body: unknown };

/** Where the rows' procedures are and each request's context. */
export type RestServing = { router: AnyTRPCRouter; contextOf: (request: FastifyRequest) => Context | Promise<Context> };

/**
 * Registers the /api/v1 rows. Each runs its procedure, with the same validation and
 * authorization as the tRPC path; errors become `{ message }` with the mapped status.
 */
export function registerRestRoutes(app: FastifyInstance, rows: readonly RestRow[], serving: RestServing) {
  return app.register(async (scope) => {
    acceptEmptyJsonBody(scope);
    addRoutes(scope, rows, serving);
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

function addRoutes(app: FastifyInstance, rows: readonly RestRow[], serving: RestServing) {
  const runnerFor = procedureRunner(serving.router);
  for (const row of rows) {
    app.route({
      method: row.method,
      url: `/api/v1${row.path}`,
      ...(row.bodyLimit ? bodyLimitOptions(row.bodyLimit) : {}),
      handler: async (request, reply) => {
        if (row.answerHeaders) reply.headers(row.answerHeaders);
        try {
          const context = serving.contextOf(request);
          const run = runnerFor(context instanceof Promise ? await context : context, row.streams ? abortOnDisconnect(reply) : undefined);
          return await row.answer({ run, request, reply });
        } catch (error) {
          return sendError(request, reply, error);
        }
      },
    });
  }
}

/**
 * Runs procedures by path with a request's context. A router of `<router>.<procedure>` paths
 * (the app's) goes through the fast invoker; a deeper one through tRPC's own, which nests.
 * Each path is split once; a call reads the procedure off the invoker and calls it on its owner.
 */
function procedureRunner(router: AnyTRPCRouter): (ctx: Context, signal: AbortSignal | undefined) => RunProcedure {
  const paths = Object.keys(router._def.procedures);
  const invokerFor: (ctx: Context, signal: AbortSignal | undefined) => unknown = paths.every((path) => path.split(".").length === 2)
    ? procedureInvoker(router)
    : (ctx, signal) => router.createCaller(ctx, { signal });
  const segments = new Map(paths.map((path) => [path, path.split(".")]));
  return (ctx, signal) => {
    const invoker = invokerFor(ctx, signal);
    return (procedure, input) => {
      const path = segments.get(procedure);
      if (!path) throw new Error(`No procedure "${procedure}" to answer a REST row`);
      let owner = invoker;
      const last = path.length - 1;
      for (let i = 0; i < last; i++) owner = propertyOf(owner, path[i]!);
      const call = propertyOf(owner, path[last]!);
      if (typeof call !== "function") throw new Error(`The invoker has no procedure "${procedure}"`);
      return call.call(owner, input);
    };
  };
}

function propertyOf(target: unknown, name: string): unknown {
  return (typeof target === "object" && target !== null) || typeof target === "function" ? Reflect.get(target, name) : undefined;
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

/**
 * A streaming procedure's events: collected into one JSON answer, or sent as Server-Sent Events
 * to a client that asks for `text/event-stream`.
 */
export async function sendEvents<TEvent extends { type: string }>(
  request: FastifyRequest,
  reply: FastifyReply,
  events: AsyncIterable<TEvent>,
  collect: (events: AsyncIterable<TEvent>) => Promise<Collected>,
) {
  if (!/text\/event-stream/.test(request.headers.accept ?? "")) {
    const { status, body } = await collect(events);
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
    const failed = { type: "error", message: MESSAGES.internal };
    write(failed);
  } finally {
    reply.raw.end();
  }
}

function sendError(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  // An admin path asked by anyone else: the answer of a path that does not exist.
  if (error instanceof TRPCError && error.cause instanceof UnlistedPathError) {
    return reply.status(404).send({ message: noRouteMessage(request.method, request.url) });
  }
  const { status, message, retryAfterSeconds, noStore } = toPublicError(error);
  if (status >= 500) request.log.error({ err: error instanceof TRPCError ? (error.cause ?? error) : error }, "request failed");
  if (retryAfterSeconds !== undefined) reply.header("Retry-After", String(retryAfterSeconds));
  if (noStore) reply.header("Cache-Control", "no-store");
  return reply.status(status).send({ message });
}
