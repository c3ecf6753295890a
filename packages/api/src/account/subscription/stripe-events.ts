import { eq, or } from "drizzle-orm";
import type Stripe from "stripe";
import { PLANS, type PlanId } from "@parley/contracts";
import { stripeEvents, subscriptions, type Database, type Transaction } from "@parley/db";
import type { Billing } from "../../kit/ports";
import { planForPrice } from "./billing";

/** Subscription states in which the plan's allowance applies. */
const ACTIVE = new Set(["active", "trialing", "past_due"]);

export type StripeEventOutcome = "applied" | "duplicate" | "stale" | "ignored";

type EventBilling = Pick<Billing, "prices" | "stripe">;

/**
 * Applies one verified Stripe event, once (its id is recorded in the same transaction). Events
 * may arrive out of order, several within the same second, so the state applied is the
 * subscription's current one as Stripe reports it now, not the event's copy: a canceled
 * subscription stays canceled whatever older event arrives after its deletion. An event older
 * than the last one applied to the user's subscription changes nothing.
 *
 * A user has one current subscription (the stored id). An event for another subscription changes
 * nothing, unless that subscription is live and the user has no live one (a first purchase, or
 * one after a cancellation); a completed checkout makes its subscription the current one.
 */
export async function applyStripeEvent(db: Database, billing: EventBilling, event: Stripe.Event): Promise<StripeEventOutcome> {
  const named = subscriptionNamed(event);
  const latest = named ? await retrieveSubscription(billing, named) : undefined;
  // A subscription that ended may have been the user's current one: the customer's other live
  // subscriptions at Stripe (made in its dashboard, say) are read now, outside the transaction.
  const ended = event.type.startsWith("customer.subscription.")
    ? (latest ?? { ...(event.data.object as Stripe.Subscription), status: "canceled" as const })
    : undefined;
  const successor = ended && !isLive(billing, ended) ? await bestLiveSubscription(billing, customerOf(ended), ended.id) : undefined;
  return db.transaction(async (tx) => {
    const recorded = await tx.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: stripeEvents.id });
    if (recorded.length === 0) return "duplicate";
    switch (event.type) {
      case "checkout.session.completed":
        return linkCheckout(tx, billing, event.data.object, latest, event.created);
      case "customer.subscription.created":
      case "customer.subscription.updated":
        // A subscription Stripe does not know of grants nothing.
        return latest ? adoptSuccessor(tx, billing, await applySubscription(tx, billing, latest, event.created, false), successor, event.created) : "ignored";
      case "customer.subscription.deleted":
        return adoptSuccessor(tx, billing, await applySubscription(tx, billing, ended!, event.created, false), successor, event.created);
      default:
        return "ignored";
    }
  });
}

const customerOf = (subscription: Stripe.Subscription) => (typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id);

/** Whether a subscription grants a plan: in a state where the allowance applies, for a price this server sells. */
function isLive(billing: EventBilling, subscription: Stripe.Subscription): boolean {
  return ACTIVE.has(subscription.status) && planForPrice(billing, subscription.items?.data?.[0]?.price?.id) !== undefined;
}

/** Pro before Basic; of equals, the one whose period runs longest. */
const PLAN_RANK: Record<Exclude<PlanId, "free">, number> = { basic: 1, pro: 2 };

/** The customer's best live subscription at Stripe other than `except`, if any. */
async function bestLiveSubscription(billing: EventBilling, customer: string, except: string): Promise<Stripe.Subscription | undefined> {
  const live: Stripe.Subscription[] = [];
  for await (const subscription of billing.stripe.subscriptions.list({ customer, limit: 100 })) {
    if (subscription.id !== except && isLive(billing, subscription)) live.push(subscription);
  }
  const rank = (subscription: Stripe.Subscription) => {
    const item = subscription.items.data[0];
    return [PLAN_RANK[planForPrice(billing, item?.price?.id)!], item?.current_period_end ?? 0] as const;
  };
  return live.sort((a, b) => rank(b)[0] - rank(a)[0] || rank(b)[1] - rank(a)[1])[0];
}

