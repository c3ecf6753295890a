import { fastifyRequestHandler, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import type { TRPCError } from "@trpc/server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { appRouter, retryAfterOf, toTRPCError, type AppRouter, type Context } from "@parley/api";
import { LIMITS } from "@parley/contracts";
import { createRequestContext, type ContextDeps } from "./context";
import { answerPlainCall } from "./trpc-plain";

/** Answers one /trpc/<path> request. */
type Handler = (request: FastifyRequest, reply: FastifyReply, path: string) => Promise<void>;

/**
 * The two ways a /trpc request is answered, with the same context, logging and headers:
 * `plain` answers plain JSON queries and mutations (what `httpBatchLink` sends) straight from
 * Fastify's request and returns false, touching nothing, for anything else; `standard` is tRPC's
 * own Fastify handler (streamed batches, HEAD, other content types, malformed requests).
 */
export function trpcHandlers(deps: ContextDeps, noteError?: (request: FastifyRequest, error: TRPCError) => void) {
  // A context that cannot be built (the database unreachable) answers like a procedure would.
  const createContext = (request: FastifyRequest): Promise<Context> =>
    createRequestContext(deps, request).catch((error: unknown) => {
      throw toTRPCError(error);
    });
  // A refused action says when to try again, as on REST.
  const headersFor = (errors: TRPCError[]): Record<string, string> => {
    const retryAfter = errors.map(retryAfterOf).find((seconds) => seconds !== undefined);
    return retryAfter === undefined ? {} : { "Retry-After": String(retryAfter) };
  };
  const onError = ({ error, path, req }: { error: TRPCError; path: string | undefined; req: FastifyRequest }) => {
    noteError?.(req, error);
    if (error.code === "INTERNAL_SERVER_ERROR") req.log.error({ err: error.cause ?? error, path }, "procedure failed");
  };
  const trpcOptions = {
    router: appRouter,
    maxBatchSize: LIMITS.trpcBatchCalls,
    createContext: ({ req }) => createContext(req),
    responseMeta: ({ errors }) => ({ headers: headersFor(errors) }),
    onError,
  } satisfies FastifyTRPCPluginOptions<AppRouter>["trpcOptions"];

  const plain = (request: FastifyRequest, reply: FastifyReply, path: string) =>
    answerPlainCall({ router: appRouter, maxBatchSize: LIMITS.trpcBatchCalls, request, reply, path, createContext, onError, headersFor });
  const standard: Handler = (request, reply, path) => fastifyRequestHandler({ ...trpcOptions, req: request, res: reply, path });
  return { plain, standard };
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

/** Mounts every router at /trpc (batches of at most LIMITS.trpcBatchCalls calls). Server errors are logged with the request id. */
export async function registerTrpc(app: FastifyInstance, deps: ContextDeps, noteError?: (request: FastifyRequest, error: TRPCError) => void) {
  const { plain, standard } = trpcHandlers(deps, noteError);
  await mountTrpc(app, async (request, reply, path) => {
    if (!(await plain(request, reply, path))) await standard(request, reply, path);
  });
}
