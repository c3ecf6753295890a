import type { Server } from "node:http";
import type { Socket } from "node:net";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";

/** How long streams cut at the end of the grace period get to send their last event and store it. */
const STREAM_END_MS = 5000;

/** How often, while draining, connections whose answer has been sent are closed. */
const SWEEP_MS = 50;

/**
 * What the server owns across requests while it runs and while it stops: whether it is draining
 * (readiness answers 503) and a signal that ends in-flight streams when the grace period is over.
 */
export type Lifecycle = {
  /** Whether the server is stopping (readiness answers 503). */
  isDraining: () => boolean;
  /** Aborted when the grace period is over: streaming replies end with their error event, keeping what arrived. */
  readonly signal: AbortSignal;
  /** Follows the server's connections, so that they can be closed when draining. */
  attach: (server: Server) => void;
  /**
   * Stops the app: readiness turns 503, the listener closes, idle connections close at once and
   * busy ones as soon as their answer is sent. In-flight requests and streams get `graceMs`;
   * then streams are ended and, after a short wait for their last event, every connection closes.
   */
  stop: (app: FastifyInstance, options: { graceMs: number; log: FastifyBaseLogger }) => Promise<void>;
};

/**
 * Nothing is followed per request while the server runs (Node's HTTP server already knows which
 * connections are between requests). When it stops, and again every `SWEEP_MS` as busy ones
 * finish, it closes the connections with no answer in progress (`closeIdleConnections`, which
 * leaves one whose answer is still being written) and those that have not sent a byte yet (a
 * browser's preconnection, which Node counts as busy until its first request). A request that
 * arrives on a connection in the meantime is answered 503 with `Connection: close` by Fastify.
 */
export function createLifecycle(): Lifecycle {
  let draining = false;
  let server: Server | undefined;
  const sockets = new Set<Socket>();
  const streams = new AbortController();

  const sweep = () => {
    server?.closeIdleConnections();
    for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy();
  };

  return {
    isDraining: () => draining,
    signal: streams.signal,
    attach(attached) {
      server = attached;
      attached.on("connection", (socket: Socket) => {
        sockets.add(socket);
        socket.once("close", () => sockets.delete(socket));
      });
    },
    async stop(app, { graceMs, log }) {
      draining = true;
      const closed = app.close();
      sweep();
      const sweeping = setInterval(sweep, SWEEP_MS).unref();
      try {
        if (await settlesWithin(closed, graceMs)) return;
        log.warn({ graceMs, connections: sockets.size }, "grace period over: ending in-flight streams");
        streams.abort(new Error("The server is shutting down."));
        if (await settlesWithin(closed, STREAM_END_MS)) return;
        log.warn({ connections: sockets.size }, "closing connections still open");
        for (const socket of sockets) socket.destroy();
        await settlesWithin(closed, STREAM_END_MS);
      } finally {
        clearInterval(sweeping);
      }
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
