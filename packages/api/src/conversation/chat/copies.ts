import { eq, getTableName, sql } from "drizzle-orm";
import { batchesOf, chatEntries, chatSessions, resultRows, type Executor } from "@parley/db";

/**
 * An exchange written as part of a copy: its values, and its parent as the index of an earlier
 * exchange of the same copy (null: a first exchange). A chat's branch is a chain (each one's
 * parent the one before); a comparison's columns are one chain each.
 */
export type CopiedExchange = Omit<typeof chatEntries.$inferInsert, "id" | "sessionId" | "parentEntryId"> & { parent: number | null };

/** Ids for `count` new exchanges, ascending: drawn up front, so each exchange names its parent as it is written. */
export async function drawExchangeIds(db: Executor, count: number): Promise<number[]> {
  if (count === 0) return [];
  return resultRows<{ id: number }>(
    await db.execute(
      sql`select nextval(pg_get_serial_sequence(${getTableName(chatEntries)}, ${chatEntries.id.name}))::float8 as id from generate_series(1, ${count}::int)`,
    ),
  )
    .map((row) => Number(row.id))
    .sort((a, b) => a - b);
}

/**
 * Writes exchanges of a copy into `sessionId`, in batches: the k-th of `rows` is the copy's
 * exchange `from + k`, with the id `ids[from + k]` and the parent `ids[parent]` (ids from
 * drawExchangeIds). The one way copied exchanges are linked as branches: a conversation's copy,
 * a post's, a comparison's fork and an import all write them so. A copy written in several
 * steps (an import's bounded transactions) writes each step's rows with its `from`.
 */
export async function writeCopiedExchanges(db: Executor, sessionId: number, ids: readonly number[], rows: readonly CopiedExchange[], from = 0) {
  let at = from;
  for (const batch of batchesOf(rows)) {
    const first = at;
    await db
      .insert(chatEntries)
      .overridingSystemValue()
      .values(batch.map(({ parent, ...values }, k) => ({ ...values, id: ids[first + k]!, sessionId, parentEntryId: parent === null ? null : ids[parent]! })));
    at += batch.length;
  }
}

/** Where a copy of a conversation comes from: the conversation (and its owner) and, for a post's copy, the post. */
export type Lineage = { sessionId: number | null; userId: string | null; postId?: number | null };

/**
 * Copies a conversation into a new session of `userId`, in the caller's transaction: the session
 * with its lineage ('Forked from'), then its exchanges as branches (writeCopiedExchanges), the
 * session put on the exchange at `active` (the last by default) and, for a comparison, its
 * models. The one way every copy of a conversation is made: a clone of a chat or a share, a
 * post's copy ('Interact with this conversation'), a comparison post's fork.
 */
export async function copyConversation(
  db: Executor,
  copy: {
    id: number;
    userId: string;
    description: string;
    category: string;
    lineage: Lineage;
    now: Date;
    exchanges: readonly CopiedExchange[];
    active?: number | null;
    compareModels?: string[] | null;
  },
) {
  await db.insert(chatSessions).values({
    id: copy.id,
    userId: copy.userId,
    description: copy.description,
    category: copy.category,
    forkedFromSessionId: copy.lineage.sessionId,
    forkedFromUserId: copy.lineage.userId,
    forkedFromPostId: copy.lineage.postId ?? null,
    createdAt: copy.now,
    lastUpdated: copy.now,
  });
  const ids = await drawExchangeIds(db, copy.exchanges.length);
  await writeCopiedExchanges(db, copy.id, ids, copy.exchanges);
  const active = copy.active === undefined ? ids.length - 1 : copy.active;
  await db
    .update(chatSessions)
    .set({ activeEntryId: active === null ? null : (ids[active] ?? null), compareModels: copy.compareModels ?? null })
    .where(eq(chatSessions.id, copy.id));
  return ids;
}
