// `pnpm bench` (not part of the tests): throughput and latency of the API against a bare Fastify,
// the gzipped JavaScript of each page, the server's idle memory on each database, time to first
// token, the leaderboard's refit and endpoint (scripts/bench/leaderboard.mjs) and Lighthouse scores of three pages in Chromium. Needs a
// build (`pnpm bench` builds first). docs/performance.md records measured figures.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { measureRouteJs } from "./bench/bundle.mjs";
import { CHROMIUM, measureLighthouse } from "./bench/lighthouse.mjs";
import { measureLeaderboard } from "./bench/leaderboard.mjs";
import { CPU_REQUESTS, CPU_ROUNDS, LOAD, measureCpuPerRequest, measureInTurns, PACED_RATE } from "./bench/load.mjs";
import { residentMegabytes, scratchFolder, startBareFastify, startParley } from "./bench/processes.mjs";
import { createDatabase, DEFAULT_POSTGRES_URL, dropDatabase, probePostgres } from "./support/postgres.mjs";
import { measurePrivacyScan } from "./bench/privacy.mjs";

const TARGETS = { restRatio: 0.6, trpcRatio: 0.22, landingKb: 170, chatKb: 220, idleRssMb: 150 };
const IDLE_SECONDS = 5;
const PORT = Number(process.env.BENCH_PORT ?? 3201);
const verdict = (ok) => (ok ? "meets target" : "MISSES target");

/** Starts Parley, waits IDLE_SECONDS, reads its RSS; keeps it running when `keep` is set. */
async function idleRss(options, keep = false) {
  const parley = await startParley({ port: PORT, ...options });
  await sleep(IDLE_SECONDS * 1000);
  const megabytes = residentMegabytes(parley.pid);
  if (!keep) await parley.stop();
  return { parley, megabytes };
}

/** RSS of a Node process that loads nothing, IDLE_SECONDS after it starts: what any Node server begins with. */
async function bareNodeRss() {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 60_000)"], { stdio: "ignore" });
  try {
    await sleep(IDLE_SECONDS * 1000);
    return residentMegabytes(child.pid);
  } finally {
    child.kill("SIGTERM");
  }
}

async function measureHttp(parley) {
  const body = await (await globalThis.fetch(`${parley.url}/api/v1/messages/public`)).json();
  const trpc = await (await globalThis.fetch(`${parley.url}/trpc/messages.public`)).json();
  if (trpc?.result?.data?.text !== body.text) throw new Error(`tRPC answered ${JSON.stringify(trpc)}, not the REST message`);
  const bare = await startBareFastify(PORT + 1, body);
  try {
    const labels = ["bare Fastify (same JSON from memory)", "REST  GET /api/v1/messages/public", "tRPC  GET /trpc/messages.public"];
    const results = await measureInTurns([`${bare.url}/`, `${parley.url}/api/v1/messages/public`, `${parley.url}/trpc/messages.public`]);
    const rows = labels.map((label, i) => [label, results[i]]);
    const base = rows[0][1].requestsPerSecond;
    console.log("HTTP (mean requests/s, p99 latency, ratio to bare Fastify)");
    for (const [label, { requestsPerSecond, p99 }] of rows) {
      console.log(
        `  ${label.padEnd(40)} ${String(requestsPerSecond).padStart(7)} req/s   p99 ${String(p99).padStart(3)} ms   ${(requestsPerSecond / base).toFixed(2)}`,
      );
    }
    const restRatio = rows[1][1].requestsPerSecond / base;
    const trpcRatio = rows[2][1].requestsPerSecond / base;
    console.log(`  REST ratio ${restRatio.toFixed(2)} (target ≥ ${TARGETS.restRatio}): ${verdict(restRatio >= TARGETS.restRatio)}`);
    console.log(`  tRPC ratio ${trpcRatio.toFixed(2)} (target ≥ ${TARGETS.trpcRatio}): ${verdict(trpcRatio >= TARGETS.trpcRatio)}`);

    // Requests per second follow whatever else runs on the machine; the server's CPU time per
    // request hardly does. Its inverse ratio is what the throughput ratio is on an idle machine.
    const targets = [
      { url: `${bare.url}/`, pid: bare.pid },
      { url: `${parley.url}/api/v1/messages/public`, pid: parley.pid },
      { url: `${parley.url}/trpc/messages.public`, pid: parley.pid },
    ];
    const measures = [
      [`flat out, ${CPU_REQUESTS} requests per URL`, await measureCpuPerRequest(targets)],
      [`paced at ${PACED_RATE} requests/s, the same load on each`, await measureCpuPerRequest(targets, { rate: PACED_RATE })],
    ];
    for (const [how, cpu] of measures) {
      console.log(`\nServer CPU time per request (${how}, best of ${CPU_ROUNDS} taken in turns; ratio = bare's CPU time / this path's)`);
      for (const [i, label] of labels.entries()) {
        console.log(`  ${label.padEnd(40)} ${cpu[i].toFixed(1).padStart(7)} µs   ${(cpu[0] / cpu[i]).toFixed(2)}`);
      }
      console.log(`  REST ratio by CPU ${(cpu[0] / cpu[1]).toFixed(2)} (target ≥ ${TARGETS.restRatio}): ${verdict(cpu[0] / cpu[1] >= TARGETS.restRatio)}`);
      console.log(`  tRPC ratio by CPU ${(cpu[0] / cpu[2]).toFixed(2)} (target ≥ ${TARGETS.trpcRatio}): ${verdict(cpu[0] / cpu[2] >= TARGETS.trpcRatio)}`);
    }
  } finally {
    await bare.stop();
  }
}

