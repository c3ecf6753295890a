// Several built servers (`node apps/server/dist/main.js`, as in production) on one database, and
// the TCP proxies in front of them: a round-robin load balancer that follows /readyz, and a
// proxy in front of Redis that a test can cut.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { connect, createServer, type Socket } from "node:net";
import { setTimeout as delay } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { freePort } from "./auth-flow";
import { trackPair } from "./postgres-proxy";

const serverDir = fileURLToPath(new URL("../..", import.meta.url));
const builtServer = fileURLToPath(new URL("../../dist/main.js", import.meta.url));

// The server's sources and every workspace package's (the build bundles those it imports).
const packagesDir = fileURLToPath(new URL("../../../../packages", import.meta.url));
const sourceDirs = [fileURLToPath(new URL("../../src", import.meta.url)), ...readdirSync(packagesDir).map((name) => join(packagesDir, name, "src"))];

/** The newest modification time of any file under `dir`. */
function newestIn(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(path) : statSync(path).mtimeMs);
  }
  return newest;
}

let built = false;
const buildLock = fileURLToPath(new URL("../../dist/.building", import.meta.url));

const isStale = () => !existsSync(builtServer) || sourceDirs.some((dir) => existsSync(dir) && newestIn(dir) > statSync(builtServer).mtimeMs);

/**
 * The built server; (re)built here (esbuild, a few seconds) when it is missing or older than its
 * sources. Test files run in parallel: one builds while the others wait for it.
 */
export function ensureBuiltServer(): string {
  if (built) return builtServer;
  mkdirSync(dirname(buildLock), { recursive: true });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(buildLock);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`another build holds ${buildLock}; remove it if no build is running`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    if (isStale()) {
      const result = spawnSync(process.execPath, ["build.mjs"], { cwd: serverDir, stdio: "inherit" });
      if (result.status !== 0) throw new Error("building the server (node build.mjs) failed");
    }
  } finally {
    rmSync(buildLock, { recursive: true, force: true });
  }
  built = true;
  return builtServer;
}

export type Instance = {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
  /** The JSON log lines written so far. */
  logs: () => { msg?: string; level?: number; [key: string]: unknown }[];
  ready: () => Promise<void>;
};

/** Starts one built server on `port` with `env` (nothing else from this process's environment but PATH). */
export function startInstance(name: string, port: number, env: Record<string, string>): Instance {
  const child = spawn(process.execPath, [ensureBuiltServer()], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  return {
    name,
    port,
    url,
    child,
    exited,
    output: () => output,
    logs: () =>
      output
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => {
          try {
            return JSON.parse(line) as { msg?: string };
          } catch {
            return {};
          }
        }),
    ready: async () => {
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${output}`);
        if (
          await fetch(`${url}/readyz`).then(
            (r) => r.ok,
            () => false,
          )
        )
          return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`${name} did not become ready:\n${output}`);
    },
  };
}

/** Ends an instance still running (a failed test may leave one). */
export async function killInstance(instance: Instance) {
  if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill("SIGKILL");
  await instance.exited;
}

/** How long the balancer waits for an instance's /readyz: the server itself gives its database ping 2 s. */
const CHECK_TIMEOUT_MS = 2500;
/** Checks in a row that got no answer in time before the balancer takes an instance out. */
const UNANSWERED_TO_TAKE_OUT = 2;

/**
 * A load balancer as a TCP proxy: each new connection goes, in turn, to the next target it holds
 * ready. Each target's /readyz is checked 100 ms after its last check ended (one check at a time,
 * so a late answer never overrides a newer one). A target is taken in at its first 200 and taken
 * out at once when /readyz answers otherwise (a draining instance says so) or nothing listens;
 * a check that gets no answer in time counts only with another after it: on a busy machine this
 * process may itself be held off the CPU past the time-out, which would otherwise take out every
 * target at the same moment. With no target ready a connection gets a 503 that says so.
 * `served` lists the target of every connection so far; `allReady` waits until every target is in
 * (instances answering their own /readyz are not yet in: the balancer learns that at its next check).
 */
export async function startBalancer(targets: { name: string; port: number }[]) {
  const ready = new Map(targets.map((t) => [t.name, false]));
  const last = new Map(targets.map((t) => [t.name, "not checked yet"]));
  const served: string[] = [];
  const sockets = new Set<Socket>();
  const stop = new AbortController();
  let next = 0;
  const watch = async (target: { name: string; port: number }) => {
    let unanswered = 0;
    while (!stop.signal.aborted) {
      const outcome = await fetch(`http://127.0.0.1:${target.port}/readyz`, {
        headers: { connection: "close" },
        signal: AbortSignal.any([stop.signal, AbortSignal.timeout(CHECK_TIMEOUT_MS)]),
      }).then(
        async (response) => {
          await response.body?.cancel();
          return response.ok ? "ready" : `answered ${response.status}`;
        },
        (error: Error) => (error.name === "TimeoutError" ? "no answer" : `unreachable (${(error.cause as Error | undefined)?.message ?? error.message})`),
      );
      if (stop.signal.aborted) return;
      unanswered = outcome === "no answer" ? unanswered + 1 : 0;
      if (outcome === "ready") ready.set(target.name, true);
      else if (outcome !== "no answer" || unanswered >= UNANSWERED_TO_TAKE_OUT) ready.set(target.name, false);
      last.set(target.name, outcome);
      await delay(100, undefined, { signal: stop.signal }).catch(() => {});
    }
  };
  for (const target of targets) void watch(target);
  const states = () => targets.map((t) => `${t.name}: ${ready.get(t.name) ? "in" : "out"}, last check ${last.get(t.name)}`).join("; ");
  const server = createServer((client) => {
    const candidates = targets.filter((t) => ready.get(t.name));
    if (candidates.length === 0) {
      const body = `No instance is ready (${states()}).\n`;
      client.on("error", () => {});
      client.end(
        `HTTP/1.1 503 Service Unavailable\r\nconnection: close\r\ncontent-type: text/plain\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      return;
    }
    const target = candidates[next++ % candidates.length]!;
    served.push(target.name);
    pipe(client, connect(target.port, "127.0.0.1"), sockets);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    served,
    isReady: (name: string) => ready.get(name) ?? false,
    allReady: async (timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!targets.every((t) => ready.get(t.name))) {
        if (Date.now() > deadline) throw new Error(`the balancer did not take every instance in within ${timeoutMs} ms: ${states()}`);
        await delay(50);
      }
    },
    close: () => {
      stop.abort();
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A TCP proxy that can be cut (every connection closed, new ones refused) and restored. */
export async function startCuttableProxy(target: { host: string; port: number }) {
  let cut = false;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    if (cut) return client.destroy();
    pipe(client, connect(target.port, target.host), sockets);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as { port: number }).port,
    cut: () => {
      cut = true;
      for (const socket of sockets) socket.destroy();
    },
    restore: () => {
      cut = false;
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function pipe(client: Socket, upstream: Socket, sockets: Set<Socket>) {
  trackPair(client, upstream, sockets);
  client.pipe(upstream);
  upstream.pipe(client);
}

/** An empty PostgreSQL database (no migrations) on the server of `adminUrl`, dropped by `drop`. */
export async function createEmptyDatabase(adminUrl: string, prefix: string) {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end({ timeout: 1 });
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
      try {
        await sql.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await sql.end({ timeout: 1 });
      }
    },
  };
}

export { freePort };
