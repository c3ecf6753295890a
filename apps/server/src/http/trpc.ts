import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import type { TRPCError } from "@trpc/server";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { appRouter, retryAfterOf, toTRPCError, type AppRouter } from "@parley/api";
import { LIMITS } from "@parley/contracts";
import { createRequestContext, type ContextDeps } from "./context";

/** Mounts every router at /trpc (batches of at most LIMITS.trpcBatchCalls calls). Server errors are logged with the request id. */
export async function registerTrpc(app: FastifyInstance, deps: ContextDeps, noteError?: (request: FastifyRequest, error: TRPCError) => void) {
  await app.register(fastifyTRPCPlugin, {
    prefix: "/trpc",
    trpcOptions: {
      router: appRouter,
      maxBatchSize: LIMITS.trpcBatchCalls,
      // A context that cannot be built (the database unreachable) answers like a procedure would.
      createContext: ({ req }) =>
        createRequestContext(deps, req).catch((error: unknown) => {
          throw toTRPCError(error);
        }),
      // A refused action says when to try again, as on REST.
      responseMeta: ({ errors }) => {
        const retryAfter = errors.map(retryAfterOf).find((seconds) => seconds !== undefined);
        return retryAfter === undefined ? {} : { headers: { "Retry-After": String(retryAfter) } };
      },
      onError: ({ error, path, req }) => {
        noteError?.(req, error);
        if (error.code === "INTERNAL_SERVER_ERROR") req.log.error({ err: error.cause ?? error, path }, "procedure failed");
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>["trpcOptions"],
  });
}
