// Parley in its own process for scripts/bench/leaderboard.mjs: 1,000,000 generated votes over 40
// models are fitted as a refit fits them (every view: all votes and six categories, plainly and
// with style control), the times printed on stderr; the board then serves that fit, and the app
// (routes, REST, PGlite in a scratch directory, a stand-in sign-in `Bearer bench-<name>`) listens.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fitBoardTable, fitRatings, leaderboardOf, tabulateVotes, type VoteRecord } from "@parley/api";
import { createKeyVault } from "@parley/keys";
import { createDb, migrate } from "@parley/db";
import { buildApp } from "../src/app";
import { announceAndStopOnSigterm } from "./bench-process";
import { loadConfig } from "../src/config";

process.setSourceMapsEnabled(false);

const VOTES = Number(process.env.BENCH_VOTES ?? 1_000_000);
const MODELS = 40;
const CATEGORIES = ["general", "technology", "education", "health", "business", "entertainment"];

/** mulberry32: the same votes on every run. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Votes as the loaders make them: 60% pairs, 25% three-way, 15% four-way; a Luce choice with a first-place bonus and a taste for length. */
function generate(count: number): VoteRecord[] {
  const random = prng(42);
  const theta = Array.from({ length: MODELS }, (_, i) => 1.5 - (3 * i) / (MODELS - 1));
  const verbosity = Array.from({ length: MODELS }, () => 500 + random() * 2500);
  const records: VoteRecord[] = new Array(count);
  for (let v = 0; v < count; v++) {
    const r = random();
    const k = r < 0.6 ? 2 : r < 0.85 ? 3 : 4;
    const shown: number[] = [];
    while (shown.length < k) {
      const m = Math.floor(random() * MODELS);
      if (!shown.includes(m)) shown.push(m);
    }
    const lengths = shown.map((m) => Math.round(verbosity[m]! * (0.7 + 0.6 * random())));
    const markdown = shown.map(() => Math.floor(random() * 8));
    const mean = lengths.reduce((a, b) => a + b, 0) / k;
    const weights = shown.map((m, i) => Math.exp(theta[m]! + (i === 0 ? 0.1 : 0) + (0.3 * (lengths[i]! - mean)) / mean));
    let pick = random() * weights.reduce((a, b) => a + b, 0);
    let choice = 0;
    while ((pick -= weights[choice]!) > 0 && choice < k - 1) choice++;
    records[v] = {
      source: "post",
      comparisonId: `post:${Math.floor(v / 20)}`,
      shown: shown.map((m) => `bench:model-${m}`),
      choice: random() < 0.03 ? "tie" : choice,
      category: CATEGORIES[Math.floor(random() * CATEGORIES.length)]!,
      day: "2026-11-26",
      promptId: null,
      lengths,
      markdown,
    };
  }
  return records;
}

const dir = mkdtempSync(join(tmpdir(), "parley-leaderboard-bench-"));
const handle = await createDb(join(dir, "db"));
await migrate(handle.db);
const app = await buildApp({
  // The board is set below from the generated votes; no refit from the (empty) database replaces it while measured.
  config: loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dir, LEADERBOARD_REFIT_SECONDS: "86400" }),
  db: handle,
  logger: false,
  authenticator: {
    authenticate: async (header) => {
      const name = /^Bearer bench-(\w+)$/.exec(header ?? "")?.[1];
      return name ? { issuer: "https://bench.local", subject: name, claims: {} } : null;
    },
  },
  keys: createKeyVault(randomBytes(32)),
});
const board = leaderboardOf(handle.db);
await board.settled();

const generated = performance.now();
const records = generate(VOTES);
const generatedMs = performance.now() - generated;
// CPU time as well as wall time: on a busy machine the wall time is mostly waiting for a core.
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
const overall = performance.now();
const overallCpu = process.cpuUsage();
const fit = fitRatings(records, { position: true });
const overallMs = performance.now() - overall;
const overallCpuMs = cpuMs(overallCpu);
const full = performance.now();
const fullCpu = process.cpuUsage();
// As a refit does: the votes become the table the board keeps, then every view is fitted from it.
const table = await tabulateVotes(records);
const views = await fitBoardTable(table);
const fullMs = performance.now() - full;
const fullCpuMs = cpuMs(fullCpu);
const names = new Map(fit.ratings.map((row) => [row.key, { modelId: row.key, modelName: row.key.replace("bench:", "") }]));
board.latest = { fittedAt: new Date(), fitMs: fullMs, table, leftOut: [], names, views, byPrompt: new Map() };
// The board keeps the table, not the records (a refit drops them once fitted): the heap below is what it holds.
records.length = 0;
(globalThis as { gc?: () => void }).gc?.();
console.error(
  JSON.stringify({
    votes: VOTES,
    models: MODELS,
    generatedMs: Math.round(generatedMs),
    overallFitMs: Math.round(overallMs),
    overallFitCpuMs: Math.round(overallCpuMs),
    fullRefitCpuMs: Math.round(fullCpuMs),
    overallIterations: fit.iterations,
    fullRefitMs: Math.round(fullMs),
    views: views.size,
    heapMb: Math.round(process.memoryUsage().heapUsed / 1e6),
  }),
);
const url = await app.listen({ port: 0, host: "127.0.0.1" });
announceAndStopOnSigterm(app, handle, dir, url);
