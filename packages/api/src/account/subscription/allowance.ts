import { eq, sql } from "drizzle-orm";
import { PLANS, type PlanId } from "@parley/contracts";
import { allowanceHolds, resultRows, subscriptions, type Executor } from "@parley/db";
import { AppError } from "../../kit/errors";
import { SETUP_REQUIRED_MESSAGE } from "../user/require-user";

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** A plan's allowance lives in the free_* columns for the free plan, in tokens_* otherwise. */
const isFree = (row: Pick<SubscriptionRow, "plan">) => row.plan === "free";
const usedOf = (row: SubscriptionRow) => (isFree(row) ? row.freeTokensUsed : row.tokensUsed);
const allowedOf = (row: SubscriptionRow) => (isFree(row) ? row.freeTokensAllowed : row.maxTokensAllowed);
const planOf = (row: Pick<SubscriptionRow, "plan">): PlanId => (row.plan in PLANS ? (row.plan as PlanId) : "free");

const KEEP_CHATTING = "To keep chatting, add your own OpenAI or Claude key under Admin → API Keys, choose the offline demo model, or upgrade your plan.";

/**
 * What a refused send needs at least: its input estimate and the shortest reply of each of its
 * `replies` columns paid from the allowance (one for a chat message, up to four for a comparison).
 */
export type AllowanceNeed = { tokens: number; replies: number };

/**
 * The message that says how to go on when the allowance cannot cover a send (HTTP 402), the same
 * for a chat message, a comparison and a battle: all of it used, or, when some is left, what is
 * left and what the send needs.
 */
export function exhaustedMessage(plan: PlanId, allowed: number, left = 0, needs?: AllowanceNeed): string {
  const count = (n: number) => n.toLocaleString("en-US");
  const tokens = `tokens of your ${PLANS[plan].label} plan`;
  if (left <= 0) return `You have used all ${count(allowed)} ${tokens} this month. ${KEEP_CHATTING}`;
  const what =
    needs === undefined || needs.tokens <= left
      ? "which is not enough for this message"
      : `and this message needs at least ${count(needs.tokens)} (${
          needs.replies > 1
            ? `its text and the shortest reply of each of its ${needs.replies} models paid from your allowance`
            : "its text and the shortest reply"
        })`;
  return `You have ${count(left)} of the ${count(allowed)} ${tokens} left this month, ${what}. ${KEEP_CHATTING}`;
}

/** A send refused for its allowance: the user, and what the send needs at least when that is known. */
export class AllowanceRefusal extends AppError {
  constructor(
    message: string,
    readonly userId: string,
    readonly needs: AllowanceNeed | undefined,
  ) {
    super("PAYMENT_REQUIRED", message);
  }
}

/**
 * What is left of a user's allowance and what their replies in flight hold of it (and give back
 * in part when they end), read together in one statement, so each hold is counted once: either
 * as held or, once its reply ended, in what is left. A month that is over counts as renewed, and
 * holds from before then as nothing.
 */
export async function allowanceOutlook(db: Executor, userId: string, now: Date): Promise<{ plan: PlanId; allowed: number; left: number; held: number } | null> {
  const s = subscriptions;
  const h = allowanceHolds;
  const renewed = sql`${now.toISOString()}::timestamptz >= ((${s.periodStart} at time zone 'UTC') + interval '1 month') at time zone 'UTC'`;
  const [row] = resultRows<{ plan: string; allowed: number; used: number; renewed: boolean; held: number }>(
    await db.execute(
      sql`select ${s.plan} as plan,
        case when ${s.plan} = 'free' then ${s.freeTokensAllowed} else ${s.maxTokensAllowed} end as allowed,
        case when ${s.plan} = 'free' then ${s.freeTokensUsed} else ${s.tokensUsed} end as used,
        ${renewed} as renewed,
        (select coalesce(sum(${h.tokens}), 0) from ${h} where ${h.userId} = ${s.userId} and ${h.free} = (${s.plan} = 'free') and ${h.createdAt} >= ${s.periodStart})::int as held
      from ${s} where ${s.userId} = ${userId}::uuid`,
    ),
  );
  if (!row) return null;
  const allowed = Number(row.allowed);
  const renewedNow = Boolean(row.renewed);
  return {
    plan: planOf(row),
    allowed,
    left: Math.max(0, allowed - (renewedNow ? 0 : Number(row.used))),
    held: renewedNow ? 0 : Number(row.held),
  };
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

/**
 * Why a reservation found nothing to reserve: no account yet, or the allowance cannot cover the
 * message (402, saying what is left when the message needs more than that).
 */
export async function refusal(db: Executor, userId: string, needs?: AllowanceNeed, now = new Date()): Promise<AppError> {
  const outlook = await allowanceOutlook(db, userId, now);
  if (!outlook) return new AppError("NOT_FOUND", SETUP_REQUIRED_MESSAGE);
  return new AllowanceRefusal(exhaustedMessage(outlook.plan, outlook.allowed, outlook.left, needs), userId, needs);
}

/** The subscription record (plan, tokens used and left this period), read from the allowance. */
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
