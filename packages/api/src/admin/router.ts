import { adminInputs } from "@parley/contracts";
import { dismissReports, listModerationQueue, setItemHidden } from "../moderation/queue";
import { isPrivacyCheckBlocking, setPrivacyCheckBlocking } from "../kit/privacy";
import { adminProcedure, loadUser, router } from "../kit/trpc";
import { getUsageByDay } from "./usage";
import { listUsers } from "./users";

/**
 * The admin console: people, usage and the moderation queue. Every procedure is an
 * adminProcedure, so to anyone else these paths do not exist.
 */
export const adminRouter = router({
  /** Answers only admins: the web asks it to decide whether to show the console. */
  access: adminProcedure.meta({ rest: { method: "GET", path: "/admin/access", summary: "Whether the caller is an admin (404 for anyone else)" } }).query(() => ({ admin: true as const })),
  users: adminProcedure.meta({ rest: { method: "GET", path: "/admin/users", summary: "People: plan, tokens used this period, last seen (admins only)" } }).input(adminInputs.users).query(({ ctx, input }) => listUsers(ctx.db, input, ctx.now())),
  usage: adminProcedure.meta({ rest: { method: "GET", path: "/admin/usage", summary: "Tokens used by model and by day (admins only)" } }).input(adminInputs.usage).query(({ ctx, input }) => getUsageByDay(ctx.db, input.days, ctx.now())),
  queue: adminProcedure.meta({ rest: { method: "GET", path: "/admin/queue", summary: "The moderation queue: reported items with their reports (admins only)" } }).input(adminInputs.queue).query(({ ctx, input }) => listModerationQueue(ctx.db, input.view)),
  hide: adminProcedure.meta({ rest: { method: "POST", path: "/admin/hide", summary: "Hide a post or comment (admins only)" } })
    .input(adminInputs.hide)
    .use(loadUser)
    .mutation(({ ctx, input }) => setItemHidden(ctx.db, ctx.user.id, input, true, ctx.now())),
  restore: adminProcedure.meta({ rest: { method: "POST", path: "/admin/restore", summary: "Restore a hidden post or comment (admins only)" } })
    .input(adminInputs.restore)
    .use(loadUser)
    .mutation(({ ctx, input }) => setItemHidden(ctx.db, ctx.user.id, input, false, ctx.now())),
  dismiss: adminProcedure.meta({ rest: { method: "POST", path: "/admin/dismiss", summary: "Dismiss the open reports of an item (admins only)" } })
    .input(adminInputs.dismiss)
    .use(loadUser)
    .mutation(({ ctx, input }) => dismissReports(ctx.db, ctx.user.id, input, ctx.now())),
  /** Whether the privacy check is blocking: nothing with unredacted findings leaves (docs/privacy.md). */
  privacy: adminProcedure.meta({ rest: { method: "GET", path: "/admin/privacy", summary: "Whether the privacy check is blocking (admins only)" } }).query(async ({ ctx }) => ({ blocking: await isPrivacyCheckBlocking(ctx.db) })),
  setPrivacy: adminProcedure.meta({ rest: { method: "POST", path: "/admin/privacy", summary: "Make the privacy check blocking, or advisory again (admins only)" } })
    .input(adminInputs.setPrivacy)
    .mutation(({ ctx, input }) => setPrivacyCheckBlocking(ctx.db, input.blocking, ctx.now())),
});
