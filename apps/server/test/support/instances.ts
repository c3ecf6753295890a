// Several built servers (`node apps/server/dist/main.js`, as in production) on one database, and
// the TCP proxies in front of them: a round-robin load balancer that follows /readyz, and a
// proxy in front of Redis that a test can cut.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { connect, createServer, type Socket } from "node:net";
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
        if (await fetch(`${url}/readyz`).then((r) => r.ok, () => false)) return;
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

/**
 * A load balancer as a TCP proxy: each new connection goes to the next target whose /readyz
 * answered 200 at the last look (checked every 100 ms), in turn. `served` lists the target of
 * every connection so far.
 */
export async function startBalancer(targets: { name: string; port: number }[]) {
  const ready = new Map(targets.map((t) => [t.name, true]));
  const served: string[] = [];
  const sockets = new Set<Socket>();
  let next = 0;
  const check = setInterval(() => {
    for (const target of targets) {
      void fetch(`http://127.0.0.1:${target.port}/readyz`, { headers: { connection: "close" }, signal: AbortSignal.timeout(1000) }).then(
        (r) => ready.set(target.name, r.ok),
        () => ready.set(target.name, false),
      );
    }
  }, 100);
  const server = createServer((client) => {
    const candidates = targets.filter((t) => ready.get(t.name));
    if (candidates.length === 0) return client.destroy();
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
    close: () => {
      clearInterval(check);
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
