import type { PlanId } from "@parley/contracts";
import type { Billing } from "../../kit/ports";

/** Shown when a payment call reaches a server without Stripe settings. */
export const PAYMENTS_NOT_CONFIGURED = "Payments are not configured on this server. Ask its administrator to set the STRIPE_* variables.";

/** The plan a price id buys, or undefined for a price this server does not sell. */
export function planForPrice(billing: Pick<Billing, "prices">, priceId: string | undefined): Exclude<PlanId, "free"> | undefined {
  if (priceId === billing.prices.basic) return "basic";
  if (priceId === billing.prices.pro) return "pro";
  return undefined;
}
