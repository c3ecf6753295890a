import { and, eq, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { users, type Executor } from "@parley/db";
import type { AuthIdentity } from "../../kit/identity";
import type { Accounts } from "../../kit/ports";
import { AppError } from "../../kit/errors";
import { perDatabase } from "../../kit/per-database";

export type UserRow = typeof users.$inferSelect;

/** Shown when a signed-in caller has no account row yet (the /newUser step has not run). */
export const SETUP_REQUIRED_MESSAGE = "Finish setting up your account first.";

/** The account row of a verified identity: issuer + subject, never email. */
export function isIdentity(identity: Pick<AuthIdentity, "issuer" | "subject">): SQL {
  return and(eq(users.issuer, identity.issuer), eq(users.subject, identity.subject))!;
}

/** The id of a verified identity's account inside a statement (null when it has none yet). */
export function callerIdSql(identity: Pick<AuthIdentity, "issuer" | "subject">): SQL {
  return sql`(select ${users.id} from ${users} where ${isIdentity(identity)})`;
}

/** The account of a verified identity, or undefined. */
export async function getUserByIdentity(db: Executor, identity: Pick<AuthIdentity, "issuer" | "subject">) {
  const [row] = await db.select().from(users).where(isIdentity(identity)).limit(1);
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

/** What a read of the caller's own view needs of the account: its id. */
export type Viewer = Pick<UserRow, "id">;

type Remembered = { id: string; seenAt: number };
/** People remembered per database and process; past this, the longest remembered are forgotten first. */
const MAX_REMEMBERED = 10_000;
const rememberedIn = perDatabase(() => new Map<string, Remembered>());

/**
 * The caller's account id, for reads. An identity's account never changes once it exists
 * (accounts are neither deleted nor moved to another identity), so the id is remembered per
 * database and process and the read needs no query of its own; an identity without an account
 * yet is looked up every time, so setting it up takes effect at once. last_seen_at is still
 * written every LAST_SEEN_RESOLUTION_MS.
 */
export async function requireViewer(ctx: { db: Executor; auth: AuthIdentity }, now: Date): Promise<Viewer> {
  const remembered = rememberedIn(ctx.db);
  const key = `${ctx.auth.issuer}\n${ctx.auth.subject}`;
  const known = remembered.get(key);
  if (known) {
    if (now.getTime() - known.seenAt > LAST_SEEN_RESOLUTION_MS) {
      known.seenAt = now.getTime();
      await touchLastSeen(ctx.db, { id: known.id, lastSeenAt: null }, now);
    }
    return { id: known.id };
  }
  const user = await requireUser(ctx);
  await touchLastSeen(ctx.db, user, now);
  if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
  const storedSeen = user.lastSeenAt?.getTime() ?? 0;
  // touchLastSeen wrote `now` unless what was stored is recent enough.
  remembered.set(key, { id: user.id, seenAt: now.getTime() - storedSeen <= LAST_SEEN_RESOLUTION_MS ? storedSeen : now.getTime() });
  return { id: user.id };
}

/** Notes that the person used the app now, when what is stored is older than LAST_SEEN_RESOLUTION_MS. */
export async function touchLastSeen(db: Executor, user: Pick<UserRow, "id" | "lastSeenAt">, now: Date) {
  const stale = new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS);
  if (user.lastSeenAt && user.lastSeenAt >= stale) return;
  await db
    .update(users)
    // Being seen is not a change of the account: updated_at stays.
    .set({ lastSeenAt: now, updatedAt: sql`${users.updatedAt}` })
    .where(and(eq(users.id, user.id), or(isNull(users.lastSeenAt), lt(users.lastSeenAt, stale))));
}

/** The guards' way to the caller's account (the context's `accounts`, filled in by root/index.ts). */
export const accounts: Accounts = {
  load: async (ctx, now) => {
    const user = await requireUser(ctx);
    await touchLastSeen(ctx.db, user, now);
    return user;
  },
  viewer: requireViewer,
};
