import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { join } from "node:path";

/** The file in an embedded database directory that says which process has it open. */
export const LOCK_FILE = "parley.lock";

/** Thrown when another live process has the embedded database directory open. */
export class DatabaseLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`Parley is already running on ${dir} (pid ${pid}). Stop it first, or use another DATABASE_URL.`);
    this.name = "DatabaseLockedError";
  }
}

type Holder = { pid: number; started: string | null };

/**
 * When a process started, as the kernel counts it (Linux: clock ticks after boot); null where
 * that is not known. Together with the pid it tells a live holder from a later process that
 * happens to have been given the same pid.
 */
function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may contain spaces; field 22 is the start time.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Directories this process holds, so that a lock naming our own pid is told apart from a leftover. */
const held = new Set<string>();

function readHolder(path: string): Holder | null {
  try {
    const parsed = JSON.parse(readFileSync(path, "utf8")) as Partial<Holder>;
    return typeof parsed.pid === "number" ? { pid: parsed.pid, started: parsed.started ?? null } : null;
  } catch {
    return null;
  }
}

/** Whether the process that wrote the lock is still the one running under its pid. */
function holderIsRunning(holder: Holder, lockPath: string): boolean {
  if (holder.pid === process.pid) return held.has(lockPath);
  if (!isAlive(holder.pid)) return false;
  const started = startTimeOf(holder.pid);
  return holder.started === null || started === null || started === holder.started;
}

/**
 * Takes the embedded database directory `dir` for this process: a lock file created with O_EXCL
 * holding our pid and start time. A lock left by a process that is gone (killed, crashed) or
 * whose pid now belongs to another process is replaced. Returns the release function.
 * `shownAs` is the directory as the person configured it, for the message.
 */
export function lockDirectory(dir: string, shownAs: string = dir): () => void {
  const lockPath = join(dir, LOCK_FILE);
  const content = JSON.stringify({ pid: process.pid, started: startTimeOf(process.pid) });
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      try {
        writeSync(fd, content);
      } finally {
        closeSync(fd);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 0) {
        const holder = readHolder(lockPath);
        if (holder) throw new DatabaseLockedError(shownAs, holder.pid);
        throw error;
      }
      const holder = readHolder(lockPath);
      if (holder && holderIsRunning(holder, lockPath)) throw new DatabaseLockedError(shownAs, holder.pid);
      // A leftover (or an unreadable file): remove it and try once more.
      try {
        unlinkSync(lockPath);
      } catch (unlinkError) {
        if ((unlinkError as NodeJS.ErrnoException).code !== "ENOENT") throw unlinkError;
      }
    }
  }
  held.add(lockPath);
  const onExit = () => release();
  process.once("exit", onExit);
  let released = false;
  function release() {
    if (released) return;
    released = true;
    process.removeListener("exit", onExit);
    held.delete(lockPath);
    // Only our own lock is removed (never one another process took over meanwhile).
    if (readHolder(lockPath)?.pid === process.pid) {
      try {
        unlinkSync(lockPath);
      } catch {
        // Already gone.
      }
    }
  }
  return release;
}
