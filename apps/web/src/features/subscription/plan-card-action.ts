import type { PlanId } from "@parley/contracts";

/**
 * What a plan card offers: 'current' (the subscriber's own plan), 'manage' (a subscriber changes
 * plans in the Billing Portal, never through a second checkout), 'choose' (checkout for someone
 * on the free plan), or 'wait' while the current plan is not known yet.
 */
export type PlanCardAction = "current" | "manage" | "choose" | "wait";

export function planCardAction(currentPlan: PlanId | undefined, plan: Exclude<PlanId, "free">): PlanCardAction {
  if (currentPlan === undefined) return "wait";
  if (currentPlan === plan) return "current";
  return currentPlan === "free" ? "choose" : "manage";
}
