// Starts the processes the benchmark measures: the built Parley server on a temporary PGlite,
// and a bare Fastify that answers the same JSON from memory.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { ROOT } from "../support/run.mjs";

/** Polls `url` until it answers 200 (or throws after `seconds`). */
async function waitForOk(url, child, seconds = 180) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process for ${url} exited with ${child.exitCode}`);
    const ok = await globalThis.fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

function stopper(child) {
  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
  };
}

/** `node [nodeArgs] apps/server/dist/main.js` on 127.0.0.1:`port` with the given database (see .env.example). */
export async function startParley({ port, databaseUrl, dataDir, nodeArgs = [] }) {
  const child = spawn(process.execPath, [...nodeArgs, "apps/server/dist/main.js"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = stopper(child);
  // A server that never got ready is stopped, not left holding the port (and this run's output).
  await waitForOk(`${url}/readyz`, child).catch(async (error) => {
    await stop();
    throw error;
  });
  return { url, pid: child.pid, stop };
}

/** A temporary folder for one benchmark run's databases; `remove()` deletes it. */
export function scratchFolder() {
  const path = mkdtempSync(join(tmpdir(), "parley-bench-"));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** A bare Fastify (the server's own copy) answering `body` at GET /, in its own process. */
export async function startBareFastify(port, body) {
  const fastifyPath = createRequire(join(ROOT, "apps/server/package.json")).resolve("fastify");
  const child = spawn(process.execPath, [join(ROOT, "scripts/bench/bare-server.mjs"), fastifyPath, String(port), JSON.stringify(body)], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForOk(url, child);
  return { url, pid: child.pid, stop: stopper(child) };
}

/** Resident memory of a process in MB, from /proc/<pid>/status (VmRSS). */
export function residentMegabytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]);
  return Math.round((kilobytes / 1024) * 10) / 10;
}
