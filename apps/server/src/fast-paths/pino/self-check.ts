import type { FastifyBaseLogger } from "fastify";
import { libraryMismatch } from "../self-check";

/** The pino release whose loggers the lazy request children stand in for. */
export const PINO_WRITTEN_FOR = "10.4.0";

/**
 * Whether the lazy request children fit `root` (null) or what to log when they do not. They
 * replace a pino logger's own `child` (and call it with the logger as `this`), stand in for the
 * request's child with pino's logging methods, `level` and `isLevelEnabled`, and make the real
 * child from the root on the first line written.
 */
export function checkPino(root: FastifyBaseLogger): string | null {
  const logger = root as FastifyBaseLogger & Record<string, unknown>;
  const missing = ["child", "isLevelEnabled", "fatal", "error", "warn", "info", "debug", "trace"].filter((name) => typeof logger[name] !== "function");
  if (typeof logger.level !== "string") missing.push("level");
  const version = typeof logger.version === "string" ? logger.version : undefined;
  return libraryMismatch({ library: "pino", writtenFor: PINO_WRITTEN_FOR, installed: version, missing });
}
