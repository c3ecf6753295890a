import { once } from "node:events";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { lockDirectory } from "./dir-lock";
import { watchedSocketFactory } from "./pg-socket";
import { prepareQueries, preparingClient } from "./fast-paths";
import { markQuiet, trackQuiet } from "./quiet";
import { CASING } from "./statement";
import * as schema from "./schema";
import type { Database } from "./database";

export type { Database, Executor, Schema, Transaction } from "./database";

export type DbHandle = {
  db: Database;
  /** 'postgres' for a server reached over the network, 'pglite' for the embedded engine. */
  kind: "postgres" | "pglite";
  /**
   * The fast paths into the client library this handle runs without, each as its start-up
   * self-check put it (the library is not the version they were written for, or lacks what they
   * use); the server logs them once. Absent or empty when every fast path is on.
   */
  fallbacks?: string[];
  /** Round-trips `select 1`; rejects while the database is unreachable. */
  ping: () => Promise<void>;
  /** Closes every connection; in-flight queries finish first. */
  close: () => Promise<void>;
  /**
   * PostgreSQL's LISTEN/NOTIFY, which reaches every process connected to the same database
   * (absent on the embedded engine, which one process owns). `listen` keeps one connection and
   * listens again after it is lost; it answers a function that stops listening.
   */
  notifications?: {
    listen: (channel: string, onMessage: (payload: string) => void) => Promise<() => Promise<void>>;
    notify: (channel: string, payload: string) => Promise<void>;
  };
};

export type CreateDbOptions = {
  /** Pool size for postgres.js (default 10). */
  maxConnections?: number;
  /** Seconds to wait for a new PostgreSQL connection before failing (default 10). */
  connectTimeoutSeconds?: number;
  /**
   * Longest a PostgreSQL statement may run, in milliseconds (the server's statement_timeout;
   * default 30000, 0 for none). A connection on which the server stays silent a second longer
   * is closed, so a dead connection fails its query instead of hanging.
   */
  statementTimeoutMs?: number;
  /** For `memory://`: start from this data directory (a tarball from PGlite's `dumpDataDir`). */
  loadDataDir?: Blob;
};

/** How much longer than the statement time-out a connection may stay silent before it is closed. */
const SILENCE_MARGIN_MS = 1000;

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
    const statementTimeoutMs = options.statementTimeoutMs ?? 30_000;
    const severalHosts = /^[^/]*\/\/[^/?]*,/.test(url);
    const client = postgres(url, {
      max: options.maxConnections ?? 10,
      connect_timeout: options.connectTimeoutSeconds ?? 10,
      onnotice: () => {},
      // JIT compilation off: Parley's statements are short, and one whose correlated subqueries
      // (a comparison's tally, which votes count) the planner costs above jit_above_cost spent
      // seconds compiling what runs in milliseconds.
      connection: { jit: "off", ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}) },
      ...(statementTimeoutMs > 0 && !severalHosts ? { socket: watchedSocketFactory(statementTimeoutMs + SILENCE_MARGIN_MS) } : {}),
    });
    const preparing = preparingClient(client);
    const db = drizzlePostgres({ client: preparing.client, schema, casing: CASING }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      fallbacks: preparing.finding === null ? [] : [preparing.finding],
      ping: async () => {
        await client`select 1`;
      },
      close: () => client.end({ timeout: 5 }),
      notifications: {
        listen: async (channel, onMessage) => {
          const { unlisten } = await client.listen(channel, onMessage);
          return async () => {
            await unlisten();
          };
        },
        notify: async (channel, payload) => {
          await client.notify(channel, payload);
        },
      },
    };
  }
  let client: PGlite;
  let unlock = () => {};
  if (url === "memory://" || url === "") {
    client = new PGlite({ ...PGLITE_OPTIONS, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
  } else {
    mkdirSync(url, { recursive: true });
    // One process at a time: two engines on one directory overwrite each other's writes.
    unlock = lockDirectory(url);
    try {
      await createDataDirApart(url);
      client = new PGlite(url, PGLITE_OPTIONS);
      await client.waitReady;
    } catch (error) {
      unlock();
      throw error;
    }
  }
  await client.waitReady;
  const finding = prepareQueries(client);
  const quiet = trackQuiet(client);
  const db = markQuiet(drizzlePglite({ client, schema, casing: CASING }) as unknown as Database, quiet);
  return {
    db,
    kind: "pglite",
    fallbacks: finding === null ? [] : [finding],
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}
