import { sql } from "drizzle-orm";
import type { Database } from "./database";
import { MIGRATIONS } from "./migrations.gen";

/** Key of the advisory lock that serialises migrations across instances starting together. */
const MIGRATION_LOCK_KEY = 7_351_822_940_113;

export type MigrationResult = { applied: string[] };

export class MigrationError extends Error {
  constructor(
    readonly tag: string,
    cause: unknown,
  ) {
    super(`Migration ${tag} failed: ${rootMessage(cause)}`, { cause });
    this.name = "MigrationError";
  }
}

/** Drizzle wraps driver errors ("Failed query: ..."); the driver's own message says what went wrong. */
function rootMessage(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}

type Migration = { tag: string; hash: string; sql: string };

/**
 * Applies pending migrations in one transaction under a transaction-level advisory lock, so two
 * instances starting together apply each migration once and a failure leaves nothing half done.
 */
export async function migrate(db: Database, migrations: readonly Migration[] = MIGRATIONS): Promise<MigrationResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await tx.execute(sql`create table if not exists parley_migrations (
      tag text primary key,
      hash text not null,
      applied_at timestamptz not null default now()
    )`);
    const rows: unknown = await tx.execute(sql`select tag, hash from parley_migrations`);
    const done = new Map(resultRows<{ tag: string; hash: string }>(rows).map((r) => [r.tag, r.hash]));
    const applied: string[] = [];
    for (const migration of migrations) {
      const hash = done.get(migration.tag);
      if (hash !== undefined) {
        if (hash !== migration.hash) {
          throw new MigrationError(migration.tag, new Error("it was changed after being applied"));
        }
        continue;
      }
      try {
        for (const statement of migration.sql.split("--> statement-breakpoint")) {
          if (statement.trim()) await tx.execute(sql.raw(statement));
        }
      } catch (error) {
        throw new MigrationError(migration.tag, error);
      }
      await tx.execute(sql`insert into parley_migrations (tag, hash) values (${migration.tag}, ${migration.hash})`);
      applied.push(migration.tag);
    }
    return { applied };
  });
}

/** postgres.js returns the rows array itself; PGlite returns `{ rows }`. */
export function resultRows<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return (result as { rows?: T[] }).rows ?? [];
}
