import { and, asc, desc, eq, sql } from "drizzle-orm";
import { chatEntries, chatSessions, users, type Executor } from "@parley/db";
import { AppError } from "../../kit/errors";
import { endShareGate } from "../../account/sharing/link-controls";
import { toSpecTimestamp } from "./timestamps";
import { isBlindBattle, refuseBlindBattle } from "./blind";

export type SessionRow = typeof chatSessions.$inferSelect;

/** The one answer for a session that is missing or not the caller's to see (never a 403). */
export const SESSION_NOT_FOUND = "Conversation not found. It may have been deleted, or it is not shared with you.";

/**
 * Where a session was copied from. A copy of a post names the post, never the
 * author's session behind it: that session is private to its author.
 */
export function presentForkedFrom(source: { sessionId: number | null; postId: number | null }, username: string | null) {
  if (source.sessionId === null && source.postId === null) return null;
  return { session_id: source.postId === null ? source.sessionId : null, post_id: source.postId, username };
}

/** The caller's conversations, newest first, as the conversation list reads them. */
export async function listSessions(db: Executor, userId: string) {
  return { sessions: await listSessionsByUser(db, userId) };
}

/** The caller's sessions, newest first. */
export async function listSessionsByUser(db: Executor, userId: string) {
  const rows = await db
    .select({
      id: chatSessions.id,
      description: chatSessions.description,
      category: chatSessions.category,
      lastUpdated: chatSessions.lastUpdated,
      sharedAt: chatSessions.sharedAt,
      compareModels: chatSessions.compareModels,
      battle: chatSessions.battle,
      forkedFromSessionId: chatSessions.forkedFromSessionId,
      forkedFromPostId: chatSessions.forkedFromPostId,
      forkedFromName: users.nickname,
      forkedFromFullName: users.name,
    })
    .from(chatSessions)
    .leftJoin(users, eq(users.id, chatSessions.forkedFromUserId))
    .where(eq(chatSessions.userId, userId))
    .orderBy(desc(chatSessions.lastUpdated), desc(chatSessions.id));
  return rows.map((row, index) => ({
    id: row.id,
    description: row.description,
    category: row.category,
    last_updated: toSpecTimestamp(row.lastUpdated),
    /** The most recently used conversation, the one a returning user continues. */
    active: index === 0,
    shared: row.sharedAt !== null,
    /** The compared models in column order while the session is a comparison; null otherwise, and while it is a blind battle. */
    compare_models: isBlindBattle(row) ? null : row.compareModels,
    /** 'blind' for a battle waiting for the caller's verdict, 'decided' after it; null for anything else. */
    battle: row.battle as "blind" | "decided" | null,
    forked_from: presentForkedFrom({ sessionId: row.forkedFromSessionId, postId: row.forkedFromPostId }, row.forkedFromName ?? row.forkedFromFullName ?? null),
  }));
}

/** Whether a read may open a blind battle: only the battle's own reads, which name no model, do. */
export type BlindBattles = { blindBattle?: "allow" };

/**
 * A session the caller owns, or NOT_FOUND. Ownership is part of the query. A blind battle is a
 * CONFLICT (refuseBlindBattle) unless the read says it names no model.
 */
export async function getOwnedSession(db: Executor, userId: string, sessionId: number, options: BlindBattles = {}): Promise<SessionRow> {
  const [row] = await db
    .select()
    .from(chatSessions)
    .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", SESSION_NOT_FOUND);
  if (options.blindBattle !== "allow") refuseBlindBattle(row);
  return row;
}

/**
 * Whether `userId` may read a session: its owner always; anyone else while its owner shares it
 * and no moderator hides it (hiding one of its posts hides it too).
 */
export function isSessionReadableBy(session: Pick<SessionRow, "userId" | "sharedAt" | "hiddenAt">, userId: string): boolean {
  return session.userId === userId || (session.sharedAt !== null && session.hiddenAt === null);
}

/** A session the caller may read (isSessionReadableBy). Otherwise NOT_FOUND; a blind battle is a CONFLICT (refuseBlindBattle). */
export async function getReadableSession(db: Executor, userId: string, sessionId: number): Promise<SessionRow> {
  const [row] = await db.select().from(chatSessions).where(eq(chatSessions.id, sessionId)).limit(1);
  if (!row || !isSessionReadableBy(row, userId)) throw new AppError("NOT_FOUND", SESSION_NOT_FOUND);
  refuseBlindBattle(row);
  return row;
}

/** A session's exchanges, oldest first. */
export async function listExchangesBySession(db: Executor, sessionId: number) {
  return db.select().from(chatEntries).where(eq(chatEntries.sessionId, sessionId)).orderBy(asc(chatEntries.createdAt), asc(chatEntries.id));
}

/** Deletes the caller's session; its entries go with it (foreign-key cascade). */
export async function deleteSession(db: Executor, userId: string, sessionId: number) {
  const deleted = await db
    .delete(chatSessions)
    .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId)))
    .returning({ id: chatSessions.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND", SESSION_NOT_FOUND);
  return { deleted: true as const, id: sessionId };
}

/** Marks the caller's session shared (read-only link) or not; a revoked link is 404 again. */
export async function setSessionShared(db: Executor, userId: string, sessionId: number, shared: boolean, now: Date) {
  // A blind battle is not shared: its readers would learn its models before its owner's verdict.
  if (shared) await getOwnedSession(db, userId, sessionId);
  const updated = await db
    .update(chatSessions)
    // A share shows the branch the owner is on when sharing.
    .set(shared ? { sharedAt: now, sharedEntryId: sql`${chatSessions.activeEntryId}` } : { sharedAt: null })
    .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId)))
    .returning({ id: chatSessions.id, sharedAt: chatSessions.sharedAt });
  if (updated.length === 0) throw new AppError("NOT_FOUND", SESSION_NOT_FOUND);
  // A share that ends forgets its controls and views: sharing again starts without them.
  if (!shared) await endShareGate(db, sessionId);
  return { id: sessionId, shared: updated[0]!.sharedAt !== null };
}
