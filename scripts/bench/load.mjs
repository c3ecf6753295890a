// Measures URLs with autocannon: a short warm-up each, then fixed-length runs taken in turns
// (A B C, A B C) so a noisy moment on a small machine does not land on one URL only.
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
