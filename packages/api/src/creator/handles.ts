import { and, eq, ne, or, sql } from "drizzle-orm";
import { handleBaseOf } from "@parley/contracts";
import { users, type Executor } from "@parley/db";
import { AppError } from "../errors";

/** Whether a database error is a unique-constraint violation (SQLSTATE 23505), through wrappers. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 8; depth++) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The first free handle for `base`: the base itself, else base-2, base-3... */
async function firstFreeHandle(db: Executor, base: string): Promise<string> {
  const taken = await db
    .select({ handle: users.handle })
    .from(users)
    .where(or(eq(users.handle, base), sql`${users.handle} ~ ${`^${base}-[0-9]+$`}`));
  const used = new Set(taken.map((row) => row.handle));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Gives a new account its handle from its display name. Two accounts created at the same time
 * may pick the same free handle: the unique index refuses the second, which takes the next one.
 */
export async function assignHandle(db: Executor, userId: string, name: string): Promise<string> {
  const base = handleBaseOf(name);
  for (let attempt = 0; ; attempt++) {
    const handle = await firstFreeHandle(db, base);
    try {
      // A savepoint, so a refused handle leaves the surrounding transaction usable.
      await db.transaction((sp) => sp.update(users).set({ handle }).where(eq(users.id, userId)));
      return handle;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}

/** Changes the caller's handle; a handle someone else has is a CONFLICT that says so. */
export async function changeHandle(db: Executor, userId: string, handle: string) {
  const taken = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.handle, handle), ne(users.id, userId)))
    .limit(1);
  const conflict = new AppError("CONFLICT", `The handle '${handle}' is taken. Pick another one.`);
  if (taken.length > 0) throw conflict;
  try {
    await db.update(users).set({ handle }).where(eq(users.id, userId));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict;
    throw error;
  }
  return { handle };
}
