import { eq, sql } from "drizzle-orm";
import { PLANS, type PlanId } from "@parley/contracts";
import { subscriptions, usageLedger, type Executor, type Transaction } from "@parley/db";
import { AppError } from "../errors";

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

/** One month after `start`: when the allowance renews. */
function periodEnd(start: Date): Date {
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

export type Reservation = { userId: string; reserved: number; plan: PlanId };

/**
 * Reserves up to `wanted` tokens of the user's allowance before a platform-key call, inside the
 * caller's transaction (the subscription row stays locked until it commits), renewing the
 * allowance when its month is over. Everything left is reserved when less than `wanted` remains,
 * so parallel sends cannot overspend: the balance never goes below zero. Refuses with
 * PAYMENT_REQUIRED when less than `minimum` is left.
 */
export async function reserveTokens(tx: Transaction, userId: string, wanted: number, minimum: number, now: Date): Promise<Reservation> {
  {
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for("update");
    if (!row) throw new AppError("NOT_FOUND", "Finish setting up your account first.");
    // A new month renews the allowance.
    const current = now >= periodEnd(row.periodStart) ? { ...row, periodStart: now, tokensUsed: 0, freeTokensUsed: 0 } : row;
    if (current !== row) {
      await tx.update(subscriptions).set({ periodStart: now, tokensUsed: 0, freeTokensUsed: 0 }).where(eq(subscriptions.userId, userId));
    }
    const remaining = allowedOf(current) - usedOf(current);
    const plan = planOf(current);
    if (remaining < minimum) throw new AppError("PAYMENT_REQUIRED", exhaustedMessage(plan, allowedOf(current)));
    const reserved = Math.min(wanted, remaining);
    await tx
      .update(subscriptions)
      .set(isFree(current) ? { freeTokensUsed: sql`${subscriptions.freeTokensUsed} + ${reserved}` } : { tokensUsed: sql`${subscriptions.tokensUsed} + ${reserved}` })
      .where(eq(subscriptions.userId, userId));
    return { userId, reserved, plan };
  }
}

/** Gives back what a reply did not use: `charged` (≤ reserved) stays spent. */
export async function settleReservation(db: Executor, reservation: Reservation, charged: number) {
  const refund = reservation.reserved - Math.min(Math.max(0, charged), reservation.reserved);
  if (refund <= 0) return;
  const column = reservation.plan === "free" ? subscriptions.freeTokensUsed : subscriptions.tokensUsed;
  const key = reservation.plan === "free" ? "freeTokensUsed" : "tokensUsed";
  await db
    .update(subscriptions)
    .set({ [key]: sql`greatest(0, ${column} - ${refund})` })
    .where(eq(subscriptions.userId, reservation.userId));
}

export type UsageRecord = {
  userId: string;
  sessionId: number | null;
  modelId: string;
  service: string;
  keySource: "platform" | "user" | "free";
  inputTokens: number;
  outputTokens: number;
  chargedTokens: number;
};

/** Writes one reply's usage to the ledger. */
export async function recordUsage(db: Executor, usage: UsageRecord) {
  await db.insert(usageLedger).values(usage);
}

/** The subscription record of spec §3, read from the allowance. */
export async function getSubscriptionRecord(db: Executor, userId: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  if (!row) throw new AppError("NOT_FOUND", "Finish setting up your account first.");
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
