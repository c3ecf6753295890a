import type { FastifyInstance } from "fastify";

/** How long /readyz waits for the database before calling it unreachable. */
const READY_TIMEOUT_MS = 2000;

/**
 * `/healthz`: the process is alive. `/readyz`: it can serve, i.e. it is not shutting down and the
 * database answers.
 */
export function registerHealth(app: FastifyInstance, ping: () => Promise<void>, draining: () => boolean = () => false) {
  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (request, reply) => {
    if (draining()) return reply.status(503).send({ status: "unavailable", message: "The server is shutting down." });
    try {
      await withTimeout(ping(), READY_TIMEOUT_MS);
      return { status: "ready" };
    } catch (error) {
      request.log.warn({ err: error }, "readiness check failed");
      return reply.status(503).send({ status: "unavailable", message: "The database is unreachable." });
    }
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
