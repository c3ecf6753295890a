import type { TRPCRouterRecord } from "@trpc/server";
import { subscriptionInputs, subscriptionOutputs } from "@parley/contracts";
import { answer } from "../kit/answers";
import { loadUser, protectedProcedure } from "../kit/trpc";
import { getSubscriptionRecord } from "../account/subscription/allowance";
import { createCheckoutSession, createPortalSession, subscriptionConfigOf } from "../account/subscription/checkout";

/** The `subscription` namespace: the caller's plan and allowance, and Stripe's checkout and portal. */
export const subscription = {
  /** The caller's allowance: plan, tokens used and left this period. */
  current: protectedProcedure
    .meta({ rest: { method: "GET", path: "/subscription/userSubscription", summary: "The caller's plan and token allowance this period" } })
    .output(answer(subscriptionOutputs.current))
    .use(loadUser)
    .query(({ ctx }) => getSubscriptionRecord(ctx.db, ctx.user.id, ctx.now())),
  /** The two prices; `enabled` is false without Stripe settings. */
  config: protectedProcedure
    .meta({ rest: { method: "GET", path: "/subscription/config", summary: "The Basic and Pro prices, and whether payments are configured" } })
    .output(answer(subscriptionOutputs.config))
    .query(({ ctx }) => subscriptionConfigOf(ctx.billing)),
  checkout: protectedProcedure
    .meta({ rest: { method: "POST", path: "/subscription/create-checkout-session", summary: "Start a Stripe Checkout for a plan; the browser goes to `url`" } })
    .input(subscriptionInputs.checkout)
    .output(answer(subscriptionOutputs.checkout))
    .use(loadUser)
    .mutation(({ ctx, input }) => createCheckoutSession(ctx.db, ctx.billing, ctx.user.id, input.price_id)),
  portal: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/subscription/customer-portal",
        summary: "Open the Stripe Billing Portal to manage the plan; the browser goes to `url`",
      },
    })
    .input(subscriptionInputs.portal)
    .output(answer(subscriptionOutputs.portal))
    .use(loadUser)
    .mutation(({ ctx }) => createPortalSession(ctx.db, ctx.billing, ctx.user.id)),
} satisfies TRPCRouterRecord;
