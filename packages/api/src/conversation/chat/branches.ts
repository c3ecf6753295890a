import { and, eq, sql } from "drizzle-orm";
import { chatEntries, chatSessions, columnNames, resultRows, setColumns, type Database } from "@parley/db";
import { AppError } from "../../kit/errors";
import { SESSION_NOT_FOUND } from "./sessions";

/** The answer for an exchange that is not part of the conversation named with it. */
export const EXCHANGE_NOT_FOUND = "That message is not part of this conversation. Reload the conversation and try again.";

type TreeExchange = { id: number; parentEntryId: number | null };

/** Where an exchange stands among its siblings (the exchanges with the same parent), oldest first. */
export type SiblingInfo = { position: number; count: number; ids: number[] };

/** Exchanges with the same parent, keyed by that parent (null for first exchanges), oldest first. */
function childrenByParent<E extends TreeExchange>(exchanges: readonly E[]): Map<number | null, E[]> {
  const children = new Map<number | null, E[]>();
  // Exchanges come oldest first; a child always has a larger id than its parent.
  for (const exchange of [...exchanges].sort((a, b) => a.id - b.id)) {
    const list = children.get(exchange.parentEntryId);
    if (list) list.push(exchange);
    else children.set(exchange.parentEntryId, [exchange]);
  }
  return children;
}

/**
 * The newest exchange under `entryId` (itself included): children are newer than their parent,
 * so the newest one has none and ends the branch most recently added below that exchange.
 */
export function latestLeafUnder<E extends TreeExchange>(exchanges: readonly E[], entryId: number): number {
  const children = childrenByParent(exchanges);
  let latest = entryId;
  const stack = [entryId];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (id > latest) latest = id;
    for (const child of children.get(id) ?? []) stack.push(child.id);
  }
  return latest;
}

/**
 * The branch ending at `leafId`, oldest exchange first, following parents up. A leaf that is
 * missing from the exchanges (none stored yet) falls back to the newest exchange.
 */
export function branchOf<E extends TreeExchange>(exchanges: readonly E[], leafId: number | null): E[] {
  if (exchanges.length === 0) return [];
  const byId = new Map(exchanges.map((e) => [e.id, e]));
  let current = (leafId !== null ? byId.get(leafId) : undefined) ?? exchanges.reduce((a, b) => (b.id > a.id ? b : a));
  const branch: E[] = [];
  const seen = new Set<number>();
  for (;;) {
    branch.push(current);
    seen.add(current.id);
    const parent = current.parentEntryId === null ? undefined : byId.get(current.parentEntryId);
    if (!parent || seen.has(parent.id)) break;
    current = parent;
  }
  return branch.reverse();
}

/** Each exchange of `branch` with its siblings, for the '‹ 2/3 ›' switcher. */
export function siblingsOf<E extends TreeExchange>(exchanges: readonly E[], branch: readonly E[]): Map<number, SiblingInfo> {
  const children = childrenByParent(exchanges);
  return new Map(
    branch.map((exchange) => {
      const ids = (children.get(exchange.parentEntryId) ?? [exchange]).map((e) => e.id);
      return [exchange.id, { position: ids.indexOf(exchange.id) + 1, count: ids.length, ids }];
    }),
  );
}

/**
 * The exchange whose branch a reader sees. The owner sees the branch they are on; anyone else
 * reading a share sees its snapshot: the branch that was active when it was shared (or when its
 * owner last refreshed it), up to the exchange that ended it then. A comparison (compare_models set) read here gives its column 0,
 * the active one; reads that show every column check compare_models before calling this.
 */
export function readLeaf<E extends TreeExchange>(
  exchanges: readonly E[],
  session: { activeEntryId: number | null; sharedEntryId: number | null },
  asOwner: boolean,
): number | null {
  if (asOwner || session.sharedEntryId === null || !exchanges.some((e) => e.id === session.sharedEntryId)) return session.activeEntryId;
  return session.sharedEntryId;
}

