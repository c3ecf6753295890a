import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { TRPCError } from "@trpc/server";
import { createCaller, describeInputError, httpStatusOf } from "@parley/api";
import { MESSAGES } from "@parley/contracts";
import { createRequestContext, type ContextDeps } from "../http/context";

export type Caller = ReturnType<typeof createCaller>;

/** One documented REST path, served by calling a tRPC procedure. */
export type RestRoute = {
  method: "GET" | "POST";
  /** Fastify path under /api/v1, e.g. `/chat/deleteChat/:id`. */
  path: string;
  call: (caller: Caller, request: FastifyRequest) => Promise<unknown>;
};

/**
 * Registers the table of REST routes. Each runs the same procedure, with the same validation
 * and authorization, as the tRPC path; errors become `{ message }` with the mapped status.
 */
export function registerRestRoutes(app: FastifyInstance, routes: readonly RestRoute[], deps: ContextDeps) {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: `/api/v1${route.path}`,
      handler: async (request, reply) => {
        try {
          const caller = createCaller(await createRequestContext(deps, request));
          const result = await route.call(caller, request);
          return reply.send(result ?? { ok: true });
        } catch (error) {
          return sendError(request, reply, error);
        }
      },
    });
  }
}

function sendError(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  const status = httpStatusOf(error);
  if (status >= 500) {
    request.log.error({ err: error instanceof TRPCError ? (error.cause ?? error) : error }, "request failed");
    return reply.status(status).send({ message: status === 503 ? MESSAGES.unavailable : MESSAGES.internal });
  }
  const input = describeInputError(error);
  return reply.status(status).send({ message: input ?? (error instanceof Error ? error.message : MESSAGES.internal) });
}
