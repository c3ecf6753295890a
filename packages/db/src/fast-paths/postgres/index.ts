// postgres.js queries sent as prepared statements: faster, and written against postgres.js's
// client, so used only while the start-up self-check finds the postgres.js it was written for;
// otherwise the client is used as it is (Drizzle's queries then go unprepared), with the same results.
import type { Sql } from "postgres";
import { preparingClient as preparingClientFast } from "./preparing-client";
import { checkPostgres, installedPostgresVersion } from "./self-check";

export { POSTGRES_WRITTEN_FOR } from "./self-check";

/**
 * The client to give Drizzle: one whose queries with parameters are prepared statements when
 * the self-check passes, else `client` itself; with the self-check's finding (null, or the line
 * to log once at start-up). `version` is the installed one unless a test hands another.
 */
export function preparingClient(client: Sql, version: string | undefined = installedPostgresVersion()): { client: Sql; finding: string | null } {
  const finding = checkPostgres(client, version);
  return { client: finding === null ? preparingClientFast(client) : client, finding };
}
