import { TIMINGS } from "@parley/contracts";

const LOCK_NAME = "parley-auth";

/** Raised when another tab held the lock longer than the wait allows. */
export class LockTimeoutError extends Error {
  constructor() {
    super("Another tab is signing in; please try again in a moment.");
    this.name = "LockTimeoutError";
  }
}

/**
 * Runs `work` while holding a lock shared by every tab of this origin (Web Locks API), waiting at
 * most 5000 ms for it. Refresh tokens rotate on every use, so two tabs renewing at
 * once would spend the same token twice; the lock makes them take turns. Where the API is
 * missing (non-secure contexts such as plain http on a LAN address) the work runs unlocked.
 */
export async function withCrossTabLock<T>(work: () => Promise<T>, waitMs: number = TIMINGS.crossTabLockMs): Promise<T> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  if (!locks) return work();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), waitMs);
  try {
    return await locks.request(LOCK_NAME, { signal: controller.signal }, async () => {
      clearTimeout(timer);
      return work();
    });
  } catch (error) {
    if (controller.signal.aborted && error instanceof DOMException && error.name === "AbortError") throw new LockTimeoutError();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
