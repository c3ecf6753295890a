import { protectedProcedure, router } from "../trpc";
import { requireUser } from "../user/require-user";
import { getSubscriptionRecord } from "./allowance";

/** Procedures of the subscription domain (spec §7). Stripe checkout and portal come with payments. */
export const subscriptionRouter = router({
  current: protectedProcedure.query(async ({ ctx }) => getSubscriptionRecord(ctx.db, (await requireUser(ctx)).id)),
});
