import { parse, protocol } from "@electric-sql/pglite";
import { libraryMismatch, packageVersion } from "../self-check";

/** The PGlite release whose underscore methods and protocol helpers prepared queries use. */
export const PGLITE_WRITTEN_FOR = "0.5.16";

/** What the self-check looks at besides the instance: the version and the protocol helpers. */
export type PgliteLibrary = { version: string | undefined; parse: Record<string, unknown>; serialize: Record<string, unknown> };

/** The installed PGlite, as the self-check sees it. */
export function installedPglite(): PgliteLibrary {
  return { version: packageVersion("@electric-sql/pglite"), parse: { ...parse }, serialize: { ...protocol.serialize } };
}

/**
 * Whether prepared queries fit `pg` and `library` (null) or what to log when they do not. They
 * run the wire protocol through `execProtocol` inside PGlite's private `_runExclusiveTransaction`
 * and `_runExclusiveQuery` (so a run waits for an open transaction, as `query` does), serialize
 * with `serializers`, parse with `parsers` and the `parse` helpers, and replace `query`.
 */
export function checkPglite(pg: object, library: PgliteLibrary): string | null {
  const instance = pg as Record<string, unknown>;
  const missing = ["query", "execProtocol", "_runExclusiveTransaction", "_runExclusiveQuery"].filter((name) => typeof instance[name] !== "function");
  for (const name of ["serializers", "parsers"]) if (typeof instance[name] !== "object" || instance[name] === null) missing.push(name);
  for (const name of ["parseDescribeStatementResults", "parseResults"]) if (typeof library.parse[name] !== "function") missing.push(`parse.${name}`);
  for (const name of ["parse", "describe", "bind", "execute", "sync", "close"])
    if (typeof library.serialize[name] !== "function") missing.push(`protocol.serialize.${name}`);
  return libraryMismatch({ library: "@electric-sql/pglite", writtenFor: PGLITE_WRITTEN_FOR, installed: library.version, missing });
}
