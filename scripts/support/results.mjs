// Reads the machine-readable results that vitest and Playwright write, so the summary counts
// tests rather than guessing from exit codes.
import { existsSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { ROOT } from "./run.mjs";

const PACKAGE_FOLDERS = ["apps", "packages"];

/** The vitest JSON report path (relative to each package) for one leg. */
export const vitestReportPath = (leg) => `test-results/vitest-${leg}.json`;

function packageDirs() {
  return PACKAGE_FOLDERS.flatMap((folder) => {
    const dir = join(ROOT, folder);
    if (!existsSync(dir)) return [];
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(dir, entry.name));
  });
}

/** Deletes the reports a previous run left, so a crashed package cannot count old results. */
export function clearVitestReports(leg) {
  for (const dir of packageDirs()) {
    rmSync(join(dir, vitestReportPath(leg)), { force: true });
    rmSync(join(dir, vitestFileTimesPath(leg)), { force: true });
  }
}

/** Sums every package's vitest report of one leg: { passed, failed, skipped, files, failedTitles }. */
export function readVitestReports(leg) {
  const total = { passed: 0, failed: 0, skipped: 0, files: 0, failedTitles: [] };
  for (const dir of packageDirs()) {
    const file = join(dir, vitestReportPath(leg));
    if (!existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, "utf8"));
    total.passed += report.numPassedTests;
    total.failed += report.numFailedTests;
    total.skipped += report.numPendingTests + report.numTodoTests;
    total.files += (report.testResults ?? []).length;
    // A file that fails to load (syntax error, failing beforeAll) has no failed test of its own.
    for (const suite of report.testResults ?? []) {
      const where = relative(ROOT, suite.name ?? "");
      const failing = (suite.assertionResults ?? []).filter((t) => t.status === "failed");
      for (const test of failing) total.failedTitles.push(`${where} › ${test.fullName ?? test.title}`);
      if (suite.status === "failed" && failing.length === 0) {
        total.failed += 1;
        total.failedTitles.push(`${where} (did not load: ${String(suite.message ?? "").split("\n")[0]})`);
      }
    }
  }
  return total;
}

/** Per Playwright project: { passed, failed, flaky, skipped, flakyTitles, failedTitles } from the JSON reporter's file. */
export function readPlaywrightReport(file) {
  const byProject = new Map();
  if (!existsSync(file)) return byProject;
  const report = JSON.parse(readFileSync(file, "utf8"));
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const counts = byProject.get(test.projectName) ?? { passed: 0, failed: 0, flaky: 0, skipped: 0, flakyTitles: [], failedTitles: [] };
        byProject.set(test.projectName, counts);
        if (test.status === "expected") counts.passed += 1;
        else if (test.status === "flaky") {
          counts.passed += 1;
          counts.flaky += 1;
          counts.flakyTitles.push([...titles, spec.title].join(" › "));
        } else if (test.status === "skipped") counts.skipped += 1;
        else {
          counts.failed += 1;
          counts.failedTitles.push([...titles, spec.title].join(" › "));
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) visit(suite, [suite.title]);
  // Errors outside any test (a web server that never started, a config error) fail the run too.
  if ((report.errors ?? []).length > 0 && byProject.size === 0)
    byProject.set("(setup)", { passed: 0, failed: report.errors.length, flaky: 0, skipped: 0, flakyTitles: [], failedTitles: [] });
  return byProject;
}

/** Where vitest-file-times.mjs writes each file's time for one leg (relative to each package). */
export const vitestFileTimesPath = (leg) => `test-results/vitest-${leg}-files.json`;

/**
 * The `count` slowest test files of one vitest leg over every package: { file, seconds }, slowest
 * first, each file timed from its imports through its last hook.
 */
export function slowestVitestFiles(leg, count = 20) {
  const files = [];
  for (const dir of packageDirs()) {
    const file = join(dir, vitestFileTimesPath(leg));
    if (!existsSync(file)) continue;
    for (const entry of JSON.parse(readFileSync(file, "utf8")).files) files.push({ ...entry, file: relative(ROOT, entry.file) });
  }
  return files.sort((a, b) => b.seconds - a.seconds).slice(0, count);
}

/**
 * Per Playwright project, the `count` slowest spec files: { file, seconds } with seconds the sum of
 * the file's test durations in that project (retries included), slowest first.
 */
export function slowestPlaywrightFiles(reportFile, count = 20) {
  const byProject = new Map();
  if (!existsSync(reportFile)) return byProject;
  const report = JSON.parse(readFileSync(reportFile, "utf8"));
  const visit = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const files = byProject.get(test.projectName) ?? new Map();
        byProject.set(test.projectName, files);
        const ms = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
        files.set(file, (files.get(file) ?? 0) + ms);
      }
    }
    for (const child of suite.suites ?? []) visit(child, file);
  };
  for (const suite of report.suites ?? []) visit(suite, suite.file ?? suite.title);
  const slowest = new Map();
  for (const [project, files] of byProject) {
    const sorted = [...files].map(([file, ms]) => ({ file, seconds: ms / 1000 })).sort((a, b) => b.seconds - a.seconds);
    slowest.set(project, sorted.slice(0, count));
  }
  return slowest;
}
