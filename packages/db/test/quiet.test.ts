import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, whenQuiet, type DbHandle } from "../src";

// Background work on the embedded database waits for people's statements to end before making
// its own (whenQuiet), and still moves on under constant load; elsewhere it never waits.

let handle: DbHandle;
beforeAll(async () => {
  handle = await createDb("memory://");
}, 60_000);
afterAll(() => handle.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A statement that keeps the engine busy for a while. */
const work = () => handle.db.execute(sql`select count(*) from generate_series(1, 10000)`);

describe("background work on the embedded database", () => {
  it("waits for a request's statements made one after another, not only the one running", async () => {
    const order: string[] = [];
    const request = (async () => {
      for (let i = 0; i < 4; i++) await work();
      order.push("request");
    })();
    await pause(1);
    await whenQuiet(handle.db);
    order.push("background");
    await request;
    expect(order).toEqual(["request", "background"]);
  });

  it("waits for a transaction, pauses inside it included", async () => {
    const order: string[] = [];
    const transaction = handle.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await pause(30);
      await tx.execute(sql`select 2`);
      order.push("transaction");
    });
    await pause(5);
    await whenQuiet(handle.db);
    order.push("background");
    await transaction;
    expect(order).toEqual(["transaction", "background"]);
  });

  it("moves on under constant load, and at once when nothing runs", async () => {
    let load = true;
    // Requests one after another, each arriving as a request does (from the network: a new task).
    const busy = (async () => {
      while (load) {
        await work();
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await pause(5);
    await whenQuiet(handle.db);
    const stillLoaded = load;
    load = false;
    await busy;
    expect(stillLoaded).toBe(true);
    await pause(20);
    let resolved = false;
    void whenQuiet(handle.db).then(() => (resolved = true));
    await pause(30);
    expect(resolved).toBe(true);
  });

  it("does not wait on what has no client of its own to watch (a transaction; PostgreSQL's connections serve each apart)", async () => {
    await handle.db.transaction(async (tx) => {
      let resolved = false;
      void whenQuiet(tx).then(() => (resolved = true));
      await tx.execute(sql`select 1`);
      expect(resolved).toBe(true);
    });
  });
});
