import { runStatement, stmt, type Database, type Statement } from "@parley/db";
import type { AuthIdentity } from "../../context";

/** Longest reply asked of a model in one exchange. */
export const MAX_REPLY_TOKENS = 2048;
/** Fewest output tokens worth calling a model for. */
export const MIN_REPLY_TOKENS = 32;

export type Reservation = { userId: string; reserved: number; free: boolean };

/**
 * Two common table expressions, `quota` and `reserved`, that reserve what a reply can cost
 * inside the statement that stores the message (DESIGN.md "Payments"), when `when` holds: the
 * subscription row is locked and a new month renews the allowance. The reservation is the
 * input estimate plus a reply budget of `reply` tokens, or half of what is left after the input
 * when that is less, but never under `minimum`; the reply is asked for no more than its budget.
 * Half, not all: sends made together each find something left, and a reply that ends gives back
 * what it did not use. `reserved` has no row when the input and `minimum` do not fit, so the
 * balance never goes below zero. Its row carries `reserved` and `free` (which counter was used).
 */
export function reservationCtes(userId: Statement, budget: { input: Statement; reply: number; minimum: number }, now: Date, when: Statement): Statement {
  const at = stmt`${now.toISOString()}::timestamptz`;
  const renew = stmt`${at} >= ((period_start at time zone 'UTC') + interval '1 month') at time zone 'UTC'`;
  const take = stmt`(${budget.input} + least(${budget.reply}::int, greatest(${budget.minimum}::int, (q.remaining - ${budget.input}) / 2)))`;
  return stmt`quota as (
      select user_id, plan = 'free' as free, ${renew} as renew,
        case when plan = 'free' then free_tokens_allowed else max_tokens_allowed end
          - case when ${renew} then 0 when plan = 'free' then free_tokens_used else tokens_used end as remaining
      from subscriptions where user_id = ${userId} and ${when}
      for update
    ),
    reserved as (
      update subscriptions s set
        period_start = case when q.renew then ${at} else s.period_start end,
        free_tokens_used = case when q.renew then 0 else s.free_tokens_used end + case when q.free then ${take} else 0 end,
        tokens_used = case when q.renew then 0 else s.tokens_used end + case when q.free then 0 else ${take} end
      from quota q
      where s.user_id = q.user_id and q.remaining >= ${budget.input} + ${budget.minimum}::int
      returning ${take} as reserved, q.free
    )`;
}

/**
 * Two common table expressions, `held` and `refund`, that end the hold of a reply: the hold row
 * goes, and what it held beyond `charged` goes back to the counter it came from. A hold already
 * settled (its process was taken for dead) is found by no one, so nothing is given back twice.
 * `held` carries `charged`, the part that stays spent.
 */
export function releaseHoldCtes(entryId: number, charged: number): Statement {
  const kept = stmt`least(greatest(0, ${charged}::int), h.tokens)`;
  return stmt`held as (
      delete from allowance_holds h where h.entry_id = ${entryId}::bigint
      returning h.user_id, h.tokens, h.free, ${kept} as charged
    ),
    refund as (
      update subscriptions s set
        free_tokens_used = case when h.free then greatest(0, s.free_tokens_used - (h.tokens - h.charged)) else s.free_tokens_used end,
        tokens_used = case when h.free then s.tokens_used else greatest(0, s.tokens_used - (h.tokens - h.charged)) end
      from held h
      where s.user_id = h.user_id and h.tokens > h.charged
      returning s.user_id
    )`;
}

/** Whether the caller has platform-paid replies in flight, holding part of their allowance. */
export async function repliesInFlight(db: Database, identity: Pick<AuthIdentity, "issuer" | "subject">): Promise<boolean> {
  const [row] = await runStatement<{ found: boolean }>(
    db,
    stmt`select exists (
        select 1 from allowance_holds where user_id = (select id from users where issuer = ${identity.issuer} and subject = ${identity.subject})
      ) as found`,
  );
  return Boolean(row?.found);
}

