// Measures URLs with autocannon: a short warm-up each, then fixed-length runs taken in turns
// (A B C, A B C) so a noisy moment on a small machine does not land on one URL only.
import { readFileSync } from "node:fs";
import autocannon from "autocannon";

export const LOAD = { connections: 10, seconds: 5, warmupSeconds: 2, rounds: 2 };

async function runOnce(url, seconds) {
  const result = await autocannon({ url, connections: LOAD.connections, duration: seconds });
  if (result.errors > 0 || result.non2xx > 0 || result.timeouts > 0) {
    throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx, ${result.timeouts} time-outs`);
  }
  return { requestsPerSecond: Math.round(result.requests.average), p99: result.latency.p99 };
}

/** For each URL, the best round: mean requests per second and that round's p99 latency (ms). */
export async function measureInTurns(urls) {
  for (const url of urls) await runOnce(url, LOAD.warmupSeconds);
  const best = urls.map(() => ({ requestsPerSecond: 0, p99: 0 }));
  for (let round = 0; round < LOAD.rounds; round++) {
    for (const [i, url] of urls.entries()) {
      const result = await runOnce(url, LOAD.seconds);
      if (result.requestsPerSecond > best[i].requestsPerSecond) best[i] = result;
    }
  }
  return best;
}

/** CPU time (user + system, ms) a process has used so far, from /proc/<pid>/stat (clock ticks of 10 ms). */
function cpuMilliseconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces) start at the closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks * 10;
}

export const CPU_REQUESTS = 20_000;

/**
 * Rounds of the CPU measures, best kept per URL. A round is short (a few seconds per URL), and on
 * a shared VM one URL's reading can land in a slow moment; the best of several is the cost of
 * the path itself, for the bare server and ours alike.
 */
export const CPU_ROUNDS = 5;

/** Requests per second for the paced CPU measure: well under what every path serves flat out here. */
export const PACED_RATE = 5000;

/**
 * Server CPU time per request: `CPU_REQUESTS` requests (10 connections) to each URL, the serving
 * process's CPU time before and after, best of `CPU_ROUNDS` rounds taken in turns. Unlike
 * requests per second, this hardly moves when other work shares the machine. With `rate`, the
 * requests are paced at that many per second (`rate` × 4 s of them), so every server answers
 * the same load; flat out, each answers as fast as it can, and a faster server shares the two
 * cores with a busier autocannon.
 */
export async function measureCpuPerRequest(targets, { rate } = {}) {
  const best = targets.map(() => Infinity);
  const amount = rate ? rate * 4 : CPU_REQUESTS;
  for (let round = 0; round < CPU_ROUNDS; round++) {
    for (const [i, { url, pid }] of targets.entries()) {
      const before = cpuMilliseconds(pid);
      const result = await autocannon({ url, connections: LOAD.connections, amount, ...(rate ? { overallRate: rate } : {}) });
      if (result.errors > 0 || result.non2xx > 0 || result.timeouts > 0) throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx`);
      const microseconds = ((cpuMilliseconds(pid) - before) * 1000) / amount;
      best[i] = Math.min(best[i], microseconds);
    }
  }
  return best;
}
