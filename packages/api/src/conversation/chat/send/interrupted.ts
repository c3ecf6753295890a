import { sql } from "drizzle-orm";
import { allowanceHolds, chatEntries, columnNames, resultRows, serverInstances, setColumns, subscriptions, type Database } from "@parley/db";

/**
 * Longest a reply may stream, from the stored message to the stored reply; a reply still going
 * then is cut off as timed out (see streamReply).
 */
export const REPLY_TIMEOUT_MS = 5 * 60_000;
/** Time past the reply time-out for the last write, and for clocks of several servers to differ. */
const SETTLE_MARGIN_MS = 60_000;

/** How long an instance's lease lasts without a heartbeat, by default: its holds are settled within a minute of its end. */
export const DEFAULT_INSTANCE_LEASE_MS = 45_000;

export type SettleOptions = {
  /**
   * Every reply still pending was left by a process that is gone: on the embedded database at
   * start-up, where the directory lock proves no other process has it open.
   */
  everything?: boolean;
  /** How long an instance's lease lasts without a heartbeat (PostgreSQL shared by several instances). */
  leaseMs?: number;
};

/**
 * Settles replies whose server died while they streamed: their exchanges become 'error' with
 * what was stored, and their reserved allowance goes back in full. A reply is taken for dead
 * when (a) `everything` says no other process can be writing it, (b) its hold names an
 * instance whose lease ran out (no heartbeat for `leaseMs`; the lease goes too) or that has no
 * lease, or (c) it is older than the reply time-out (no live server can still be writing it;
 * this covers replies without a hold, paid with the user's own key or the demo). One statement:
 * a hold is deleted by whoever settles it first, so servers sharing a database may all run this
 * at once and each reservation is given back exactly once. A hold from before the allowance
 * renewed is dropped without a refund. Returns how many entries and tokens were settled.
 */
export async function settleInterruptedReplies(db: Database, now: Date, options: SettleOptions = {}): Promise<{ entries: number; tokens: number }> {
  const cutoff = sql`${new Date(now.getTime() - REPLY_TIMEOUT_MS - SETTLE_MARGIN_MS).toISOString()}::timestamptz`;
  const everything = options.everything === true;
  const leaseMs = options.leaseMs ?? DEFAULT_INSTANCE_LEASE_MS;
  const s = subscriptions;
  const holds = allowanceHolds;
  const leases = serverInstances;
  const [row] = resultRows<{ entries: number; tokens: number }>(
    await db.execute(
      sql`with dead as (
        delete from ${leases} where ${leases.heartbeatAt} < now() - ${leaseMs}::int * interval '1 millisecond'
        returning ${leases.id} as id
      ),
      gone as (
        delete from ${holds}
        where ${everything}::boolean or ${holds.createdAt} < ${cutoff}
          or ${holds.instanceId} in (select id from dead)
          or (${holds.instanceId} is not null and not exists (select 1 from ${leases} where ${leases.id} = ${holds.instanceId}))
        returning ${holds.entryId} as entry_id, ${holds.userId} as user_id, ${holds.tokens} as tokens, ${holds.free} as free, ${holds.createdAt} as created_at
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
        where ${chatEntries.status} = 'pending'
          and (${everything}::boolean or ${chatEntries.createdAt} < ${cutoff} or ${chatEntries.id} in (select entry_id from gone))
        returning ${chatEntries.id}
      )
      select (select count(*) from entries)::int as entries, (select coalesce(sum(tokens), 0) from gone)::int as tokens`,
    ),
  );
  return { entries: Number(row?.entries ?? 0), tokens: Number(row?.tokens ?? 0) };
}

/**
 * Takes or renews an instance's lease (its heartbeat). A lease another instance took for run
 * out (this one paused too long) is taken again: holds made since carry its id.
 */
export async function renewInstanceLease(db: Database, instance: string): Promise<void> {
  const leases = serverInstances;
  await db.execute(
    sql`insert into ${leases} (${columnNames(leases.id)}) values (${instance}::uuid)
      on conflict (${columnNames(leases.id)}) do update set ${setColumns(leases, { heartbeatAt: sql`now()` })}`,
  );
}

/** Gives up an instance's lease when it stops (its replies have ended by then). */
export async function endInstanceLease(db: Database, instance: string): Promise<void> {
  await db.execute(sql`delete from ${serverInstances} where ${serverInstances.id} = ${instance}::uuid`);
}
