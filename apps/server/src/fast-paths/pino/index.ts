// Request loggers made only when a request writes a line: faster, and written against pino's
// logger (its `child`), so used only while the start-up self-check finds the pino it was written
// for; otherwise every request gets pino's own child logger, as Fastify makes it.
import type { FastifyBaseLogger } from "fastify";
import { makeRequestChildrenLazy } from "./lazy-children";
import { checkPino } from "./self-check";

export { PINO_WRITTEN_FOR } from "./self-check";

/**
 * Makes the request loggers Fastify takes from `root` lazy when the self-check passes, and
 * returns its finding: null, or the line to log once at start-up (`root` is then left as it is).
 */
export function lazyRequestChildren(root: FastifyBaseLogger): string | null {
  const finding = checkPino(root);
  if (finding === null) makeRequestChildrenLazy(root);
  return finding;
}
