import type { PGlite } from "@electric-sql/pglite";

/**
 * Background work yielding to people's requests on the embedded database. PGlite runs one
 * statement at a time, in the order they come: a request that makes five statements while a
 * background job (the leaderboard's refit) makes its own waits behind one of the job's at each of
 * its five. A job that calls `whenQuiet` before each statement waits instead until no statement
 * is running and none ended in the last QUIET_GAP_MS (a request's next statement comes sooner),
 * or at most MAX_WAIT_MS, so it still moves on under constant load. PostgreSQL serves each
 * connection apart: nothing waits there.
 */
const QUIET_GAP_MS = 3;
const MAX_WAIT_MS = 100;

const QUIET = Symbol.for("parley.db.quiet");

/** Counts the statements and transactions running on a PGlite client (through its public methods); answers when it is quiet. */
export function trackQuiet(client: PGlite): () => Promise<void> {
  let running = 0;
  let lastEnded = 0;
  for (const name of ["query", "exec", "transaction"] as const) {
    const original = (client[name] as (...args: unknown[]) => Promise<unknown>).bind(client);
    const tracked = async (...args: unknown[]) => {
      running++;
      try {
        return await original(...args);
      } finally {
        running--;
        lastEnded = performance.now();
      }
    };
    Object.defineProperty(client, name, { value: tracked, configurable: true, writable: true });
  }
  return async () => {
    const started = performance.now();
    for (;;) {
      const now = performance.now();
      if ((running === 0 && now - lastEnded >= QUIET_GAP_MS) || now - started >= MAX_WAIT_MS) return;
      await new Promise((resolve) => setTimeout(resolve, running === 0 ? Math.max(1, QUIET_GAP_MS - (now - lastEnded)) : 1));
    }
  };
}

/** Marks a database (the object every domain function takes) with its client's `quiet`. */
export function markQuiet<T extends object>(db: T, quiet: () => Promise<void>): T {
  Object.defineProperty(db, QUIET, { value: quiet });
  return db;
}

/** Resolves when background work may make its next statement on this database (at once on PostgreSQL, and inside a transaction). */
export async function whenQuiet(db: object): Promise<void> {
  const quiet = (db as { [QUIET]?: () => Promise<void> })[QUIET];
  if (quiet) await quiet();
}
