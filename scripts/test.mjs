// `pnpm test`: every check of the project in one run, then one summary.
// Legs: Chromium present → typecheck + lint and build (at once) → vitest on PGlite → vitest on PostgreSQL
// (TEST_DATABASE_URL, else a server found at the default address, else skipped and said so) →
// Playwright e2e in Chromium against the built server on each database. Exits non-zero if any leg failed.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { ensureChromium } from "./support/chromium.mjs";
import { DEFAULT_POSTGRES_URL, probePostgres, redactUrl } from "./support/postgres.mjs";
import {
  clearVitestReports,
  readPlaywrightReport,
  readVitestReports,
  slowestPlaywrightFiles,
  slowestVitestFiles,
  vitestFileTimesPath,
  vitestReportPath,
} from "./support/results.mjs";
import { bin, ROOT, run } from "./support/run.mjs";

const PLAYWRIGHT_REPORT = join(ROOT, "playwright-report", "results.json");
const startedAt = Date.now();
/** @type {{ name: string, status: "pass" | "fail" | "skip", detail: string, passed: number, failed: number, seconds?: number }[]} */
const legs = [];
/** Where each timed leg spent its time: its slowest test files, printed after the summary. */
/** @type {{ leg: string, files: { file: string, seconds: number }[] }[]} */
const slowest = [];
const SLOWEST_COUNT = 20;

function heading(text) {
  console.log(`\n==> ${text}\n`);
}

function record(name, ok, detail, passed = 0, failed = 0, seconds = undefined, failedTitles = []) {
  legs.push({ name, status: ok ? "pass" : "fail", detail, passed, failed, seconds, failedTitles });
}

/**
 * `turbo run <tasks>` for each leg, all at once (each output line names its package and task):
 * typecheck and lint need no build, and neither waits for the other's slowest package.
 * --continue so one failing package does not hide the others' errors. Resolves to each leg's ok.
 */
async function runTurboLegs(turboLegs) {
  heading(turboLegs.map((leg) => leg.name).join(", at the same time as "));
  const results = await Promise.all(turboLegs.map((leg) => run(bin("turbo"), ["run", ...leg.tasks, "--continue", "--output-logs=new-only"])));
  return turboLegs.map((leg, i) => {
    const { code, seconds } = results[i];
    record(leg.name, code === 0, code === 0 ? "" : `exit ${code}`, 0, 0, seconds);
    return code === 0;
  });
}

