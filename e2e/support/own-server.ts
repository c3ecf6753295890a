// A spec's own server, for settings the shared e2e servers do not have (a platform key, a wait
// before new accounts' votes count, a trusted proxy): the built server on a fresh database of the
// project's kind (e2e/support/serve.mjs), on the project's port plus `offset`, started before the
// spec's tests and stopped after them.
import { spawn, type ChildProcess } from "node:child_process";
import { expect, test } from "@playwright/test";

export type OwnServer = { origin: string };

/** Registers beforeAll/afterAll hooks that run the server with `env`; its origin is set once it is ready. */
export function ownServer(offset: number, env: Record<string, string>): OwnServer {
  const own: OwnServer = { origin: "" };
  let server: ChildProcess | undefined;
  let exited: Promise<unknown> = Promise.resolve();
  test.beforeAll(async () => {
    const testInfo = test.info();
    test.setTimeout(120_000);
    const kind = testInfo.project.name;
    const port = Number(new URL(testInfo.project.use.baseURL!).port) + offset;
    own.origin = `http://localhost:${port}`;
    const postgres = process.env.TEST_DATABASE_URL || process.env.E2E_POSTGRES_FOUND || "postgres://postgres@127.0.0.1:5432/postgres";
    server = spawn(process.execPath, ["e2e/support/serve.mjs", kind, String(port)], {
      env: { ...process.env, ...env, ...(kind === "postgres" ? { TEST_DATABASE_URL: postgres } : {}) },
      stdio: ["ignore", "ignore", "inherit"],
    });
    exited = new Promise((resolve) => server!.once("exit", resolve));
    await expect
      .poll(
        () =>
          fetch(`${own.origin}/readyz`).then(
            (r) => r.ok,
            () => false,
          ),
        { timeout: 60_000 },
      )
      .toBe(true);
  });
  test.afterAll(async () => {
    server?.kill("SIGTERM");
    await exited;
  });
  return own;
}
