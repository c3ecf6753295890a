import { connect, createServer, type Socket } from "node:net";
import { sql } from "drizzle-orm";
import { createDb, resultRows, type CreateDbOptions, type DbHandle } from "@parley/db";
import type { createTestDb } from "@parley/db/testing";

/**
 * A TCP proxy in front of PostgreSQL. `hang()` keeps every connection open but stops passing
 * bytes (a peer gone without closing, packets dropped); `refuse()` closes everything and turns new
 * connections away; `restore()` forwards again.
 */
export async function startPostgresProxy(target: { host: string; port: number }) {
  let mode: "forward" | "hang" | "refuse" = "forward";
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    if (mode === "refuse") return client.destroy();
    const upstream = connect(target.port, target.host);
    trackPair(client, upstream, sockets);
    client.on("data", (chunk) => mode === "forward" && upstream.write(chunk));
    upstream.on("data", (chunk) => mode === "forward" && client.write(chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as { port: number }).port,
    hang: () => {
      mode = "hang";
    },
    refuse: () => {
      mode = "refuse";
      for (const socket of sockets) socket.destroy();
    },
    restore: () => {
      mode = "forward";
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type PostgresProxy = Awaited<ReturnType<typeof startPostgresProxy>>;

/** A second connection to a fresh PostgreSQL test database (from TEST_DATABASE_URL), through a proxy the test controls. */
export async function openThroughProxy(
  fresh: Awaited<ReturnType<typeof createTestDb>>,
  options: CreateDbOptions,
): Promise<{ db: DbHandle; proxy: PostgresProxy }> {
  const [{ db: name }] = resultRows<{ db: string }>(await fresh.db.execute(sql`select current_database() as db`)) as [{ db: string }];
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const proxy = await startPostgresProxy({ host: base.hostname, port: Number(base.port || 5432) });
  const viaProxy = new URL(base);
  viaProxy.hostname = "127.0.0.1";
  viaProxy.port = String(proxy.port);
  viaProxy.pathname = `/${name}`;
  return { db: await createDb(viaProxy.toString(), options), proxy };
}

/** Keeps a proxied client and its upstream in `sockets` while both are open; either closing or failing ends both. */
export function trackPair(client: Socket, upstream: Socket, sockets: Set<Socket>) {
  sockets.add(client).add(upstream);
  const drop = () => {
    client.destroy();
    upstream.destroy();
    sockets.delete(client);
    sockets.delete(upstream);
  };
  client.on("error", drop).on("close", drop);
  upstream.on("error", drop).on("close", drop);
}