async function postgresAdminUrl() {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  return (await probePostgres(DEFAULT_POSTGRES_URL)) ? null : DEFAULT_POSTGRES_URL;
}

console.log(
  `Parley benchmark: ${cpus().length} cores, Node ${process.version}, ${LOAD.connections} connections, best of ${LOAD.rounds} runs of ${LOAD.seconds} s taken in turns after a ${LOAD.warmupSeconds} s warm-up, 127.0.0.1 only, LOG_LEVEL=warn; load average before: ${loadavg()[0].toFixed(2)}\n`,
);

// BENCH_ONLY=http: the HTTP table alone (a fresh PGlite server against the bare Fastify), then stop.
if (process.env.BENCH_ONLY === "http") {
  const scratch = scratchFolder();
  const parley = await startParley({ port: PORT, databaseUrl: join(scratch.path, "db"), dataDir: join(scratch.path, "data") });
  try {
    await measureHttp(parley);
  } finally {
    await parley.stop();
    scratch.remove();
  }
  process.exit(0);
}

const scratch = scratchFolder();
const pglite = { databaseUrl: join(scratch.path, "db"), dataDir: join(scratch.path, "data") };
const memory = [];
try {
  const first = await idleRss(pglite, true);
  memory.push(["PGlite, first start (creates and migrates ./data)", first.megabytes]);
  try {
    await measureHttp(first.parley);
    memory.push(["PGlite, right after the load runs", residentMegabytes(first.parley.pid)]);
  } finally {
    await first.parley.stop();
  }
  memory.push(["PGlite, later start on the same data", (await idleRss(pglite)).megabytes]);
  const adminUrl = await postgresAdminUrl();
  if (adminUrl) {
    const database = await createDatabase(adminUrl, "parley_bench");
    try {
      memory.push([
        "PostgreSQL (DATABASE_URL=postgres://...)",
        (await idleRss({ databaseUrl: database.url, dataDir: join(scratch.path, "pg-data") })).megabytes,
      ]);
    } finally {
      await dropDatabase(adminUrl, database.name);
    }
  }
} finally {
  scratch.remove();
}

