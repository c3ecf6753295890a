import { sql, type SQL } from "drizzle-orm";
import { CHARS_PER_TOKEN, REQUEST_OVERHEAD_TOKENS } from "@parley/ai";
import { allowanceHolds, setColumns, subscriptions } from "@parley/db";

/** Longest reply asked of a model in one exchange. */
export const MAX_REPLY_TOKENS = 2048;
/** Fewest output tokens worth calling a model for. */
export const MIN_REPLY_TOKENS = 32;

/**
 * estimateInputTokens (@parley/ai) in SQL, over the count of characters (as length() gives it)
 * of all the texts a request sends: rounded up once, plus the request's overhead.
 */
export function inputEstimateSql(characters: SQL): SQL {
  return sql`(ceil((${characters})::numeric / ${sql.raw(String(CHARS_PER_TOKEN))})::int + ${sql.raw(String(REQUEST_OVERHEAD_TOKENS))})`;
}

/**
 * The most a reply may be asked for: what its reservation holds beyond its input estimate (never
 * under MIN_REPLY_TOKENS) when the platform pays, MAX_REPLY_TOKENS otherwise.
 */
export function replyTokenLimit(reservation: Reservation | undefined, inputEstimate: number): number {
  return reservation ? Math.max(MIN_REPLY_TOKENS, reservation.reserved - inputEstimate) : MAX_REPLY_TOKENS;
}

export type Reservation = { userId: string; reserved: number; free: boolean };

/**
 * Two common table expressions, `quota` and `reserved`, that reserve what a reply can cost
 * inside the statement that stores the message, when `when` holds: the
 * subscription row is locked and a new month renews the allowance. The reservation is the
 * input estimate plus a reply budget of `reply` tokens, or half of what is left after the input
 * when that is less, but never under `minimum`; the reply is asked for no more than its budget.
 * Half, not all: sends made together each find something left, and a reply that ends gives back
 * what it did not use. `reserved` has no row when the input and `minimum` do not fit, so the
 * balance never goes below zero. Its row carries `reserved` and `free` (which counter was used).
 */
export function reservationCtes(userId: SQL, budget: { input: SQL; reply: number | SQL; minimum: number | SQL }, now: Date, when: SQL): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const s = subscriptions;
  const renew = sql`${at} >= ((${s.periodStart} at time zone 'UTC') + interval '1 month') at time zone 'UTC'`;
  const take = sql`(${budget.input} + least(${budget.reply}::int, greatest(${budget.minimum}::int, (q.remaining - ${budget.input}) / 2)))`;
  return sql`quota as (
      select ${s.userId} as user_id, ${s.plan} = 'free' as free, ${renew} as renew,
        case when ${s.plan} = 'free' then ${s.freeTokensAllowed} else ${s.maxTokensAllowed} end
          - case when ${renew} then 0 when ${s.plan} = 'free' then ${s.freeTokensUsed} else ${s.tokensUsed} end as remaining
      from ${s} where ${s.userId} = ${userId} and ${when}
      for update
    ),
    reserved as (
      update ${s} set ${setColumns(s, {
        periodStart: sql`case when q.renew then ${at} else ${s.periodStart} end`,
        freeTokensUsed: sql`case when q.renew then 0 else ${s.freeTokensUsed} end + case when q.free then ${take} else 0 end`,
        tokensUsed: sql`case when q.renew then 0 else ${s.tokensUsed} end + case when q.free then 0 else ${take} end`,
      })}
      from quota q
      where ${s.userId} = q.user_id and q.remaining >= ${budget.input} + ${budget.minimum}::int
      returning ${take} as reserved, q.free
    )`;
}

/**
 * Two common table expressions, `held` and `refund`, that end the hold of a reply: the hold row
 * goes, and what it held beyond `charged` goes back to the counter it came from. A hold already
 * settled (its process was taken for dead) is found by no one, so nothing is given back twice.
 * `held` carries `charged`, the part that stays spent.
 */
export function releaseHoldCtes(entryId: number, charged: number): SQL {
  const s = subscriptions;
  const hold = allowanceHolds;
  return sql`held as (
      delete from ${hold} where ${hold.entryId} = ${entryId}::bigint
      returning ${hold.userId} as user_id, ${hold.tokens} as tokens, ${hold.free} as free,
        least(greatest(0, ${charged}::int), ${hold.tokens}) as charged
    ),
    refund as (
      update ${s} set ${setColumns(s, {
        freeTokensUsed: sql`case when h.free then greatest(0, ${s.freeTokensUsed} - (h.tokens - h.charged)) else ${s.freeTokensUsed} end`,
        tokensUsed: sql`case when h.free then ${s.tokensUsed} else greatest(0, ${s.tokensUsed} - (h.tokens - h.charged)) end`,
      })}
      from held h
      where ${s.userId} = h.user_id and h.tokens > h.charged
      returning ${s.userId}
    )`;
}
