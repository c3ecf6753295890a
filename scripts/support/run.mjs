// Runs one step of the test command with its output streamed to the terminal.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Path of a binary installed in the root node_modules (turbo, playwright). */
export const bin = (name) => `${ROOT}node_modules/.bin/${name}`;

/** Spawns `command args` in the repository root; resolves to { code, seconds } and never rejects. */
export function run(command, args, env = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1", ...env } });
    const done = (code) => resolve({ code, seconds: Math.round((Date.now() - started) / 1000) });
    child.on("error", (error) => {
      console.error(`Cannot run ${command}: ${error.message}`);
      done(127);
    });
    child.on("exit", (code, signal) => done(code ?? (signal ? 128 : 1)));
  });
}
