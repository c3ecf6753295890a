// The processes the time-to-first-token benches start (ttft.ts, ttft-browser.ts).
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { randomBytes } from "node:crypto";
import postgres from "postgres";

/** BENCH_CPU_PROFILE_DIR=dir writes a CPU profile of the Parley process there, to see where its time goes. */
const profile = (script: string) =>
  process.env.BENCH_CPU_PROFILE_DIR && script === "ttft-server.ts" ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE_DIR}`] : [];

export type Started<T> = { child: ChildProcess; ready: T };

/** Starts `script` (in this folder) under tsx and resolves with the JSON it prints once ready. */
export function start<T>(script: string, env: Record<string, string>): Promise<Started<T>> {
  const child = spawn(process.execPath, [...profile(script), "--import", "tsx", script], {
    cwd: import.meta.dirname,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // A bench that fails half-way leaves none of its processes behind.
  process.once("exit", () => child.kill("SIGTERM"));
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code} before it was ready`)));
    createInterface({ input: child.stdout! }).once("line", (line) => resolve({ child, ready: JSON.parse(line) as T }));
  });
}

/** Stops started processes and waits for them to exit. */
export async function stopAll(started: Started<unknown>[]) {
  for (const { child } of started) {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
export const p90 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)]!;

/**
 * With BENCH_DATABASE_URL, a new database on that PostgreSQL server for this run (what Parley
 * seals in it, such as its sign-in keys, belongs to this run's keys), and its removal; without,
 * nothing (Parley makes a scratch PGlite).
 */
export async function scratchDatabase(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const server = process.env.BENCH_DATABASE_URL;
  if (!server) return { env: {}, drop: async () => {} };
  const name = `parley_ttft_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = async (statement: string) => {
    const sql = postgres(server, { max: 1, onnotice: () => {} });
    try {
      await sql.unsafe(statement);
    } finally {
      await sql.end({ timeout: 1 });
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { env: { BENCH_DATABASE_URL: url.toString() }, drop: () => admin(`drop database if exists "${name}" with (force)`) };
}
