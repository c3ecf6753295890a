import { fastifyRequestHandler, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import type { TRPCError } from "@trpc/server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { appRouter, isAdminIdentity, isLinkState, nonAdminRouter, NO_ADMINS, retryAfterOf, toTRPCError, type AppRouter, type Context } from "@parley/api";
import { LIMITS } from "@parley/contracts";
import { createRequestContext, type ContextDeps } from "./context";
import { answerPlainCall } from "../fast-paths/trpc";

/** Answers one /trpc/<path> request. */
type Handler = (request: FastifyRequest, reply: FastifyReply, path: string) => Promise<void>;

/** Which router answers a request, and the request's context (built once, shared by both ways). */
type Answering = { router: AppRouter; context: Promise<Context> };

/**
 * The two ways a /trpc request is answered, with the same context, logging and headers:
 * `plain` answers plain JSON queries and mutations (what `httpBatchLink` sends) straight from
 * Fastify's request and returns false, touching nothing, for anything else; `standard` is tRPC's
 * own Fastify handler (streamed batches, HEAD, other content types, malformed requests).
 * Without `answering`, the whole router answers with a context built for the request.
 */
export function trpcHandlers(deps: ContextDeps, noteError?: (request: FastifyRequest, error: TRPCError) => void) {
  // A context that cannot be built (the database unreachable) answers like a procedure would.
  const contextFor = (request: FastifyRequest): Promise<Context> => {
    const context = new Promise<Context>((resolve) => resolve(createRequestContext(deps, request))).catch((error: unknown) => {
      throw toTRPCError(error);
    });
    context.catch(() => undefined);
    return context;
  };
  // A refused action says when to try again, as on REST; a link's state is never kept.
  const headersFor = (errors: TRPCError[]): Record<string, string> => {
    const retryAfter = errors.map(retryAfterOf).find((seconds) => seconds !== undefined);
    return { ...(retryAfter === undefined ? {} : { "Retry-After": String(retryAfter) }), ...(errors.some(isLinkState) ? { "Cache-Control": "no-store" } : {}) };
  };
  const onError = ({ error, path, req }: { error: TRPCError; path: string | undefined; req: FastifyRequest }) => {
    noteError?.(req, error);
    if (error.code === "INTERNAL_SERVER_ERROR") req.log.error({ err: error.cause ?? error, path }, "procedure failed");
  };
  const options = {
    maxBatchSize: LIMITS.trpcBatchCalls,
    responseMeta: ({ errors }) => ({ headers: headersFor(errors) }),
    onError,
  } satisfies Omit<FastifyTRPCPluginOptions<AppRouter>["trpcOptions"], "router" | "createContext">;
  const whole = (request: FastifyRequest): Answering => ({ router: appRouter, context: contextFor(request) });

  const plain = (request: FastifyRequest, reply: FastifyReply, path: string, { router, context }: Answering = whole(request)) =>
    answerPlainCall({ router, maxBatchSize: LIMITS.trpcBatchCalls, request, reply, path, createContext: () => context, onError, headersFor });
  const standard = (request: FastifyRequest, reply: FastifyReply, path: string, { router, context }: Answering = whole(request)) =>
    fastifyRequestHandler({ ...options, router, createContext: () => context, req: request, res: reply, path });
  return { contextFor, plain, standard };
}

/** Registers `handle` for /trpc/<path> in a scope where bodies stay text, as tRPC's handler expects. */
export async function mountTrpc(app: FastifyInstance, handle: Handler) {
  await app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => done(null, body));
    scope.removeContentTypeParser("multipart/form-data");
    scope.addContentTypeParser("multipart/form-data", (_request, body, done) => done(null, body));
    scope.all<{ Params: { path: string } }>("/trpc/:path", async (request, reply) => {
      await handle(request, reply, request.params.path);
      return reply;
    });
  });
}

/** Whether a tRPC path (one procedure, or a batch joined by commas) names an admin procedure. */
const namesAdminProcedure = (path: string) => path.split(",").some((p) => p === "admin" || p.startsWith("admin."));

async function isAdmin(context: Promise<Context>) {
  const ctx = await context.catch(() => null);
  return ctx ? isAdminIdentity(ctx.auth, ctx.admins ?? NO_ADMINS) : false;
}

/**
 * Mounts every router at /trpc (batches of at most LIMITS.trpcBatchCalls calls). Server errors
 * are logged with the request id. A request for admin procedures is served from the router
 * without them unless the caller is an admin, so to anyone else they do not exist at all (any
 * method, any input).
 */
export async function registerTrpc(app: FastifyInstance, deps: ContextDeps, noteError?: (request: FastifyRequest, error: TRPCError) => void) {
  const { contextFor, plain, standard } = trpcHandlers(deps, noteError);
  await mountTrpc(app, async (request, reply, path) => {
    const context = contextFor(request);
    const router = namesAdminProcedure(path) && (await isAdmin(context)) ? appRouter : (nonAdminRouter as AppRouter);
    const answering = { router, context };
    if (!(await plain(request, reply, path, answering))) await standard(request, reply, path, answering);
  });
}
