import type { TRPCRouterRecord } from "@trpc/server";
import { adminInputs, adminOutputs } from "@parley/contracts";
import { answer } from "../kit/answers";
import { getPrivacyCheckSetting, setPrivacyCheckBlocking } from "../account/sharing/privacy-check";
import { adminProcedure, loadUser } from "../kit/trpc";
import { dismissReports, listModerationQueue, setItemHidden } from "../moderation/queue";
import { adminAccess } from "../admin/access";
import { getUsageByDay } from "../admin/usage";
import { listUsers } from "../admin/users";

/**
 * The `admin` namespace, the admin console: people, usage, the moderation queue and the privacy
 * check's setting. Every procedure is an adminProcedure, so to anyone else these paths do not exist.
 */
export const admin = {
  /** Answers only admins: the web asks it to decide whether to show the console. */
  access: adminProcedure
    .meta({ rest: { method: "GET", path: "/admin/access", summary: "Whether the caller is an admin (404 for anyone else)" } })
    .output(answer(adminOutputs.access))
    .query(adminAccess),
  users: adminProcedure
    .meta({ rest: { method: "GET", path: "/admin/users", summary: "People: plan, tokens used this period, last seen (admins only)" } })
    .input(adminInputs.users)
    .output(answer(adminOutputs.users))
    .query(({ ctx, input }) => listUsers(ctx.db, input, ctx.now())),
  usage: adminProcedure
    .meta({ rest: { method: "GET", path: "/admin/usage", summary: "Tokens used by model and by day (admins only)" } })
    .input(adminInputs.usage)
    .output(answer(adminOutputs.usage))
    .query(({ ctx, input }) => getUsageByDay(ctx.db, input.days, ctx.now())),
  queue: adminProcedure
    .meta({ rest: { method: "GET", path: "/admin/queue", summary: "The moderation queue: reported items with their reports (admins only)" } })
    .input(adminInputs.queue)
    .output(answer(adminOutputs.queue))
    .query(({ ctx, input }) => listModerationQueue(ctx.db, input.view)),
  hide: adminProcedure
    .meta({ rest: { method: "POST", path: "/admin/hide", summary: "Hide a post or comment (admins only)" } })
    .input(adminInputs.hide)
    .output(answer(adminOutputs.hide))
    .use(loadUser)
    .mutation(({ ctx, input }) => setItemHidden(ctx.db, ctx.user.id, input, true, ctx.now())),
  restore: adminProcedure
    .meta({ rest: { method: "POST", path: "/admin/restore", summary: "Restore a hidden post or comment (admins only)" } })
    .input(adminInputs.restore)
    .output(answer(adminOutputs.restore))
    .use(loadUser)
    .mutation(({ ctx, input }) => setItemHidden(ctx.db, ctx.user.id, input, false, ctx.now())),
  dismiss: adminProcedure
    .meta({ rest: { method: "POST", path: "/admin/dismiss", summary: "Dismiss the open reports of an item (admins only)" } })
    .input(adminInputs.dismiss)
    .output(answer(adminOutputs.dismiss))
    .use(loadUser)
    .mutation(({ ctx, input }) => dismissReports(ctx.db, ctx.user.id, input, ctx.now())),
  /** Whether the privacy check is blocking: nothing with unredacted findings leaves (docs/privacy.md). */
  privacy: adminProcedure
    .meta({ rest: { method: "GET", path: "/admin/privacy", summary: "Whether the privacy check is blocking (admins only)" } })
    .output(answer(adminOutputs.privacy))
    .query(({ ctx }) => getPrivacyCheckSetting(ctx.db)),
  setPrivacy: adminProcedure
    .meta({ rest: { method: "POST", path: "/admin/privacy", summary: "Make the privacy check blocking, or advisory again (admins only)" } })
    .input(adminInputs.setPrivacy)
    .output(answer(adminOutputs.setPrivacy))
    .mutation(({ ctx, input }) => setPrivacyCheckBlocking(ctx.db, input.blocking, ctx.now())),
} satisfies TRPCRouterRecord;