/**
 * After an event that left the user without a live subscription (their current one ended), the
 * customer's best other live subscription becomes the current one, rather than Free.
 */
async function adoptSuccessor(
  tx: Transaction,
  billing: EventBilling,
  outcome: StripeEventOutcome,
  successor: Stripe.Subscription | undefined,
  eventCreated: number,
): Promise<StripeEventOutcome> {
  if (outcome !== "applied" || !successor) return outcome;
  await applySubscription(tx, billing, successor, eventCreated, false);
  return outcome;
}

/** The id of the subscription an event is about, for the events Parley applies. */
function subscriptionNamed(event: Stripe.Event): string | undefined {
  switch (event.type) {
    case "checkout.session.completed": {
      const subscription = event.data.object.subscription;
      return typeof subscription === "string" ? subscription : subscription?.id;
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return event.data.object.id;
    default:
      return undefined;
  }
}

/** Stripe's current state of a subscription; undefined when Stripe has no such subscription. */
async function retrieveSubscription(billing: EventBilling, id: string): Promise<Stripe.Subscription | undefined> {
  try {
    return await billing.stripe.subscriptions.retrieve(id);
  } catch (error) {
    // The SDK's StripeInvalidRequestError, told by its type (the SDK itself is loaded only when payments are on).
    const failure = error as { type?: unknown; statusCode?: unknown };
    if (failure.type === "StripeInvalidRequestError" && failure.statusCode === 404) return undefined;
    throw error;
  }
}

/** Remembers the user's Stripe customer, and makes the subscription a checkout created the user's current one. */
async function linkCheckout(
  tx: Transaction,
  billing: EventBilling,
  session: Stripe.Checkout.Session,
  subscription: Stripe.Subscription | undefined,
  eventCreated: number,
): Promise<StripeEventOutcome> {
  const userId = session.client_reference_id;
  const customer = typeof session.customer === "string" ? session.customer : session.customer?.id;
  if (!userId || !customer) return "ignored";
  await tx.update(subscriptions).set({ stripeCustomerId: customer }).where(eq(subscriptions.userId, userId));
  if (!subscription) return "applied";
  const outcome = await applySubscription(tx, billing, subscription, eventCreated, true);
  return outcome === "ignored" ? "applied" : outcome;
}

async function applySubscription(
  tx: Transaction,
  billing: EventBilling,
  subscription: Stripe.Subscription,
  eventCreated: number,
  fromCheckout: boolean,
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

  const item = subscription.items?.data?.[0];
  const plan = planForPrice(billing, item?.price?.id);
  const active = ACTIVE.has(subscription.status) && plan !== undefined;
  if (row.stripeSubscriptionId === subscription.id) {
    if (row.stripeEventCreated !== null && eventCreated < row.stripeEventCreated) return "stale";
  } else {
    const currentLive = row.stripeSubscriptionId !== null && ACTIVE.has(row.status) && row.plan !== "free";
    if (!active || (currentLive && !fromCheckout)) return "ignored";
  }

  // Since API version 2025-03-31 the period lives on the items; older payloads carry it on the subscription.
  const periodStart = item?.current_period_start ?? (subscription as unknown as { current_period_start?: number }).current_period_start;
  const periodEnd = item?.current_period_end ?? (subscription as unknown as { current_period_end?: number }).current_period_end;
  const newPeriod = active && periodStart !== undefined && row.periodStart.getTime() < periodStart * 1000;
  const ended = subscription.status === "canceled" || subscription.status === "incomplete_expired";
  await tx
    .update(subscriptions)
    .set({
      plan: active ? plan : "free",
      status: subscription.status,
      stripeCustomerId: customer,
      stripeSubscriptionId: ended ? null : subscription.id,
      currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
      maxTokensAllowed: active ? PLANS[plan].monthlyTokens : 0,
      stripeEventCreated: eventCreated,
      ...(newPeriod ? { periodStart: new Date(periodStart * 1000), tokensUsed: 0 } : {}),
    })
    .where(eq(subscriptions.userId, row.userId));
  return "applied";
}
