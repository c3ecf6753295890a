import { once } from "node:events";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { prepareQueries } from "./pglite-prepared";
import { CASING } from "./statement";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The Drizzle database every domain function takes: PostgreSQL through postgres.js or PGlite. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handed to `db.transaction(async (tx) => ...)`; usable wherever a Database is. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** A database or a transaction: what data functions accept. */
export type Executor = Database | Transaction;

export type DbHandle = {
  db: Database;
  /** 'postgres' for a server reached over the network, 'pglite' for the embedded engine. */
  kind: "postgres" | "pglite";
  /** Round-trips `select 1`; rejects while the database is unreachable. */
  ping: () => Promise<void>;
  /** Closes every connection; in-flight queries finish first. */
  close: () => Promise<void>;
};

export type CreateDbOptions = {
  /** Pool size for postgres.js (default 10). */
  maxConnections?: number;
  /** Seconds to wait for a new PostgreSQL connection before failing (default 10). */
  connectTimeoutSeconds?: number;
};

/**
 * The embedded engine runs inside the server process, so its buffer pool is resident memory:
 * 32 MB instead of PostgreSQL's 128 MB default keeps an idle server about 110 MB smaller, and the
 * operating system still caches the data files. (A database that outgrows this is better served
 * by a PostgreSQL server.)
 */
const PGLITE_OPTIONS = { startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"] };

/**
 * A new data directory is created (PostgreSQL's initdb) in a worker thread that then ends: the
 * engine keeps most of what initdb used for as long as its thread lives, which on a first start
 * would otherwise stay with the server (about 450 MB).
 */
async function createDataDirApart(dir: string): Promise<void> {
  if (existsSync(join(dir, "PG_VERSION"))) return;
  const source = `import(${JSON.stringify(import.meta.resolve("@electric-sql/pglite"))})
    .then(async ({ PGlite }) => { const pg = new PGlite(${JSON.stringify(dir)}, ${JSON.stringify(PGLITE_OPTIONS)}); await pg.waitReady; await pg.close(); })
    .then(() => process.exit(0), (error) => { console.error(error); process.exit(1); });`;
  const worker = new Worker(source, { eval: true });
  const [code] = (await once(worker, "exit")) as [number];
  if (code !== 0) throw new Error(`Creating the database in ${dir} failed (exit code ${code}); see the error above.`);
}

const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//i.test(url);

/**
 * Opens the database named by `url`: `postgres://` and `postgresql://` URLs use postgres.js;
 * `memory://` is an in-memory PGlite; anything else is a PGlite data directory (created if missing).
 */
export async function createDb(url: string, options: CreateDbOptions = {}): Promise<DbHandle> {
  if (isPostgresUrl(url)) {
    const client = postgres(url, {
      max: options.maxConnections ?? 10,
      connect_timeout: options.connectTimeoutSeconds ?? 10,
      onnotice: () => {},
    });
    const db = drizzlePostgres({ client, schema, casing: CASING }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      ping: async () => {
        await client`select 1`;
      },
      close: () => client.end({ timeout: 5 }),
    };
  }
  let client: PGlite;
  if (url === "memory://" || url === "") {
    client = new PGlite(PGLITE_OPTIONS);
  } else {
    mkdirSync(url, { recursive: true });
    await createDataDirApart(url);
    client = new PGlite(url, PGLITE_OPTIONS);
  }
  await client.waitReady;
  prepareQueries(client);
  const db = drizzlePglite({ client, schema, casing: CASING }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
