import type { Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";

/** How long streams cut at the end of the grace period get to send their last event and store it. */
const STREAM_END_MS = 5000;

/**
 * What the server owns across requests while it runs and while it stops: whether it is draining
 * (readiness answers 503) and a signal that ends in-flight streams when the grace period is over.
 */
export type Lifecycle = {
  readonly draining: boolean;
  /** Aborted when the grace period is over: streaming replies end with their error event, keeping what arrived. */
  readonly signal: AbortSignal;
  /** Follows the server's connections, so that idle ones can be closed when draining. */
  attach: (server: Server) => void;
  /**
   * Stops the app: readiness turns 503, the listener closes, idle connections close at once and
   * busy ones as soon as their answer is sent. In-flight requests and streams get `graceMs`;
   * then streams are ended and, after a short wait for their last event, every connection closes.
   */
  stop: (app: FastifyInstance, options: { graceMs: number; log: FastifyBaseLogger }) => Promise<void>;
};

export function createLifecycle(): Lifecycle {
  let draining = false;
  const streams = new AbortController();
  /** Open connections with the number of requests each is answering right now. */
  const busy = new Map<Socket, number>();

  const closeIfIdle = (socket: Socket) => {
    if (!draining || (busy.get(socket) ?? 0) > 0 || socket.writableEnded) return;
    // What was written is flushed first; a client that does not hang up in turn is cut a second later.
    socket.end();
    setTimeout(() => socket.destroy(), 1000).unref();
  };

  return {
    get draining() {
      return draining;
    },
    signal: streams.signal,
    attach(server) {
      server.on("connection", (socket: Socket) => {
        busy.set(socket, 0);
        socket.once("close", () => busy.delete(socket));
        closeIfIdle(socket);
      });
      server.on("request", (request, response: ServerResponse) => {
        const socket = request.socket;
        busy.set(socket, (busy.get(socket) ?? 0) + 1);
        // No keep-alive once draining: the connection closes after this answer.
        if (draining) response.shouldKeepAlive = false;
        response.once("close", () => {
          if (busy.has(socket)) busy.set(socket, Math.max(0, (busy.get(socket) ?? 1) - 1));
          closeIfIdle(socket);
        });
      });
    },
    async stop(app, { graceMs, log }) {
      draining = true;
      const closed = app.close();
      for (const socket of busy.keys()) closeIfIdle(socket);
      if (await settlesWithin(closed, graceMs)) return;
      log.warn({ graceMs, connections: busy.size }, "grace period over: ending in-flight streams");
      streams.abort(new Error("The server is shutting down."));
      if (await settlesWithin(closed, STREAM_END_MS)) return;
      log.warn({ connections: busy.size }, "closing connections still open");
      for (const socket of busy.keys()) socket.destroy();
      await settlesWithin(closed, STREAM_END_MS);
    },
  };
}

async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const settled = promise.then(
    () => true as const,
    () => true as const,
  );
  return Promise.race([settled, timeout]).finally(() => clearTimeout(timer));
}
