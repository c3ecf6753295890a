import { z } from "zod";
import { MODERATION, storableText } from "@parley/contracts";
import { itemInput } from "../moderation/input";
import { dismissReports, listModerationQueue, setItemHidden } from "../moderation/queue";
import { adminProcedure, loadUser, router } from "../trpc";
import { getUsageByDay } from "./usage";
import { listUsers } from "./users";

const usersInput = z
  .object({
    q: storableText("must be text to search for").trim().max(200, "must be at most 200 characters").optional(),
    limit: z.coerce.number({ message: "must be a number" }).int("must be a whole number").min(1, "must be at least 1").max(MODERATION.usersPageMax, `must be at most ${MODERATION.usersPageMax}`).optional().default(50),
    offset: z.coerce.number({ message: "must be a number" }).int("must be a whole number").min(0, "must be 0 or more").max(1_000_000, "must be at most 1000000").optional().default(0),
  })
  .optional()
  .default({ limit: 50, offset: 0 });

const usageInput = z
  .object({
    days: z.coerce.number({ message: "must be a number of days" }).int("must be a whole number of days").min(1, "must be at least 1").max(MODERATION.usageDaysMax, `must be at most ${MODERATION.usageDaysMax}`).optional().default(30),
  })
  .optional()
  .default({ days: 30 });

const queueInput = z
  .object({ view: z.enum(["open", "hidden"], { message: "must be open or hidden" }).optional().default("open") })
  .optional()
  .default({ view: "open" });

/**
 * The admin console: people, usage and the moderation queue. Every procedure is an
 * adminProcedure, so to anyone else these paths do not exist.
 */
export const adminRouter = router({
  /** Answers only admins: the web asks it to decide whether to show the console. */
  access: adminProcedure.query(() => ({ admin: true as const })),
  users: adminProcedure.input(usersInput).query(({ ctx, input }) => listUsers(ctx.db, input, ctx.now())),
  usage: adminProcedure.input(usageInput).query(({ ctx, input }) => getUsageByDay(ctx.db, input.days, ctx.now())),
  queue: adminProcedure.input(queueInput).query(({ ctx, input }) => listModerationQueue(ctx.db, input.view)),
  hide: adminProcedure
    .input(itemInput)
    .use(loadUser)
    .mutation(({ ctx, input }) => setItemHidden(ctx.db, ctx.user.id, input, true, ctx.now())),
  restore: adminProcedure
    .input(itemInput)
    .use(loadUser)
    .mutation(({ ctx, input }) => setItemHidden(ctx.db, ctx.user.id, input, false, ctx.now())),
  dismiss: adminProcedure
    .input(itemInput)
    .use(loadUser)
    .mutation(({ ctx, input }) => dismissReports(ctx.db, ctx.user.id, input, ctx.now())),
});
