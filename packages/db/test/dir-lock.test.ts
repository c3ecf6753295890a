import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, DatabaseLockedError } from "../src";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), "parley-lock-"));
  dirs.push(dir);
  return join(dir, "db");
}

/** A lock file as another process would have left it. */
function leaveLock(dir: string, holder: { pid: number; started: string | null }) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "parley.lock"), JSON.stringify(holder));
}

function startTime(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
}

describe("the embedded database directory is open in one process at a time", () => {
  it("refuses a second open naming the holder's pid, and opens again once the first is closed", async () => {
    const dir = tempDir();
    const first = await createDb(dir);
    const second = createDb(dir);
    await expect(second).rejects.toBeInstanceOf(DatabaseLockedError);
    await expect(second).rejects.toThrow(`Parley is already running on ${dir} (pid ${process.pid})`);
    await first.close();
    const again = await createDb(dir);
    await again.close();
  }, 180_000);

  it("refuses while the process named in the lock is still the one running", async () => {
    const dir = tempDir();
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    try {
      leaveLock(dir, { pid: holder.pid!, started: startTime(holder.pid!) });
      await expect(createDb(dir)).rejects.toThrow(`Parley is already running on ${dir} (pid ${holder.pid})`);
    } finally {
      holder.kill("SIGKILL");
      await once(holder, "exit");
    }
  });

  it("takes over a lock whose process is gone, or whose pid now belongs to a different process", async () => {
    const gone = spawn(process.execPath, ["-e", "0"]);
    await once(gone, "exit");
    const dead = tempDir();
    leaveLock(dead, { pid: gone.pid!, started: "1" });
    await (await createDb(dead)).close();

    // The pid is alive, but it started at another time: not the process that wrote the lock.
    const reused = tempDir();
    leaveLock(reused, { pid: process.ppid, started: "1" });
    await (await createDb(reused)).close();
  }, 180_000);
});
