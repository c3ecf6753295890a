import { subscriptionInputs } from "@parley/contracts";
import { loadUser, protectedProcedure, router } from "../../kit/trpc";
import { getSubscriptionRecord } from "./allowance";
import { createCheckoutSession, createPortalSession } from "./checkout";

/** Procedures of the subscription domain. */
export const subscriptionRouter = router({
  /** The caller's allowance: plan, tokens used and left this period. */
  current: protectedProcedure.use(loadUser).query(async ({ ctx }) => getSubscriptionRecord(ctx.db, ctx.user.id, ctx.now())),
  /** The two prices; `enabled` is false without Stripe settings. */
  config: protectedProcedure.query(({ ctx }) => ({
    basicPrice: ctx.billing?.prices.basic ?? null,
    proPrice: ctx.billing?.prices.pro ?? null,
    enabled: ctx.billing !== null,
  })),
  checkout: protectedProcedure
    .input(subscriptionInputs.checkout)
    .use(loadUser)
    .mutation(async ({ ctx, input }) => createCheckoutSession(ctx.db, ctx.billing, ctx.user.id, input.price_id)),
  portal: protectedProcedure
    .input(subscriptionInputs.portal)
    .use(loadUser)
    .mutation(async ({ ctx }) => createPortalSession(ctx.db, ctx.billing, ctx.user.id)),
});
