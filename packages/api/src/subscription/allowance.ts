import { eq } from "drizzle-orm";
import { PLANS, type PlanId } from "@parley/contracts";
import { stmt, subscriptions, type Executor, type Statement } from "@parley/db";
import { AppError } from "../errors";
import { SETUP_REQUIRED_MESSAGE } from "../user/require-user";

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Fewest output tokens worth calling a model for. */
export const MIN_REPLY_TOKENS = 32;

/** A plan's allowance lives in the free_* columns for the free plan, in tokens_* otherwise. */
const isFree = (row: Pick<SubscriptionRow, "plan">) => row.plan === "free";
const usedOf = (row: SubscriptionRow) => (isFree(row) ? row.freeTokensUsed : row.tokensUsed);
const allowedOf = (row: SubscriptionRow) => (isFree(row) ? row.freeTokensAllowed : row.maxTokensAllowed);
const planOf = (row: Pick<SubscriptionRow, "plan">): PlanId => (row.plan in PLANS ? (row.plan as PlanId) : "free");

/** The message that says how to go on when the allowance is used up (HTTP 402). */
export function exhaustedMessage(plan: PlanId, allowed: number): string {
  return (
    `You have used all ${allowed.toLocaleString("en-US")} tokens of your ${PLANS[plan].label} plan this month. ` +
    "To keep chatting, add your own OpenAI or Claude key under Profile → API Keys, choose the offline demo model, or upgrade your plan."
  );
}

/**
 * One calendar month after `start` (UTC): when the allowance renews. A day the next month lacks
 * becomes its last day (31 January → 28 or 29 February), as PostgreSQL's `+ interval '1 month'`
 * does in the reservation below.
 */
export function periodEnd(start: Date): Date {
  const end = new Date(start);
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

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

/** Why a reservation found nothing to reserve: no account yet, or the allowance is used up (402). */
export async function refusal(db: Executor, userId: string): Promise<AppError> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  if (!row) return new AppError("NOT_FOUND", SETUP_REQUIRED_MESSAGE);
  return new AppError("PAYMENT_REQUIRED", exhaustedMessage(planOf(row), allowedOf(row)));
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

/** The subscription record of spec §3, read from the allowance. */
export async function getSubscriptionRecord(db: Executor, userId: string, now: Date) {
  const [stored] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  if (!stored) throw new AppError("NOT_FOUND", SETUP_REQUIRED_MESSAGE);
  // A month that is over counts as renewed here already; the next send stores the renewal.
  const row = now >= periodEnd(stored.periodStart) ? { ...stored, periodStart: now, tokensUsed: 0, freeTokensUsed: 0 } : stored;
  const plan = planOf(row);
  return {
    subscription_type: PLANS[plan].type,
    subscription_id: row.stripeSubscriptionId,
    tokens_used: row.tokensUsed,
    max_tokens_allowed: row.maxTokensAllowed,
    free_tokens_used: row.freeTokensUsed,
    free_tokens_allowed: row.freeTokensAllowed,
    plan,
    status: row.status,
    tokens_left: Math.max(0, allowedOf(row) - usedOf(row)),
    period_ends_at: periodEnd(row.periodStart).toISOString(),
  };
}
