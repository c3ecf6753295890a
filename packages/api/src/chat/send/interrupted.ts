import { sql } from "drizzle-orm";
import { allowanceHolds, chatEntries, runStatement, setColumns, subscriptions, type Database } from "@parley/db";

/**
 * Longest a reply may stream, from the stored message to the stored reply; a reply still going
 * then is cut off as timed out (see streamReply).
 */
export const REPLY_TIMEOUT_MS = 5 * 60_000;
/** Time past the reply time-out for the last write, and for clocks of several servers to differ. */
const SETTLE_MARGIN_MS = 60_000;

/**
 * Settles replies whose server died while they streamed: every entry still pending after the
 * reply time-out (no live server can still be writing it) becomes 'error' with what was stored,
 * and its reserved allowance goes back in full. One statement: a hold is deleted by whoever
 * settles it first, so servers sharing a database may all run this at once and each
 * reservation is given back exactly once. A hold from before the allowance renewed is dropped
 * without a refund. Returns how many entries and tokens were settled.
 */
export async function settleInterruptedReplies(db: Database, now: Date): Promise<{ entries: number; tokens: number }> {
  const cutoff = sql`${new Date(now.getTime() - REPLY_TIMEOUT_MS - SETTLE_MARGIN_MS).toISOString()}::timestamptz`;
  const s = subscriptions;
  const holds = allowanceHolds;
  const [row] = await runStatement<{ entries: number; tokens: number }>(
    db,
    sql`with gone as (
        delete from ${holds} where ${holds.createdAt} < ${cutoff}
        returning ${holds.userId} as user_id, ${holds.tokens} as tokens, ${holds.free} as free, ${holds.createdAt} as created_at
      ),
      back as (
        select g.user_id,
          sum(case when g.free then g.tokens else 0 end)::int as free_tokens,
          sum(case when g.free then 0 else g.tokens end)::int as plan_tokens
        from gone g join ${s} on ${s.userId} = g.user_id
        where g.created_at >= ${s.periodStart}
        group by g.user_id
      ),
      refund as (
        update ${s} set ${setColumns(s, {
          freeTokensUsed: sql`greatest(0, ${s.freeTokensUsed} - b.free_tokens)`,
          tokensUsed: sql`greatest(0, ${s.tokensUsed} - b.plan_tokens)`,
        })}
        from back b
        where ${s.userId} = b.user_id
        returning ${s.userId}
      ),
      entries as (
        update ${chatEntries} set ${setColumns(chatEntries, { status: sql`'error'`, error: sql`'interrupted'` })}
        where ${chatEntries.status} = 'pending' and ${chatEntries.createdAt} < ${cutoff}
        returning ${chatEntries.id}
      )
      select (select count(*) from entries)::int as entries, (select coalesce(sum(tokens), 0) from gone)::int as tokens`,
  );
  return { entries: Number(row?.entries ?? 0), tokens: Number(row?.tokens ?? 0) };
}
