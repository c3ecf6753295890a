import { initTRPC } from "@trpc/server";
import * as core from "@trpc/server/unstable-core-do-not-import";
import { libraryMismatch, packageVersion } from "../self-check";

/** The tRPC release whose internals (procedure `_def`s, the wire helpers) the fast paths follow. */
export const TRPC_WRITTEN_FOR = "11.19.0";

/** The internal helpers the fast paths import from tRPC's "unstable-core-do-not-import". */
const HELPERS = [
  "getErrorShape",
  "getHTTPStatusCode",
  "getProcedureAtPath",
  "getTRPCErrorFromUnknown",
  "isAsyncIterable",
  "isObject",
  "isPromise",
  "transformTRPCResponse",
] as const;

/** What the self-check looks at: the version, the internal exports, and a router tRPC built. */
export type TrpcShape = {
  version: string | undefined;
  core: Record<string, unknown>;
  /** A router with one procedure (one middleware, then the resolver) at "probe.look". */
  probe: unknown;
};

/** The installed tRPC, as the self-check sees it. */
export function installedTrpc(): TrpcShape {
  return { version: packageVersion("@trpc/server"), core: core, probe: probeRouter() };
}

/** A router built with tRPC's public API (or undefined if that fails: the check then reports it). */
function probeRouter(): unknown {
  try {
    const t = initTRPC.create();
    const look = t.procedure.use(({ next }) => next()).query(() => "probe");
    return t.router({ probe: t.router({ look }) });
  } catch {
    return undefined;
  }
}

type Def = Record<string, unknown>;
const defOf = (value: unknown): Def | undefined => (value as { _def?: Def } | undefined)?._def;

/**
 * Whether the fast paths fit `shape` (null) or what to log when they do not. They read a router's
 * flattened `_def.procedures` and `_def._config`, and a procedure's `_def` (`type`, `meta`, its
 * `middlewares` with the resolver wrapped as the last one, `resolver`, `caller`).
 */
export function checkTrpc(shape: TrpcShape): string | null {
  const missing: string[] = HELPERS.filter((name) => typeof shape.core[name] !== "function");
  if (shape.core.middlewareMarker === undefined) missing.push("middlewareMarker");
  const router = defOf(shape.probe);
  const procedures = router?.procedures as Record<string, unknown> | undefined;
  if (typeof router?._config !== "object" || router._config === null) missing.push("router._def._config");
  const procedure = defOf(procedures?.["probe.look"]);
  if (!procedure) missing.push('router._def.procedures["<router>.<procedure>"]');
  else {
    if (procedure.type !== "query") missing.push("procedure._def.type");
    if (typeof procedure.resolver !== "function") missing.push("procedure._def.resolver");
    if (!Array.isArray(procedure.middlewares) || procedure.middlewares.length !== 2) missing.push("procedure._def.middlewares (its own, then the resolver's)");
    if (!("meta" in procedure)) missing.push("procedure._def.meta");
  }
  return libraryMismatch({ library: "@trpc/server", writtenFor: TRPC_WRITTEN_FOR, installed: shape.version, missing });
}
