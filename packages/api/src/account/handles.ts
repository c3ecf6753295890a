import { and, eq, gt, inArray, lte, ne, sql } from "drizzle-orm";
import { DISCOVERY_LIMITS, handleBaseOf, isReservedHandle, numberedHandle } from "@parley/contracts";
import { handleHolds, users, type Database, type Executor } from "@parley/db";
import { AppError } from "../kit/errors";

/** Numbered handles looked at per query when the base is taken. */
const CANDIDATES_PER_READ = 50;
const DAY_MS = 86_400_000;

/** Whether a database error is a unique-constraint violation (SQLSTATE 23505), through wrappers. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 8; depth++) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Of `handles`, those someone has, or that are held for someone other than `userId` after `now`. */
async function unavailableHandles(db: Executor, handles: string[], userId: string, now: Date | ReturnType<typeof sql>) {
  const owned = await db
    .select({ handle: users.handle })
    .from(users)
    .where(and(inArray(users.handle, handles), ne(users.id, userId)));
  const held = await db
    .select({ handle: handleHolds.handle })
    .from(handleHolds)
    .where(and(inArray(handleHolds.handle, handles), ne(handleHolds.userId, userId), gt(handleHolds.heldUntil, now)));
  return new Set([...owned, ...held].map((row) => row.handle));
}

/** The first handle for `base` nobody has or holds: the base itself, else base-2, base-3... */
async function firstFreeHandle(db: Executor, userId: string, base: string): Promise<string> {
  for (let from = 1; ; from += CANDIDATES_PER_READ) {
    const candidates = Array.from({ length: CANDIDATES_PER_READ }, (_, i) => numberedHandle(base, from + i));
    const taken = await unavailableHandles(db, candidates, userId, sql`now()`);
    const free = candidates.find((handle) => !taken.has(handle));
    if (free) return free;
  }
}

/**
 * Gives a new account its handle from its display name. Two accounts created at the same time
 * may pick the same free handle: the unique index refuses the second, which takes the next one.
 */
export async function assignHandle(db: Executor, userId: string, name: string): Promise<string> {
  const base = handleBaseOf(name);
  for (let attempt = 0; ; attempt++) {
    const handle = await firstFreeHandle(db, userId, base);
    try {
      // A savepoint, so a refused handle leaves the surrounding transaction usable.
      await db.transaction((sp) => sp.update(users).set({ handle }).where(eq(users.id, userId)));
      return handle;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}

/**
 * Changes the caller's handle. A reserved handle is refused; one someone else has, or gave up
 * less than handleHoldDays ago, is a CONFLICT that says it is taken. The handle the caller gives
 * up is held for them for handleHoldDays, so links to their page do not lead to someone else.
 */
export async function changeHandle(db: Database, userId: string, handle: string, now: Date) {
  if (isReservedHandle(handle)) throw new AppError("BAD_REQUEST", `The handle '${handle}' is reserved. Pick another one.`);
  const conflict = new AppError("CONFLICT", `The handle '${handle}' is taken. Pick another one.`);
  if ((await unavailableHandles(db, [handle], userId, now)).size > 0) throw conflict;
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx.select({ handle: users.handle }).from(users).where(eq(users.id, userId)).for("update");
      if (current?.handle === handle) return;
      await tx.update(users).set({ handle }).where(eq(users.id, userId));
      // A hold made while this ran (its owner renamed away and committed first) is seen now.
      if ((await unavailableHandles(tx, [handle], userId, now)).size > 0) throw conflict;
      await tx.delete(handleHolds).where(and(eq(handleHolds.handle, handle), eq(handleHolds.userId, userId)));
      await tx.delete(handleHolds).where(lte(handleHolds.heldUntil, now));
      if (current?.handle) {
        const heldUntil = new Date(now.getTime() + DISCOVERY_LIMITS.handleHoldDays * DAY_MS);
        await tx
          .insert(handleHolds)
          .values({ handle: current.handle, userId, heldUntil })
          .onConflictDoUpdate({ target: handleHolds.handle, set: { userId, heldUntil } });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict;
    throw error;
  }
  return { handle };
}

/** The caller's own handle (null until one is given). */
export const ownHandleOf = (user: { handle: string | null }) => ({ handle: user.handle });
