import { fastifyRequestHandler, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import type { TRPCError } from "@trpc/server";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { appRouter, isAdminIdentity, nonAdminRouter, NO_ADMINS, retryAfterOf, toTRPCError, type AppRouter, type Context } from "@parley/api";
import { LIMITS } from "@parley/contracts";
import { createRequestContext, type ContextDeps } from "./context";

/** Whether a tRPC path (one procedure, or a batch joined by commas) names an admin procedure. */
const namesAdminProcedure = (path: string) => path.split(",").some((p) => p === "admin" || p.startsWith("admin."));

/**
 * Mounts every router at /trpc (batches of at most LIMITS.trpcBatchCalls calls). Server errors
 * are logged with the request id. A request for admin procedures is served from the router
 * without them unless the caller is an admin, so to anyone else they do not exist at all (any
 * method, any input). Done here as tRPC's Fastify plugin does it, with the router per request.
 */
export async function registerTrpc(app: FastifyInstance, deps: ContextDeps, noteError?: (request: FastifyRequest, error: TRPCError) => void) {
  const options = {
    maxBatchSize: LIMITS.trpcBatchCalls,
    // A refused action says when to try again, as on REST.
    responseMeta: ({ errors }) => {
      const retryAfter = errors.map(retryAfterOf).find((seconds) => seconds !== undefined);
      return retryAfter === undefined ? {} : { headers: { "Retry-After": String(retryAfter) } };
    },
    onError: ({ error, path, req }) => {
      noteError?.(req, error);
      if (error.code === "INTERNAL_SERVER_ERROR") req.log.error({ err: error.cause ?? error, path }, "procedure failed");
    },
  } satisfies Omit<FastifyTRPCPluginOptions<AppRouter>["trpcOptions"], "router" | "createContext">;

  await app.register(async (scope) => {
    // tRPC reads the bodies itself.
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => done(null, body));
    scope.removeContentTypeParser("multipart/form-data");
    scope.addContentTypeParser("multipart/form-data", {}, (_request, body, done) => done(null, body));

    scope.all("/trpc/:path", async (req, res) => {
      const path = (req.params as { path: string }).path;
      // A context that cannot be built (the database unreachable) answers like a procedure would.
      const context = createRequestContext(deps, req).catch((error: unknown) => {
        throw toTRPCError(error);
      });
      context.catch(() => undefined);
      const router = namesAdminProcedure(path) && (await isAdmin(context)) ? appRouter : nonAdminRouter;
      await fastifyRequestHandler({ ...options, router: router as AppRouter, createContext: () => context, req, res, path });
    });
  });
}

async function isAdmin(context: Promise<Context>) {
  const ctx = await context.catch(() => null);
  return ctx ? isAdminIdentity(ctx.auth, ctx.admins ?? NO_ADMINS) : false;
}
