import { eq } from "drizzle-orm";
import { PLANS, type PlanId } from "@parley/contracts";
import { subscriptions, type Executor } from "@parley/db";
import { AppError } from "../errors";
import { SETUP_REQUIRED_MESSAGE } from "../user/require-user";

type SubscriptionRow = typeof subscriptions.$inferSelect;

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

/** Why a reservation found nothing to reserve: no account yet, or the allowance is used up (402). */
export async function refusal(db: Executor, userId: string): Promise<AppError> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  if (!row) return new AppError("NOT_FOUND", SETUP_REQUIRED_MESSAGE);
  return new AppError("PAYMENT_REQUIRED", exhaustedMessage(planOf(row), allowedOf(row)));
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
