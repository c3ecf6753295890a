// The privacy check's figure (issue 30): scanning a 1,000-message conversation, findings and the
// text's hash included (target <= 50 ms), in its own process (packages/privacy/bench/scan-bench.ts).
// Prints figures, asserts nothing. `node scripts/bench/privacy.mjs` runs it alone.
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const TARGET_MS = 50;

export function measurePrivacyScan() {
  const run = spawnSync(process.execPath, ["--import", "tsx", "bench/scan-bench.ts"], {
    cwd: join(import.meta.dirname, "../../packages/privacy"),
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`the privacy bench failed: ${run.stderr}`);
  const figures = JSON.parse(run.stdout.trim().split("\n").at(-1));
  console.log(
    `\nPrivacy check: scanning ${figures.messages.toLocaleString("en-US")} messages (${figures.characters.toLocaleString("en-US")} characters, ${figures.findings} findings), 40 runs after 5 to warm up`,
  );
  console.log(
    `  wall time: median ${figures.medianMs} ms, p95 ${figures.p95Ms} ms, max ${figures.maxMs} ms (target ≤ ${TARGET_MS} ms): ${figures.medianMs <= TARGET_MS ? "meets target" : "MISSES target"}`,
  );
  console.log(`  CPU time:  median ${figures.cpuMedianMs} ms, p95 ${figures.cpuP95Ms} ms (what the wall time is on a machine with a core to spare)`);
  return figures;
}

if (process.argv[1] === import.meta.filename) measurePrivacyScan();
