/**
 * Plans and monthly token allowances. Quotas are data: every check reads this table.
 * `type` is the value of `subscription_type` in the API (BASE, PREMIUM; anything else is free).
 */
export const PLANS = {
  free: { type: "FREE", label: "Free", priceUsd: 0, monthlyTokens: 500 },
  basic: { type: "BASE", label: "Basic", priceUsd: 9, monthlyTokens: 5_000 },
  pro: { type: "PREMIUM", label: "Pro", priceUsd: 29, monthlyTokens: 300_000 },
} as const;
export type PlanId = keyof typeof PLANS;

/** Plan cards of the subscription tab. */
export const PLAN_FEATURES: Record<Exclude<PlanId, "free">, readonly string[]> = {
  basic: ["5,000 tokens per month", "Basic models", "Email support", "Standard response time"],
  pro: ["300,000 tokens per month", "Premium models", "Priority support", "Advanced features"],
};

/** Maps a stored subscription_type to its plan; unknown values are the free plan. */
export function planFromType(type: string | null | undefined): PlanId {
  if (type === PLANS.pro.type) return "pro";
  if (type === PLANS.basic.type) return "basic";
  return "free";
}

/** The badge label, e.g. 'Pro (1200 tokens left)'. */
export function planBadgeLabel(plan: PlanId, tokensLeft: number): string {
  return `${PLANS[plan].label} (${Math.max(0, tokensLeft)} tokens left)`;
}
