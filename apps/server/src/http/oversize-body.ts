import type { FastifyRequest } from "fastify";

/** How much of an oversize body is read and dropped, at most, before its 413 goes out. */
const DRAIN_BYTES = 256 * 1024 * 1024;
/** How long an oversize body is waited for, at most. */
const DRAIN_MS = 30_000;

/**
 * Resolves once the rest of a refused request body has arrived (read and dropped). The 413
 * closes the connection; closed with the body still arriving, the socket would be reset and a
 * client that sends the whole body before reading (Python's http.client, most scripts) would
 * see a broken pipe instead of the message. A body past DRAIN_BYTES or DRAIN_MS is not waited for.
 */
export function oversizeBodyDrained(request: FastifyRequest): Promise<void> {
  const raw = request.raw;
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let bytes = 0;
    const timer = setTimeout(done, DRAIN_MS);
    function onData(chunk: Buffer) {
      bytes += chunk.length;
      if (bytes > DRAIN_BYTES) done();
    }
    function done() {
      clearTimeout(timer);
      raw.off("data", onData).off("end", done).off("error", done).off("close", done);
      resolve();
    }
    raw.on("data", onData).once("end", done).once("error", done).once("close", done);
    raw.resume();
  });
}
