// `pnpm bench:profile [path ...]`: where the built server spends its CPU under load. Starts it on
// a fresh PGlite with V8's CPU profiler, loads each path with autocannon (10 connections, after a
// 2 s warm-up), and prints the top frames by self time and by total time, as shares of the busy
// samples (idle left out). The profile itself (.cpuprofile, for Chrome's DevTools or speedscope)
// is kept when PROFILE_KEEP is set. Default path: GET /api/v1/messages/public.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import autocannon from "autocannon";
import { scratchFolder, startParley } from "./processes.mjs";
import { ROOT } from "../support/run.mjs";

const PORT = 3999;
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);
const TOP = Number(process.env.PROFILE_TOP ?? 20);
const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["/api/v1/messages/public"];

/** `name (file:line)` for a call frame, the file relative to the repository or to node_modules. */
function frameName({ functionName, url, lineNumber }) {
  if (!url) return functionName || "(anonymous)";
  let file = url.replace(/^file:\/\//, "");
  const modules = file.lastIndexOf("node_modules/");
  file = modules >= 0 ? file.slice(modules + "node_modules/".length).replace(/^\.pnpm\/[^/]+\/node_modules\//, "") : relative(ROOT, file);
  return `${functionName || "(anonymous)"} ${file}:${lineNumber + 1}`;
}

/**
 * Self and total samples per frame name over the last `seconds` of the profile (the measured
 * load, not start-up or warm-up); total counts a name once per stack (recursion).
 */
function summarize(profile, seconds) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map();
  const total = new Map();
  const from = profile.endTime - seconds * 1e6;
  let time = profile.startTime;
  let busy = 0;
  for (const [index, id] of profile.samples.entries()) {
    time += profile.timeDeltas[index];
    if (time < from) continue;
    const node = byId.get(id);
    const name = frameName(node.callFrame);
    if (name === "(idle)") continue;
    busy++;
    self.set(name, (self.get(name) ?? 0) + 1);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const stackName = frameName(byId.get(at).callFrame);
      if (seen.has(stackName) || stackName === "(root)") continue;
      seen.add(stackName);
      total.set(stackName, (total.get(stackName) ?? 0) + 1);
    }
  }
  return { busy, self, total };
}

function printTop(title, counts, busy) {
  console.log(`  ${title}`);
  const rows = [...counts].sort((a, b) => b[1] - a[1]).slice(0, TOP);
  for (const [name, samples] of rows) console.log(`    ${((100 * samples) / busy).toFixed(1).padStart(5)} %  ${name}`);
}

for (const path of paths) {
  const scratch = scratchFolder();
  const profiles = join(scratch.path, "profiles");
  const parley = await startParley({
    port: PORT,
    databaseUrl: join(scratch.path, "db"),
    dataDir: join(scratch.path, "data"),
    nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profiles}`],
  });
  try {
    const url = `${parley.url}${path}`;
    await autocannon({ url, connections: 10, duration: 2 });
    const result = await autocannon({ url, connections: 10, duration: SECONDS });
    if (result.errors > 0 || result.non2xx > 0) throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx`);
    console.log(`\n${path}: ${Math.round(result.requests.average)} req/s under the profiler`);
  } finally {
    await parley.stop();
  }
  // The main thread's profile is the largest; a worker that built the database writes its own.
  const files = readdirSync(profiles).map((name) => join(profiles, name));
  const main = files.map((file) => JSON.parse(readFileSync(file, "utf8"))).sort((a, b) => b.samples.length - a.samples.length)[0];
  const { busy, self, total } = summarize(main, SECONDS);
  console.log(`  ${busy} busy samples in the last ${SECONDS} s`);
  printTop("by self time", self, busy);
  printTop("by total time (the frame and what it calls)", total, busy);
  if (process.env.PROFILE_KEEP) console.log(`  profiles kept in ${profiles}`);
  else scratch.remove();
}
