import { randomBytes } from "node:crypto";
import { createServer, connect, type Server, type Socket } from "node:net";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createKeyVault } from "@parley/api";
import { createDb, resultRows, type DbHandle } from "@parley/db";
import { createTestDb } from "@parley/db/testing";
import { buildApp } from "../src/app";
import { createLifecycle } from "../src/http/lifecycle";
import { loadConfig } from "../src/config";

const config = loadConfig({ LOG_LEVEL: "silent" });
const anonymous = { authenticate: async () => null };
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A TCP proxy in front of PostgreSQL that can cut every connection and refuse new ones. */
async function startCuttableProxy(target: { host: string; port: number }) {
  let open = true;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    if (!open) return client.destroy();
    const upstream = connect(target.port, target.host);
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    cut: () => {
      open = false;
      for (const socket of sockets) socket.destroy();
    },
    restore: () => {
      open = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("/readyz follows the database", () => {
  it("is 503 with a JSON reason while PostgreSQL is unreachable, and 200 again when it returns", async (context) => {
    const fresh = await createTestDb();
    cleanups.push(() => fresh.close());
    if (fresh.kind !== "postgres") return context.skip("needs TEST_DATABASE_URL (the PostgreSQL leg runs it)");
    const [{ db: name }] = resultRows<{ db: string }>(await fresh.db.execute(sql`select current_database() as db`)) as [{ db: string }];
    const base = new URL(process.env.TEST_DATABASE_URL!);
    const proxy = await startCuttableProxy({ host: base.hostname, port: Number(base.port || 5432) });
    cleanups.push(proxy.close);
    const viaProxy = new URL(base);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    viaProxy.pathname = `/${name}`;
    const db: DbHandle = await createDb(viaProxy.toString(), { connectTimeoutSeconds: 1 });
    cleanups.push(() => db.close());
    const app = await buildApp({ config, db, authenticator: anonymous, keys: createKeyVault(randomBytes(32)), logger: false });
    cleanups.push(() => app.close());

    expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);

    proxy.cut();
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
