import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import Fastify, { type FastifyInstance } from "fastify";
import { createLifecycle, type Lifecycle } from "../src/http/lifecycle";

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close().catch(() => undefined);
});

/** A listening Fastify app with a lifecycle attached, and the routes a test adds. */
async function listeningApp(addRoutes: (app: FastifyInstance, lifecycle: Lifecycle) => void) {
  const lifecycle = createLifecycle();
  const app = Fastify({ logger: false });
  apps.push(app);
  lifecycle.attach(app.server);
  addRoutes(app, lifecycle);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const port = (app.server.address() as { port: number }).port;
  return { lifecycle, app, port };
}

/** A raw keep-alive connection: what it has read so far, and a promise that it was closed. */
async function openConnection(port: number) {
  const socket: Socket = connect(port, "127.0.0.1");
  let text = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => (text += chunk));
  const closed = new Promise<number>((resolve) => socket.on("close", () => resolve(Date.now())));
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  return { socket, closed, read: () => text };
}

const request = (path: string) => `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`;

describe("stopping the server", () => {
  it("lets an answer in progress finish, then closes its keep-alive connection at once, long before the grace period", async () => {
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    let answer!: () => void;
    const released = new Promise<void>((resolve) => (answer = resolve));
    const { lifecycle, app, port } = await listeningApp((routes) =>
      routes.get("/slow", async () => {
        entered();
        await released;
        return { done: true };
      }),
    );
    const busy = await openConnection(port);
    busy.socket.write(request("/slow"));
    await inHandler;

    const started = Date.now();
    const stopped = lifecycle.stop(app, { graceMs: 20_000, log: app.log });
    expect(lifecycle.isDraining()).toBe(true);
    // The answer is still on its way: the connection stays open for it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(busy.socket.destroyed).toBe(false);

    answer();
    const closedAt = await busy.closed;
    expect(busy.read()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(busy.read()).toContain('{"done":true}');
    await stopped;
    expect(closedAt - started).toBeLessThan(5000);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("closes idle keep-alive connections and connections that never sent a request at once", async () => {
    const { lifecycle, app, port } = await listeningApp((routes) => routes.get("/fast", async () => ({ fast: true })));
    const used = await openConnection(port);
    used.socket.write(request("/fast"));
    await expect.poll(() => used.read()).toContain('{"fast":true}');
    const preconnected = await openConnection(port);

    const started = Date.now();
    await lifecycle.stop(app, { graceMs: 20_000, log: app.log });
    await Promise.all([used.closed, preconnected.closed]);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("ends streams when the grace period is over and closes what is still open after their last event", async () => {
    // A stream that only ends when the lifecycle's signal says so, and then writes its last event.
    const { lifecycle, app, port } = await listeningApp((routes, { signal }) =>
      routes.get("/stream", (_request, reply) => {
        reply.hijack();
        reply.raw.writeHead(200, { "content-type": "text/event-stream" });
        reply.raw.write("event: text\ndata: {}\n\n");
        signal.addEventListener("abort", () => reply.raw.end("event: error\ndata: {}\n\n"));
      }),
    );
    const streaming = await openConnection(port);
    streaming.socket.write(request("/stream"));
    await expect.poll(() => streaming.read()).toContain("event: text");

    const started = Date.now();
    await lifecycle.stop(app, { graceMs: 500, log: app.log });
    await streaming.closed;
    expect(lifecycle.signal.aborted).toBe(true);
    expect(streaming.read()).toContain("event: error");
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
