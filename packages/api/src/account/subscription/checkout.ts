import { eq } from "drizzle-orm";
import { subscriptions, users, type Database } from "@parley/db";
import { AppError } from "../../kit/errors";
import { SETUP_REQUIRED_MESSAGE } from "../user/require-user";
import type { Billing } from "../../kit/ports";
import { PAYMENTS_NOT_CONFIGURED, planForPrice } from "./billing";

function requireBilling(billing: Billing | null): Billing {
  if (!billing) throw new AppError("PRECONDITION_FAILED", PAYMENTS_NOT_CONFIGURED);
  return billing;
}

/** The user's Stripe customer, created on first need and kept on the subscription row. */
async function ensureCustomer(db: Database, billing: Billing, userId: string): Promise<string> {
  const [row] = await db
    .select({ customerId: subscriptions.stripeCustomerId, email: users.email, name: users.name })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", SETUP_REQUIRED_MESSAGE);
  if (row.customerId) return row.customerId;
  const customer = await billing.stripe.customers.create(
    { email: row.email ?? undefined, name: row.name ?? undefined, metadata: { parley_user_id: userId } },
    { idempotencyKey: `parley-customer-${userId}` },
  );
  await db.update(subscriptions).set({ stripeCustomerId: customer.id }).where(eq(subscriptions.userId, userId));
  return customer.id;
}

/** Subscription states in which a subscriber changes plans in the portal rather than buying another subscription. */
const LIVE = new Set(["active", "trialing", "past_due", "unpaid", "paused"]);

/** Whether the user already pays for a plan: as recorded here, or as Stripe knows (a checkout whose event has not arrived yet). */
async function hasLiveSubscription(db: Database, billing: Billing, userId: string, customer: string): Promise<boolean> {
  const [row] = await db
    .select({ plan: subscriptions.plan, status: subscriptions.status, subscriptionId: subscriptions.stripeSubscriptionId })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  if (row?.subscriptionId && row.plan !== "free" && LIVE.has(row.status)) return true;
  const existing = await billing.stripe.subscriptions.list({ customer, limit: 10 });
  return existing.data.some((subscription) => LIVE.has(subscription.status));
}

/**
 * A Stripe Checkout Session in subscription mode for one of the two prices. A
 * subscriber gets the Billing Portal instead, where the plan is changed, so nobody ends up
 * paying for two subscriptions.
 */
export async function createCheckoutSession(db: Database, configured: Billing | null, userId: string, priceId: string) {
  const billing = requireBilling(configured);
  if (!planForPrice(billing, priceId)) throw new AppError("BAD_REQUEST", "Unknown plan: choose Basic or Pro.");
  const customer = await ensureCustomer(db, billing, userId);
  if (await hasLiveSubscription(db, billing, userId, customer)) return createPortalSession(db, billing, userId);
  const session = await billing.stripe.checkout.sessions.create({
    mode: "subscription",
    customer,
    client_reference_id: userId,
    line_items: [{ price: priceId, quantity: 1 }],
    subscription_data: { metadata: { parley_user_id: userId } },
    success_url: `${billing.publicUrl}/admin?tab=subscription&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${billing.publicUrl}/admin?tab=subscription`,
  });
  if (!session.url) throw new AppError("BAD_GATEWAY", "Stripe did not return a checkout page. Please try again.");
  return { url: session.url };
}

/** A Billing Portal session where subscribers manage or cancel their plan. */
export async function createPortalSession(db: Database, configured: Billing | null, userId: string) {
  const billing = requireBilling(configured);
  const [row] = await db.select({ customerId: subscriptions.stripeCustomerId }).from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  if (!row?.customerId) throw new AppError("NOT_FOUND", "You have no subscription to manage yet. Choose a plan first.");
  const session = await billing.stripe.billingPortal.sessions.create({
    customer: row.customerId,
    return_url: `${billing.publicUrl}/admin?tab=subscription`,
  });
  return { url: session.url };
}

/** The two prices the checkout offers; `enabled` is false without Stripe settings. */
export function subscriptionConfigOf(billing: Billing | null) {
  return { basicPrice: billing?.prices.basic ?? null, proPrice: billing?.prices.pro ?? null, enabled: billing !== null };
}
