import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
import { createTestDataDir } from "@parley/db/testing";
import { freePort } from "./support/auth-flow";
import { ensureBuiltServer } from "./support/instances";

// Parley supports Node 20.19+ (package.json engines). oidc-provider prints "Unsupported runtime"
// on any Node older than 22 LTS; a supported start-up must not greet the operator with it.

const serverDir = fileURLToPath(new URL("..", import.meta.url));
const data = mkdtempSync(join(tmpdir(), "parley-runtime-"));
afterAll(() => rmSync(data, { recursive: true, force: true }));

it(`starting the server on this Node (${process.version}) prints no runtime warning, and the sign-in provider works`, async () => {
  // A migrated database: initdb and migrations are not what this is about (a first start on an
  // empty directory is tested in main.test.ts).
  await createTestDataDir(join(data, "db"));
  const port = await freePort();
  const child = spawn(process.execPath, [ensureBuiltServer()], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "info", DATA_DIR: data, DATABASE_URL: join(data, "db") },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on("exit", resolve));
  try {
    const deadline = Date.now() + 60_000;
    while (!output.includes("Parley is ready") && Date.now() < deadline && child.exitCode === null) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(output).toContain("Parley is ready");
    const discovery = await fetch(`http://127.0.0.1:${port}/oidc/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);
    expect(output).not.toMatch(/Unsupported runtime|oidc-provider WARNING/);
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}, 90_000);
