// Speed tricks that reach into a library's internals live here, one folder per library, each
// checked against its library at start-up with the library's public path as the fallback (the
// database clients' are in packages/db/src/fast-paths and report through the database handle). Each folder's conformance tests (installed version, fallback,
// same answers on both paths) are in test/fast-paths/, one file or more per library.
import type { FastifyBaseLogger } from "fastify";
import { lazyRequestChildren } from "./pino";
import { checkTrpcFastPaths, installedTrpc, type TrpcShape } from "./trpc";

/**
 * Starts the tRPC and pino fast paths after their self-checks and logs, once each at warn, every
 * fast path that runs on its library's public path instead, with why: those two and the
 * database's (`databaseFallbacks`). `requestLoggers` is false for Fastify's silent logger, which
 * makes no request loggers at all. `trpc` is the installed tRPC unless a test hands another.
 */
export function startFastPaths(log: FastifyBaseLogger, options: { requestLoggers: boolean; databaseFallbacks: readonly string[]; trpc?: TrpcShape }): string[] {
  const findings = [
    checkTrpcFastPaths(options.trpc ?? installedTrpc()),
    options.requestLoggers ? lazyRequestChildren(log) : null,
    ...options.databaseFallbacks,
  ];
  const fallbacks = findings.filter((finding): finding is string => finding !== null);
  for (const line of fallbacks) log.warn({ fastPath: "fallback" }, line);
  return fallbacks;
}
