import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createKeyVault } from "@parley/keys";
import { createDb, isDatabaseUnavailable, resultRows } from "@parley/db";
import { createTestDb } from "@parley/db/testing";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { testIdentities } from "./support/chat-fixture";
import { openThroughProxy } from "./support/postgres-proxy";

const OUTAGE = { message: "The database is unavailable; try again shortly." };
const config = loadConfig({ LOG_LEVEL: "silent" });
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const as = { authorization: "Bearer test:outage" };

describe("API calls while the database is unavailable", () => {
  it("answer 503 with a JSON message over REST and tRPC, within the time-outs when the connection hangs, and 200 again once it is back", async (context) => {
    const fresh = await createTestDb();
    cleanups.push(() => fresh.close());
    if (fresh.kind !== "postgres") return context.skip("needs TEST_DATABASE_URL (the PostgreSQL leg runs it)");
    const { db, proxy } = await openThroughProxy(fresh, { connectTimeoutSeconds: 1, statementTimeoutMs: 1000 });
    cleanups.push(proxy.close);
    cleanups.push(() => db.close());
    const app = await buildApp({ config, db, authenticator: testIdentities, keys: createKeyVault(randomBytes(32)), logger: false });
    cleanups.push(() => app.close());

    const rest = () => app.inject({ method: "GET", url: "/api/v1/chat/getSessionHistory", headers: as });
    const trpc = () => app.inject({ method: "GET", url: "/trpc/chat.sessions", headers: as });
    const setup = await app.inject({ method: "POST", url: "/api/v1/user/addUser", headers: as, payload: { user: { name: "Outage" } } });
    expect(setup.statusCode).toBe(200);
    expect((await rest()).statusCode).toBe(200);
    expect((await trpc()).statusCode).toBe(200);

    // The pooled connections stay open but nothing comes back: the statement time-out ends the wait.
    proxy.hang();
    let started = Date.now();
    const hungRest = await rest();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(hungRest.statusCode).toBe(503);
    expect(hungRest.json()).toEqual(OUTAGE);
    started = Date.now();
    const hungTrpc = await trpc();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(hungTrpc.statusCode).toBe(503);
    expect(hungTrpc.json()).toMatchObject({ error: { message: OUTAGE.message, data: { code: "SERVICE_UNAVAILABLE", httpStatus: 503 } } });

    // The database is down behind the proxy: connections are accepted, then closed.
    proxy.refuse();
    const refusedRest = await rest();
    expect(refusedRest.statusCode).toBe(503);
    expect(refusedRest.json()).toEqual(OUTAGE);
    const refusedTrpc = await trpc();
    expect(refusedTrpc.statusCode).toBe(503);
    expect(refusedTrpc.json()).toMatchObject({ error: { message: OUTAGE.message, data: { code: "SERVICE_UNAVAILABLE" } } });

    // Back again: the same app answers without a restart.
    proxy.restore();
    await expect.poll(async () => (await rest()).statusCode, { timeout: 15_000 }).toBe(200);
    expect((await trpc()).statusCode).toBe(200);
  }, 60_000);

  it("a PostgreSQL server that refuses connections gives the same 503", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const db = await createDb(`postgres://postgres@127.0.0.1:${port}/parley`, { connectTimeoutSeconds: 1 });
    cleanups.push(() => db.close());
    // Sign-in by an external issuer: the embedded one would need the database to start.
    const external = loadConfig({ LOG_LEVEL: "silent", OIDC_ISSUER: "https://issuer.test/", OIDC_CLIENT_ID: "parley", OIDC_AUDIENCE: "parley-api" });
    const app = await buildApp({ config: external, db, authenticator: testIdentities, logger: false });
    cleanups.push(() => app.close());
    const rest = await app.inject({ method: "GET", url: "/api/v1/chat/getSessionHistory", headers: as });
    expect(rest.statusCode).toBe(503);
    expect(rest.json()).toEqual(OUTAGE);
    const trpc = await app.inject({ method: "POST", url: "/trpc/chat.delete", headers: as, payload: { id: 1 } });
    expect(trpc.statusCode).toBe(503);
    expect(trpc.json()).toMatchObject({ error: { message: OUTAGE.message, data: { code: "SERVICE_UNAVAILABLE" } } });
  });

  it("the statement time-out ends a statement that runs too long, with the same 503", async (context) => {
    const fresh = await createTestDb();
    cleanups.push(() => fresh.close());
    if (fresh.kind !== "postgres") return context.skip("needs TEST_DATABASE_URL (the PostgreSQL leg runs it)");
    const [{ db: name }] = resultRows<{ db: string }>(await fresh.db.execute(sql`select current_database() as db`)) as [{ db: string }];
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const db = await createDb(url.toString(), { statementTimeoutMs: 500 });
    cleanups.push(() => db.close());
    const started = Date.now();
    const error = await db.db.execute(sql`select pg_sleep(5)`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(Date.now() - started).toBeLessThan(3000);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(resultRows<{ n: number }>(await db.db.execute(sql`select 1 as n`))).toEqual([{ n: 1 }]);
    // Statements are short: no JIT compilation, which cost seconds on a tally's correlated subqueries.
    expect(resultRows<{ jit: string }>(await db.db.execute(sql`show jit`))).toEqual([{ jit: "off" }]);
  }, 30_000);

  it("the time-out settings leave the embedded database working", async () => {
    const db = await createDb("memory://", { statementTimeoutMs: 1000, connectTimeoutSeconds: 1 });
    cleanups.push(() => db.close());
    expect(resultRows<{ n: number }>(await db.db.execute(sql`select 1 as n`))).toEqual([{ n: 1 }]);
  });
});
