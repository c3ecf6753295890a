import type { Sql } from "postgres";
import { libraryMismatch, packageVersion } from "../self-check";

/** The postgres.js release whose client the preparing client wraps. */
export const POSTGRES_WRITTEN_FOR = "3.4.9";

/** The installed postgres.js's version, as the self-check sees it. */
export function installedPostgresVersion(): string | undefined {
  return packageVersion("postgres");
}

/**
 * Whether the preparing client fits `client` (null) or what to log when it does not. It reads the
 * client's `options.prepare`, passes `{ prepare: true }` to `unsafe`, and hands the callbacks of
 * `begin` (and of a transaction's `savepoint`) a wrapped client in place of the one postgres.js
 * gives them, the callback being the last argument.
 */
export function checkPostgres(client: Sql, version: string | undefined): string | null {
  const shape = client as unknown as Record<string, unknown>;
  const missing = ["unsafe", "begin"].filter((name) => typeof shape[name] !== "function");
  const options = shape.options as Record<string, unknown> | undefined;
  if (typeof options !== "object" || options === null || typeof options.prepare !== "boolean") missing.push("options.prepare");
  return libraryMismatch({ library: "postgres", writtenFor: POSTGRES_WRITTEN_FOR, installed: version, missing });
}