const bareNode = await bareNodeRss();
console.log(`\nServer memory (VmRSS, ${IDLE_SECONDS} s idle after /readyz; target ≤ ${TARGETS.idleRssMb} MB)`);
for (const [label, megabytes] of memory) {
  const judged = label.includes("after the load") ? "" : `   ${verdict(megabytes <= TARGETS.idleRssMb)}`;
  console.log(`  ${label.padEnd(50)} ${String(megabytes).padStart(6)} MB${judged}`);
}
console.log(`  ${"bare Node.js, same binary, nothing loaded".padEnd(50)} ${String(bareNode).padStart(6)} MB`);
// The floor: what the server adds to a bare Node is its own code and data (the PostgreSQL row);
// with PGlite, the engine (its WebAssembly memory with the buffer pool, its compiled code, its
// file bundle) comes on top in the same process, and it alone exceeds what the target leaves.
const later = memory.find(([label]) => label.startsWith("PGlite, later"))?.[1];
const postgresRss = memory.find(([label]) => label.startsWith("PostgreSQL"))?.[1];
if (later !== undefined && postgresRss !== undefined) {
  const own = Math.round(postgresRss - bareNode);
  const engine = Math.round(later - postgresRss);
  console.log(`  Parley's own share (PostgreSQL row - bare Node): ${own} MB; the embedded engine's (PGlite later start - PostgreSQL row): ${engine} MB.`);
  const room = Math.max(0, Math.round(TARGETS.idleRssMb - postgresRss));
  console.log(
    `  With PGlite the engine comes on top of all the PostgreSQL row holds: the ${TARGETS.idleRssMb} MB target leaves it ${room} MB and it takes ${engine} MB, so the target can hold with a PostgreSQL server only.`,
  );
}

console.log("\nJavaScript per page (gzip level 6, kB = 1000 bytes; entry chunk + static imports + the route's lazy chunks;");
console.log("  'after': chunks the page imports with import() and renders without, e.g. the markdown renderer and highlighter)");
try {
  const { entryKb, routes } = measureRouteJs();
  console.log(`  ${"entry (every page)".padEnd(40)} ${String(entryKb).padStart(7)} kB`);
  for (const route of routes) {
    const after = route.afterKb ? `+ ${route.afterKb} kB after` : "";
    console.log(`  ${route.path.padEnd(40)} ${String(route.kb).padStart(7)} kB ${after.padEnd(18)} ${route.source}`);
  }
  const landing = routes.find((route) => route.path === "/" && !route.layout)?.kb ?? entryKb;
  console.log(`  landing page / : ${landing} kB (target ≤ ${TARGETS.landingKb} kB): ${verdict(landing <= TARGETS.landingKb)}`);
  const chat = routes.find((route) => route.path === "/chat");
  if (chat) console.log(`  chat page /chat : ${chat.kb} kB (target ≤ ${TARGETS.chatKb} kB): ${verdict(chat.kb <= TARGETS.chatKb)}`);
} catch (error) {
  console.log(`  not measured: ${error.message} (does apps/web build?)`);
}

try {
  measurePrivacyScan();
} catch (error) {
  console.log(`  privacy check: not measured (${error.message})`);
}

console.log("");
// Streaming: time to first token through Parley against the provider directly (the app from its
// TypeScript sources through tsx, in its own process; see apps/server/bench/ttft.ts), then the same
// as the web app sees it in Chromium when it is installed (apps/server/bench/ttft-browser.ts).
const ttft = spawnSync(process.execPath, ["--import", "tsx", "bench/ttft.ts"], { cwd: "apps/server", stdio: "inherit" });
if (ttft.status !== 0) console.log(`  time to first token: not measured (exit ${ttft.status})`);
if (existsSync("/usr/bin/chromium")) {
  console.log("");
  const browser = spawnSync(process.execPath, ["--import", "tsx", "bench/ttft-browser.ts"], { cwd: "apps/server", stdio: "inherit" });
  if (browser.status !== 0) console.log(`  time to first token in Chromium: not measured (exit ${browser.status})`);
} else {
  console.log("  time to first token in Chromium: not measured (no /usr/bin/chromium)");
}

console.log("");
try {
  await measureLeaderboard();
} catch (error) {
  console.log(`  leaderboard: not measured (${error.message})`);
}

console.log("");
if (existsSync(CHROMIUM)) {
  const pagesScratch = scratchFolder();
  const parley = await startParley({ port: PORT, databaseUrl: join(pagesScratch.path, "db"), dataDir: join(pagesScratch.path, "data") });
  try {
    await measureLighthouse(parley.url);
  } catch (error) {
    console.log(`  Lighthouse: not measured (${error.message})`);
  } finally {
    await parley.stop();
    pagesScratch.remove();
  }
} else {
  console.log(`  Lighthouse: not measured (no ${CHROMIUM})`);
}
