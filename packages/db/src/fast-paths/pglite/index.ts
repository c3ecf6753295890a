// PGlite queries prepared once per text: faster, and written against PGlite's private methods,
// so used only while the start-up self-check finds the PGlite they were written for; otherwise
// PGlite's own `query` runs every statement, with the same results.
import type { PGlite } from "@electric-sql/pglite";
import { prepareQueries as prepareQueriesFast } from "./prepared-queries";
import { checkPglite, installedPglite, type PgliteLibrary } from "./self-check";

export { PGLITE_WRITTEN_FOR, installedPglite, type PgliteLibrary } from "./self-check";

/**
 * Makes `pg.query` prepare each statement text once when the self-check passes, and returns its
 * finding: null, or the line to log once at start-up (`pg` is then left as it is). `library` is
 * the installed PGlite unless a test hands another.
 */
export function prepareQueries(pg: PGlite, library: PgliteLibrary = installedPglite()): string | null {
  const finding = checkPglite(pg, library);
  if (finding === null) prepareQueriesFast(pg);
  return finding;
}
