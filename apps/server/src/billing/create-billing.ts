import type { Billing } from "@parley/api";
import type { Config } from "../config";

/**
 * Stripe from configuration, or null when payments are off (no secret key or a missing price):
 * the plans still show and the subscription tab says payments are not configured.
 * STRIPE_API_URL points the SDK at another Stripe-compatible server (stripe-mock, tests). The SDK
 * is loaded only when payments are configured: a server without them starts without it.
 */
export async function createBilling(config: Config): Promise<Billing | null> {
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_PRICE_BASIC || !config.STRIPE_PRICE_PRO) return null;
  const { default: Stripe } = await import("stripe");
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : undefined;
  const stripe = new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(api
      ? { host: api.hostname, port: api.port || (api.protocol === "https:" ? 443 : 80), protocol: api.protocol.replace(":", "") as "http" | "https" }
      : {}),
  });
  return { stripe, prices: { basic: config.STRIPE_PRICE_BASIC, pro: config.STRIPE_PRICE_PRO }, publicUrl: config.publicUrl };
}
