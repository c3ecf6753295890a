import Fastify from "fastify";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { ColumnStops } from "@parley/api";
import { createDb, resultRows, type DbHandle } from "@parley/db";
import { createTestDb } from "@parley/db/testing";
import { connectStopChannel } from "../src/http/stop-channel";

// How a comparison column's Stop travels between instances without Redis: PostgreSQL
// LISTEN/NOTIFY on a shared database, and nowhere beyond the process on the embedded one. (With
// Redis, and through PostgreSQL while Redis is down: instances.test.ts.)

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const step of cleanups.reverse()) await step();
});

const key = { userId: "u1", sessionId: 7, column: 1 };

async function instance(db: DbHandle) {
  const app = Fastify();
  const stops = new ColumnStops();
  connectStopChannel(app, stops, { db, redis: null });
  await app.ready();
  cleanups.push(() => app.close());
  return stops;
}

describe("Stops between instances without Redis", () => {
  it("go through PostgreSQL NOTIFY on a shared database (PostgreSQL), or stay in the process (PGlite)", async () => {
    const fresh = await createTestDb();
    cleanups.push(() => fresh.close());
    const a = await instance(fresh);
    if (fresh.kind !== "postgres") {
      // The embedded database has one process: Stops reach columns of this process only.
      expect(fresh.notifications).toBeUndefined();
      const running = a.add(key);
      expect(a.stopHere({ ...key, column: 0 })).toBe(false);
      expect(running.signal.aborted).toBe(false);
      await a.broadcast(key);
      expect(running.signal.aborted).toBe(false);
      expect(a.stopHere(key)).toBe(true);
      expect(running.signal.aborted).toBe(true);
      return;
    }
    // A second process's connection to the same database.
    const [row] = resultRows<{ db: string }>(await fresh.db.execute(sql`select current_database() as db`));
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${row!.db}`;
    const other = await createDb(url.toString());
    cleanups.push(() => other.close());
    const b = await instance(other);

    const running = a.add(key);
    const neighbour = a.add({ ...key, column: 0 });
    const someoneElses = a.add({ ...key, userId: "u2" });
    // Listening starts in the background: Stops are sent until one arrives.
    await expect
      .poll(
        async () => {
          await b.broadcast(key);
          return running.signal.aborted;
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe(true);
    expect(neighbour.signal.aborted).toBe(false);
    expect(someoneElses.signal.aborted).toBe(false);
    // Malformed messages on the channel are ignored.
    for (const message of ["not json", "null", '{"userId":"u1","sessionId":"7","column":0}', '{"userId":1,"sessionId":7,"column":0}']) {
      await other.notifications!.notify("parley_stops", message);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(neighbour.signal.aborted).toBe(false);
    running.release();
    neighbour.release();
    someoneElses.release();
  });
});
