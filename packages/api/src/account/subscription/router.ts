import { subscriptionInputs } from "@parley/contracts";
import { loadUser, protectedProcedure, router } from "../../kit/trpc";
import { getSubscriptionRecord } from "./allowance";
import { createCheckoutSession, createPortalSession } from "./checkout";

/** Procedures of the subscription domain. */
export const subscriptionRouter = router({
  /** The caller's allowance: plan, tokens used and left this period. */
  current: protectedProcedure.meta({ rest: { method: "GET", path: "/subscription/userSubscription", summary: "The caller's plan and token allowance this period" } }).use(loadUser).query(async ({ ctx }) => getSubscriptionRecord(ctx.db, ctx.user.id, ctx.now())),
  /** The two prices; `enabled` is false without Stripe settings. */
  config: protectedProcedure.meta({ rest: { method: "GET", path: "/subscription/config", summary: "The Basic and Pro prices, and whether payments are configured" } }).query(({ ctx }) => ({
    basicPrice: ctx.billing?.prices.basic ?? null,
    proPrice: ctx.billing?.prices.pro ?? null,
    enabled: ctx.billing !== null,
  })),
  checkout: protectedProcedure.meta({ rest: { method: "POST", path: "/subscription/create-checkout-session", summary: "Start a Stripe Checkout for a plan; the browser goes to `url`" } })
    .input(subscriptionInputs.checkout)
    .use(loadUser)
    .mutation(async ({ ctx, input }) => createCheckoutSession(ctx.db, ctx.billing, ctx.user.id, input.price_id)),
  portal: protectedProcedure.meta({ rest: { method: "POST", path: "/subscription/customer-portal", summary: "Open the Stripe Billing Portal to manage the plan; the browser goes to `url`" } })
    .input(subscriptionInputs.portal)
    .use(loadUser)
    .mutation(async ({ ctx }) => createPortalSession(ctx.db, ctx.billing, ctx.user.id)),
});
