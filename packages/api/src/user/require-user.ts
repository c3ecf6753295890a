import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { users, type Executor } from "@parley/db";
import type { AuthIdentity } from "../context";
import { AppError } from "../errors";

export type UserRow = typeof users.$inferSelect;

/** Shown when a signed-in caller has no account row yet (the /newUser step has not run). */
export const SETUP_REQUIRED_MESSAGE = "Finish setting up your account first.";

/** The account of a verified identity, or undefined. Issuer + subject, never email. */
export async function getUserByIdentity(db: Executor, identity: Pick<AuthIdentity, "issuer" | "subject">) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.issuer, identity.issuer), eq(users.subject, identity.subject)))
    .limit(1);
  return row;
}

/**
 * The caller's account, for every procedure that acts on the caller's own data (chat, posts,
 * settings). Throws NOT_FOUND with a clear message when account setup has not run.
 */
export async function requireUser(ctx: { db: Executor; auth: AuthIdentity }): Promise<UserRow> {
  const user = await getUserByIdentity(ctx.db, ctx.auth);
  if (!user) throw new AppError("NOT_FOUND", SETUP_REQUIRED_MESSAGE);
  return user;
}

/** last_seen_at is written at most this often per person, not on every request. */
export const LAST_SEEN_RESOLUTION_MS = 5 * 60_000;

/** Notes that the person used the app now, when what is stored is older than LAST_SEEN_RESOLUTION_MS. */
export async function touchLastSeen(db: Executor, user: UserRow, now: Date) {
  const stale = new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS);
  if (user.lastSeenAt && user.lastSeenAt >= stale) return;
  await db
    .update(users)
    // Being seen is not a change of the account: updated_at stays.
    .set({ lastSeenAt: now, updatedAt: sql`${users.updatedAt}` })
    .where(and(eq(users.id, user.id), or(isNull(users.lastSeenAt), lt(users.lastSeenAt, stale))));
}