/** One vitest run over every package (`turbo run test`), counted from each package's JSON report. */
async function runVitest(leg, name, databaseUrl) {
  heading(name);
  clearVitestReports(leg);
  const args = [
    "--continue",
    "--output-logs=full",
    "--log-order=grouped",
    "--",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${vitestReportPath(leg)}`,
    `--reporter=${join(ROOT, "scripts/support/vitest-file-times.mjs")}`,
    `--outputFile.files=${vitestFileTimesPath(leg)}`,
    // A fresh PGlite per file (initdb + migrations) takes seconds on a busy 2-core machine;
    // vitest's 5 s / 10 s defaults turn that into false failures.
    "--testTimeout=30000",
    "--hookTimeout=60000",
  ];
  // An empty TEST_DATABASE_URL makes createTestDb use a fresh in-memory PGlite per test file.
  // The server's tests take most of the leg: they start at once, beside the other packages' (one
  // package at a time, all of them shorter together than the server's), instead of waiting for a
  // free slot behind them as turbo's own order had them do (about 80 s of a 330 s leg).
  const env = { TEST_DATABASE_URL: databaseUrl };
  const started = Date.now();
  const [server, others] = await Promise.all([
    run(bin("turbo"), ["run", "test", "--filter=@parley/server", ...args], env),
    run(bin("turbo"), ["run", "test", "--filter=!@parley/server", "--concurrency=1", ...args], env),
  ]);
  const code = server.code || others.code;
  const seconds = Math.round((Date.now() - started) / 1000);
  const counts = readVitestReports(leg);
  const where = databaseUrl ? ` on ${redactUrl(databaseUrl)}` : "";
  const detail = `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped in ${counts.files} files${where}`;
  record(name, code === 0 && counts.failed === 0, detail, counts.passed, counts.failed, seconds, counts.failedTitles);
  slowest.push({ leg: name, files: slowestVitestFiles(leg, SLOWEST_COUNT) });
}

/** Resolves the PostgreSQL admin URL for the PostgreSQL legs, or null (with the reason printed) to skip them. */
async function findPostgres() {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    const problem = await probePostgres(given);
    if (problem) {
      record("PostgreSQL", false, `TEST_DATABASE_URL=${redactUrl(given)} does not answer: ${problem}`);
      return null;
    }
    return given;
  }
  const problem = await probePostgres(DEFAULT_POSTGRES_URL);
  if (!problem) return DEFAULT_POSTGRES_URL;
  legs.push({
    name: "PostgreSQL legs",
    status: "skip",
    detail: `SKIPPED: no PostgreSQL at ${DEFAULT_POSTGRES_URL} (${problem}); set TEST_DATABASE_URL to run them`,
    passed: 0,
    failed: 0,
  });
  console.log(`\nPostgreSQL legs skipped: nothing answers at ${DEFAULT_POSTGRES_URL} and TEST_DATABASE_URL is not set.`);
  return null;
}

async function runE2e(postgresUrl) {
  const name = "e2e in Chromium";
  heading(`${name} (${postgresUrl ? "PGlite and PostgreSQL" : "PGlite"})`);
  rmSync(PLAYWRIGHT_REPORT, { force: true });
  const env = postgresUrl ? { TEST_DATABASE_URL: postgresUrl } : { TEST_DATABASE_URL: "", E2E_POSTGRES: "off" };
  const { code, seconds } = await run(bin("playwright"), ["test"], env);
  const projects = readPlaywrightReport(PLAYWRIGHT_REPORT);
  if (projects.size === 0) record(name, false, `no results (exit ${code}, ${seconds} s)`, 0, 1);
  for (const [project, counts] of projects) {
    const flaky = counts.flaky ? `, ${counts.flaky} flaky (passed on retry: ${counts.flakyTitles.join("; ")})` : "";
    const detail = `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped${flaky}`;
    // Both projects run in one Playwright run at once: each leg's wall time is that run's.
    record(`${name} (${project})`, counts.failed === 0 && code === 0, detail, counts.passed, counts.failed, seconds, counts.failedTitles);
  }
  for (const [project, files] of slowestPlaywrightFiles(PLAYWRIGHT_REPORT, SLOWEST_COUNT)) {
    slowest.push({ leg: `${name} (${project}), summed test time per spec file`, files });
  }
  if (projects.size > 0 && code !== 0 && [...projects.values()].every((c) => c.failed === 0)) {
    record(name, false, `playwright exited ${code} (see the errors above)`);
  }
  console.log(`\nSeconds for the e2e run: ${seconds}`);
}

function printSlowest() {
  for (const { leg, files } of slowest) {
    console.log(`\n==> The ${SLOWEST_COUNT} slowest test files: ${leg}\n`);
    if (files.length === 0) console.log("  (no report)");
    for (const { file, seconds } of files) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${file}`);
  }
}

function printSummary() {
  const width = Math.max(...legs.map((leg) => leg.name.length));
  console.log("\n==> Summary\n");
  let passed = 0;
  let failed = 0;
  for (const leg of legs) {
    // A leg that failed without a failing test (type error, build error, crash) counts as one failure.
    const legFailures = leg.status === "fail" ? Math.max(leg.failed, 1) : leg.failed;
    passed += leg.passed;
    failed += legFailures;
    const time = leg.seconds === undefined ? "" : `${leg.seconds} s`;
    console.log(`  ${leg.status.toUpperCase().padEnd(4)}  ${leg.name.padEnd(width)}  ${time.padStart(6)}  ${leg.detail}`);
    // The failing tests' names, so the summary (often all that is kept of a run) says what to look at.
    for (const title of leg.failedTitles) console.log(`        failed: ${title}`);
  }
  const minutes = ((Date.now() - startedAt) / 60000).toFixed(1);
  console.log(`\nTotal time: ${minutes} min. Counts are tests; a leg that failed without a failing test counts as 1 failed.`);
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0;
}

try {
  heading("Chromium");
  const version = ensureChromium();
  console.log(version);
  record("Chromium", true, version);
} catch (error) {
  console.error(`\n${error.message}`);
  process.exit(1);
}

const [, built] = await runTurboLegs([
  { name: "typecheck + lint", tasks: ["typecheck", "typecheck:node", "typecheck:e2e", "lint:code", "lint:cycles", "lint:format"] },
  { name: "build", tasks: ["build"] },
]);
await runVitest("pglite", "unit + integration (PGlite)", "");
const postgresUrl = await findPostgres();
if (postgresUrl) await runVitest("postgres", "unit + integration (PostgreSQL)", postgresUrl);
if (built) await runE2e(postgresUrl);
else record("e2e in Chromium", false, "not run: the build failed");

printSlowest();
process.exit(printSummary() ? 0 : 1);