/**
 * Whether a share's readers see something else than its owner does now: a follow-up, an edit, a
 * regenerated reply or another branch since its snapshot was taken (taking it again would change
 * the share). `sharedEntry` is the exchange the share remembers, as stored (null when it is gone):
 * where readLeaf and comparisonExchangesRead show readers the owner's own branch (no remembered
 * exchange, or one a comparison's column 0 does not hold), nothing is behind.
 */
export function shareIsBehind(
  session: { activeEntryId: number | null; sharedEntryId: number | null; compareModels: readonly string[] | null },
  sharedEntry: { compareColumn: number | null } | null,
): boolean {
  if (session.sharedEntryId === null || sharedEntry === null) return false;
  if (session.compareModels && sharedEntry.compareColumn !== 0) return false;
  return session.sharedEntryId !== session.activeEntryId;
}

/**
 * The exchanges of a comparison a reader sees, every column's. The owner sees them all; anyone
 * else reading a share sees its snapshot, as a chat's readers see its shared branch (readLeaf):
 * the turns it had when it was shared (or last refreshed). A share remembers column 0's newest
 * exchange then (`sharedEntryId`); each follow-up adds one exchange to every column, so the
 * snapshot is each column's first as many turns as column 0 had up to that exchange. A share
 * whose remembered exchange is not in column 0 (taken before it was a comparison) shows all.
 */
export function comparisonExchangesRead<E extends TreeExchange & { compareColumn: number | null }>(
  exchanges: readonly E[],
  session: { sharedEntryId: number | null },
  asOwner: boolean,
): E[] {
  const columns = exchanges.filter((e) => e.compareColumn !== null);
  const first = columns.filter((e) => e.compareColumn === 0);
  if (asOwner || session.sharedEntryId === null || !first.some((e) => e.id === session.sharedEntryId)) return columns;
  const turns = branchOf(first, session.sharedEntryId).length;
  const seen = new Map<number, number>();
  // Exchanges come oldest first: a column's first `turns` are the ones it had then.
  return columns.filter((e) => {
    const count = (seen.get(e.compareColumn!) ?? 0) + 1;
    seen.set(e.compareColumn!, count);
    return count <= turns;
  });
}

/**
 * Makes the caller's session show the branch through `entryId`: the newest exchange under it
 * becomes the active one. Only the owner switches; anything else is NOT_FOUND.
 */
export async function switchBranch(db: Database, userId: string, sessionId: number, entryId: number) {
  const [session] = await db
    .select({ id: chatSessions.id })
    .from(chatSessions)
    .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId)))
    .limit(1);
  if (!session) throw new AppError("NOT_FOUND", SESSION_NOT_FOUND);
  // The newest exchange in the subtree below the chosen one, walked in the database.
  const c = (column: Parameters<typeof columnNames>[0]) => sql`c.${columnNames(column)}`;
  const rows = resultRows<{ leaf: number | string | null }>(
    await db.execute(
      sql`with recursive below as (
        select ${chatEntries.id} as id from ${chatEntries} where ${chatEntries.id} = ${entryId}::bigint and ${chatEntries.sessionId} = ${sessionId}::bigint
        union all
        select ${c(chatEntries.id)} from ${chatEntries} c join below b on ${c(chatEntries.parentEntryId)} = b.id where ${c(chatEntries.sessionId)} = ${sessionId}::bigint
      ),
      leaf as (select max(id) as id from below),
      moved as (
        update ${chatSessions} set ${setColumns(chatSessions, { activeEntryId: sql`(select id from leaf)` })}
        where ${chatSessions.id} = ${sessionId}::bigint and exists (select 1 from below)
        returning ${chatSessions.id}
      )
      select (select id from leaf) as leaf, (select count(*) from moved) as moved`,
    ),
  );
  const leaf = rows[0]?.leaf;
  if (leaf === null || leaf === undefined) throw new AppError("NOT_FOUND", EXCHANGE_NOT_FOUND);
  return { session_id: sessionId, active_entry_id: Number(leaf) };
}
