import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { createKeyVault } from "@parley/keys";
import { createTestDb } from "@parley/db/testing";
import { buildApp } from "../src/app";
import { createLifecycle } from "../src/http/lifecycle";
import { loadConfig } from "../src/config";
import { openThroughProxy } from "./support/postgres-proxy";

const config = loadConfig({ LOG_LEVEL: "silent" });
const anonymous = { authenticate: async () => null };
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("/readyz follows the database", () => {
  it("is 503 with a JSON reason while PostgreSQL is unreachable, and 200 again when it returns", async (context) => {
    const fresh = await createTestDb();
    cleanups.push(() => fresh.close());
    if (fresh.kind !== "postgres") return context.skip("needs TEST_DATABASE_URL (the PostgreSQL leg runs it)");
    const { db, proxy } = await openThroughProxy(fresh, { connectTimeoutSeconds: 1 });
    cleanups.push(proxy.close);
    cleanups.push(() => db.close());
    const app = await buildApp({ config, db, authenticator: anonymous, keys: createKeyVault(randomBytes(32)), logger: false });
    cleanups.push(() => app.close());

    expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);

    proxy.refuse();
    const down = await app.inject({ method: "GET", url: "/readyz" });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: "unavailable", message: "The database is unreachable." });
    expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);

    proxy.restore();
    await expect.poll(async () => (await app.inject({ method: "GET", url: "/readyz" })).statusCode, { timeout: 10_000 }).toBe(200);
  });

  it("is 503 once the embedded database is closed", async () => {
    const db = await createTestDb();
    const app = await buildApp({ config, db, authenticator: anonymous, keys: createKeyVault(randomBytes(32)), logger: false });
    cleanups.push(() => app.close());
    expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    await db.close();
    const down = await app.inject({ method: "GET", url: "/readyz" });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: "unavailable" });
  });

  it("is 503 with a JSON reason while the server is shutting down", async () => {
    const db = await createTestDb();
    cleanups.push(() => db.close());
    const lifecycle = createLifecycle();
    const app = await buildApp({ config, db, authenticator: anonymous, keys: createKeyVault(randomBytes(32)), logger: false, lifecycle });
    expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    const stopped = lifecycle.stop(app, { graceMs: 1000, log: app.log });
    const draining = await app.inject({ method: "GET", url: "/readyz" });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ status: "unavailable", message: "The server is shutting down." });
    await stopped;
  });
});
