// End-to-end tests in Debian's Chromium against the built app, once per database (`pglite`
// always, `postgres` when TEST_DATABASE_URL is set or PostgreSQL answers on 127.0.0.1:5432).
// Run `pnpm build` first; `pnpm test` does everything in order.
import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import { targets, webServerFor } from "./e2e/support/servers";
import { CHROMIUM_PATH, HEADLESS_SHELL_PATH } from "./scripts/support/chromium.mjs";

const headed = process.argv.some((arg) => ["--headed", "--debug", "--ui"].includes(arg)) || Boolean(process.env.PWDEBUG);

const chromium = {
  browserName: "chromium" as const,
  launchOptions: {
    // Debian's Chromium headless shell for headless runs (scripts/support/chromium.mjs says why), the
    // full browser when a window is asked for (--headed, --debug, --ui) or the shell is not installed.
    executablePath: headed || !existsSync(HEADLESS_SHELL_PATH) ? CHROMIUM_PATH : HEADLESS_SHELL_PATH,
    // The closed network refuses Chromium's background connections; these keep it quiet.
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "test-results/e2e",
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // Three on two cores: a worker spends much of a test waiting on the servers and the streams
  // (measured on this machine: 422 s with three against 472 s with two for the whole suite).
  workers: 3,
  // Whole flows (sign-in state, several pages, streams, an accessibility check) on a 2-core machine
  // that also runs both servers and Chromium: 30 s was too tight for the longer ones under load.
  timeout: 60_000,
  globalTimeout: 45 * 60_000,
  // A single-page load took 7-8 s at load average 12 in CI: an assertion right after a navigation
  // waits up to 15 s there (a passing one returns as soon as it holds).
  expect: { timeout: process.env.CI ? 15_000 : 5_000 },
  reporter: [["list"], ["json", { outputFile: "playwright-report/results.json" }]],
  // Recording a trace of every test costs the 2-core machine CPU the tests need; in CI a failing
  // test is traced on its retry.
  use: { trace: process.env.CI ? "on-first-retry" : "retain-on-failure", screenshot: "only-on-failure" },
  projects: targets.map((target) => ({ name: target.name, use: { ...chromium, baseURL: target.baseURL } })),
  webServer: targets.map(webServerFor),
});
