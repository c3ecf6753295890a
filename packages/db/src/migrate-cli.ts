// `pnpm db:migrate`: applies pending migrations to DATABASE_URL (default ./data/db) and exits
// non-zero on any failure.
import { createDb } from "./client";
import { migrate } from "./migrate";

const url = process.env.DATABASE_URL || "./data/db";
try {
  const handle = await createDb(url);
  try {
    const { applied } = await migrate(handle.db);
    console.log(applied.length ? `Applied migrations: ${applied.join(", ")}` : "Database is up to date.");
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
