import { adminInputs } from "@parley/contracts";
import { dismissReports, listModerationQueue, setItemHidden } from "../moderation/queue";
import { adminProcedure, loadUser, router } from "../kit/trpc";
import { getUsageByDay } from "./usage";
import { listUsers } from "./users";

/**
 * The admin console: people, usage and the moderation queue. Every procedure is an
 * adminProcedure, so to anyone else these paths do not exist.
 */
export const adminRouter = router({
  /** Answers only admins: the web asks it to decide whether to show the console. */
  access: adminProcedure.query(() => ({ admin: true as const })),
  users: adminProcedure.input(adminInputs.users).query(({ ctx, input }) => listUsers(ctx.db, input, ctx.now())),
  usage: adminProcedure.input(adminInputs.usage).query(({ ctx, input }) => getUsageByDay(ctx.db, input.days, ctx.now())),
  queue: adminProcedure.input(adminInputs.queue).query(({ ctx, input }) => listModerationQueue(ctx.db, input.view)),
  hide: adminProcedure
    .input(adminInputs.hide)
    .use(loadUser)
    .mutation(({ ctx, input }) => setItemHidden(ctx.db, ctx.user.id, input, true, ctx.now())),
  restore: adminProcedure
    .input(adminInputs.restore)
    .use(loadUser)
    .mutation(({ ctx, input }) => setItemHidden(ctx.db, ctx.user.id, input, false, ctx.now())),
  dismiss: adminProcedure
    .input(adminInputs.dismiss)
    .use(loadUser)
    .mutation(({ ctx, input }) => dismissReports(ctx.db, ctx.user.id, input, ctx.now())),
});
