import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { prepareQueries } from "./pglite-prepared";
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
    const db = drizzlePostgres({ client, schema, casing: "snake_case" }) as unknown as Database;
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
    client = new PGlite();
  } else {
    mkdirSync(url, { recursive: true });
    client = new PGlite(url);
  }
  await client.waitReady;
  prepareQueries(client);
  const db = drizzlePglite({ client, schema, casing: "snake_case" }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
