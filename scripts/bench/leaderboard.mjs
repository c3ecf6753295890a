// The leaderboard's figures (issue 29): a full refit of 1,000,000 votes over 40 models (target
// <= 5 s; the fit alone, from votes in memory: loading them from the database comes on top), and
// GET /api/v1/post/leaderboard's latency at 500 requests per second between refits (target p99
// <= 25 ms). The server runs in its own process (apps/server/bench/leaderboard-server.ts).
// BENCH_VOTES sets another number of votes. Prints figures, asserts nothing.
import { spawn } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import autocannon from "autocannon";

const ROOT = join(import.meta.dirname, "../..");
const RATE = 500;
const SECONDS = 10;
const TARGETS = { refitMs: 5000, p99Ms: 25 };
const verdict = (ok) => (ok ? "meets target" : "MISSES target");

function startServer() {
  const child = spawn(process.execPath, ["--expose-gc", "--import", "tsx", "leaderboard-server.ts"], { cwd: join(ROOT, "apps/server/bench"), stdio: ["ignore", "pipe", "pipe"] });
  let fitted;
  createInterface({ input: child.stderr }).on("line", (line) => {
    try {
      fitted = JSON.parse(line);
    } catch {
      process.stderr.write(`${line}\n`);
    }
  });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
    createInterface({ input: child.stdout }).once("line", (line) => {
      const exited = new Promise((done) => child.once("exit", done));
      resolve({ ...JSON.parse(line), fitted: () => fitted, stop: () => (child.kill("SIGTERM"), exited) });
    });
  });
}

export async function measureLeaderboard() {
  const server = await startServer();
  try {
    const headers = { authorization: "Bearer bench-reader", "content-type": "application/json" };
    const signUp = await globalThis.fetch(`${server.url}/api/v1/user/addUser`, { method: "POST", headers, body: JSON.stringify({ user: { name: "reader", email: "reader@example.com", nickname: "reader" } }) });
    if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}`);
    const url = `${server.url}/api/v1/post/leaderboard`;
    const first = await (await globalThis.fetch(url, { headers })).json();
    if (first.models?.length !== 40) throw new Error(`the board has ${first.models?.length} rows, not 40`);
    const fit = server.fitted();
    console.log(
      `Leaderboard (${fit.votes.toLocaleString("en-US")} votes over ${fit.models} models; 60% pairs, 25% three-way, 15% four-way; load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores)`,
    );
    console.log(`  overall fit (position corrected): ${fit.overallFitMs} ms (CPU ${fit.overallFitCpuMs} ms), ${fit.overallIterations} Newton steps`);
    console.log(
      `  full refit, ${fit.views} views (all votes and 6 categories, plain and style control): ${fit.fullRefitMs} ms, CPU ${fit.fullRefitCpuMs} ms (target ≤ ${TARGETS.refitMs} ms): ${verdict(fit.fullRefitMs <= TARGETS.refitMs)}`,
    );
    console.log(`  server heap with the votes (as the board keeps them) and the fit in memory, after a collection: ${fit.heapMb} MB`);
    await autocannon({ url, headers, connections: 10, overallRate: RATE, duration: 2 });
    const result = await autocannon({ url, headers, connections: 10, overallRate: RATE, duration: SECONDS });
    if (result.errors > 0 || result.non2xx > 0) throw new Error(`${result.errors} errors, ${result.non2xx} non-2xx answers`);
    console.log(
      `  GET /api/v1/post/leaderboard at ${RATE} req/s for ${SECONDS} s: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms (target ≤ ${TARGETS.p99Ms} ms): ${verdict(result.latency.p99 <= TARGETS.p99Ms)}`,
    );
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await measureLeaderboard();
