import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import type { FastifyInstance } from "fastify";
import { appRouter, toTRPCError, type AppRouter } from "@parley/api";
import { createRequestContext, type ContextDeps } from "./context";

/** Mounts every router at /trpc (batching on). Server errors are logged with the request id. */
export async function registerTrpc(app: FastifyInstance, deps: ContextDeps) {
  await app.register(fastifyTRPCPlugin, {
    prefix: "/trpc",
    trpcOptions: {
      router: appRouter,
      // A context that cannot be built (the database unreachable) answers like a procedure would.
      createContext: ({ req }) =>
        createRequestContext(deps, req).catch((error: unknown) => {
          throw toTRPCError(error);
        }),
      onError: ({ error, path, req }) => {
        if (error.code === "INTERNAL_SERVER_ERROR") req.log.error({ err: error.cause ?? error, path }, "procedure failed");
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>["trpcOptions"],
  });
}
