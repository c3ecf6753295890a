import { promptInputs } from "@parley/contracts";
import { loadUser, protectedProcedure, rateLimit } from "../kit/trpc";
import { reportItem } from "./reports";

/** Reporting a prompt or one of its comments to the moderators: the queue takes prompts as it takes posts and comments (counted with comments for the rate limit). */
export const promptModerationProcedures = {
  report: protectedProcedure.meta({ rest: { method: "POST", path: "/prompts/:id/report", summary: "Report a prompt to the moderators (one open report per person and prompt)" } })
    .input(promptInputs.report)
    .use(rateLimit("comment"))
    .use(loadUser)
    .mutation(({ ctx, input }) => reportItem(ctx.db, ctx.user.id, { kind: "prompt", id: input.id, reason: input.reason, details: input.details }, ctx.now())),
  /** Reports a comment on a prompt, as a post's comment is reported. */
  reportComment: protectedProcedure.meta({ rest: { method: "POST", path: "/prompts/comments/:commentId/report", summary: "Report a comment on a prompt to the moderators (one open report per person and comment)" } })
    .input(promptInputs.reportComment)
    .use(rateLimit("comment"))
    .use(loadUser)
    .mutation(({ ctx, input }) =>
      reportItem(ctx.db, ctx.user.id, { kind: "prompt_comment", id: input.commentId, reason: input.reason, details: input.details }, ctx.now()),
    ),
};
