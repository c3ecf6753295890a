// Which databases the e2e suite runs against, and the web server Playwright starts for each.
import { spawnSync } from "node:child_process";
import type { PlaywrightTestConfig } from "@playwright/test";

type WebServer = Exclude<NonNullable<PlaywrightTestConfig["webServer"]>, unknown[]>;

export type E2eTarget = { name: "pglite" | "postgres"; port: number; baseURL: string };

const DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/postgres";
const BASE_PORT = Number(process.env.E2E_BASE_PORT ?? 3100);

/**
 * The PostgreSQL server the `postgres` project uses: TEST_DATABASE_URL, else the default local
 * address when it answers. Decided once in the runner; workers inherit the answer through the env.
 */
function findPostgres(): string | undefined {
  if (process.env.E2E_POSTGRES === "off") return undefined;
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  if (process.env.E2E_POSTGRES_FOUND === undefined) {
    const probe = spawnSync(process.execPath, ["e2e/support/probe-postgres.mjs", DEFAULT_POSTGRES_URL], { timeout: 10_000 });
    process.env.E2E_POSTGRES_FOUND = probe.status === 0 ? DEFAULT_POSTGRES_URL : "";
  }
  return process.env.E2E_POSTGRES_FOUND || undefined;
}

const postgresUrl = findPostgres();

/** One target per database: PGlite always, PostgreSQL when a server is there. */
export const targets: E2eTarget[] = [
  { name: "pglite" as const, port: BASE_PORT },
  ...(postgresUrl ? [{ name: "postgres" as const, port: BASE_PORT + 1 }] : []),
].map((target) => ({ ...target, baseURL: `http://localhost:${target.port}` }));

/** The built server on a fresh database (e2e/support/serve.mjs), ready when /readyz answers. */
export function webServerFor(target: E2eTarget): WebServer {
  return {
    name: target.name,
    command: `node e2e/support/serve.mjs ${target.name} ${target.port}`,
    url: `${target.baseURL}/readyz`,
    env: target.name === "postgres" && postgresUrl ? { TEST_DATABASE_URL: postgresUrl } : {},
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  };
}
