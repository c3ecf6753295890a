import { spawn } from "node:child_process";
import { freePort } from "./auth-flow";

/** A private redis-server on a free loopback port, without persistence, for tests that need one to themselves. */
export async function startRedisServer(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) resolve();
    });
    child.on("exit", (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
  });
  return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill() };
}
