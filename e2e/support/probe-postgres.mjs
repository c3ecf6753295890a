// Exits 0 when PostgreSQL answers at the URL given as argument; playwright.config.ts runs it
// synchronously to decide whether the `postgres` project exists.
import { probePostgres } from "../../scripts/support/postgres.mjs";

const problem = await probePostgres(process.argv[2] ?? "", 2);
if (problem) console.error(problem);
process.exit(problem ? 1 : 0);
