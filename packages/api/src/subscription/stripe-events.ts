import { eq, or } from "drizzle-orm";
import type Stripe from "stripe";
import { PLANS } from "@parley/contracts";
import { stripeEvents, subscriptions, type Database, type Transaction } from "@parley/db";
import { planForPrice, type Billing } from "./billing";

/** Subscription states in which the plan's allowance applies. */
const ACTIVE = new Set(["active", "trialing", "past_due"]);

export type StripeEventOutcome = "applied" | "duplicate" | "stale" | "ignored";

/**
 * Applies one verified Stripe event, once (its id is recorded in the same transaction), and never
 * lets an older event overwrite what a newer one set (Stripe may deliver out of order): a
 * subscription's plan, status, period and allowance follow its latest state.
 */
export async function applyStripeEvent(db: Database, billing: Pick<Billing, "prices">, event: Stripe.Event): Promise<StripeEventOutcome> {
  return db.transaction(async (tx) => {
    const recorded = await tx.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: stripeEvents.id });
    if (recorded.length === 0) return "duplicate";
    switch (event.type) {
      case "checkout.session.completed":
        return linkCheckout(tx, event.data.object);
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted":
        return applySubscription(tx, billing, event.data.object, event.created, event.type === "customer.subscription.deleted");
      default:
        return "ignored";
    }
  });
}

/** Remembers which Stripe customer and subscription a checkout created for which user. */
async function linkCheckout(tx: Transaction, session: Stripe.Checkout.Session): Promise<StripeEventOutcome> {
  const userId = session.client_reference_id;
  const customer = typeof session.customer === "string" ? session.customer : session.customer?.id;
  if (!userId || !customer) return "ignored";
  const subscription = typeof session.subscription === "string" ? session.subscription : session.subscription?.id;
  await tx
    .update(subscriptions)
    .set({ stripeCustomerId: customer, ...(subscription ? { stripeSubscriptionId: subscription } : {}) })
    .where(eq(subscriptions.userId, userId));
  return "applied";
}

async function applySubscription(
  tx: Transaction,
  billing: Pick<Billing, "prices">,
  subscription: Stripe.Subscription,
  eventCreated: number,
  deleted: boolean,
): Promise<StripeEventOutcome> {
  const customer = typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id;
  const userId = subscription.metadata?.parley_user_id;
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(userId ? or(eq(subscriptions.stripeCustomerId, customer), eq(subscriptions.userId, userId)) : eq(subscriptions.stripeCustomerId, customer))
    .for("update")
    .limit(1);
  if (!row) return "ignored";
  if (row.stripeEventCreated !== null && eventCreated < row.stripeEventCreated) return "stale";

  const item = subscription.items?.data?.[0];
  const plan = planForPrice(billing, item?.price?.id);
  const active = !deleted && ACTIVE.has(subscription.status) && plan !== undefined;
  // Since API version 2025-03-31 the period lives on the items; older payloads carry it on the subscription.
  const periodStart = item?.current_period_start ?? (subscription as unknown as { current_period_start?: number }).current_period_start;
  const periodEnd = item?.current_period_end ?? (subscription as unknown as { current_period_end?: number }).current_period_end;
  const newPeriod = active && periodStart !== undefined && row.periodStart.getTime() < periodStart * 1000;
  await tx
    .update(subscriptions)
    .set({
      plan: active ? plan : "free",
      status: deleted ? "canceled" : subscription.status,
      stripeCustomerId: customer,
      stripeSubscriptionId: deleted ? null : subscription.id,
      currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
      maxTokensAllowed: active ? PLANS[plan].monthlyTokens : 0,
      stripeEventCreated: eventCreated,
      ...(newPeriod ? { periodStart: new Date(periodStart * 1000), tokensUsed: 0 } : {}),
    })
    .where(eq(subscriptions.userId, row.userId));
  return "applied";
}
