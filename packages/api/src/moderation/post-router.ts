import { postInputs } from "@parley/contracts";
import { loadUser, protectedProcedure, rateLimit, router } from "../kit/trpc";
import { reportItem } from "./reports";

/**
 * Reporting posts, comments and shared conversations to the moderators: procedures of the `post`
 * namespace that live with the reports they file; root.ts merges them into `post`.
 */
export const postModerationRouter = router({
  /** Reports a post to the moderators (counted with comments for the rate limit). */
  report: protectedProcedure.meta({ rest: { method: "POST", path: "/post/report/:postId", summary: "Report a post to the moderators (one open report per person and post)" } })
    .input(postInputs.report)
    .use(rateLimit("comment"))
    .use(loadUser)
    .mutation(({ ctx, input }) => reportItem(ctx.db, ctx.user.id, { kind: "post", id: input.postId, reason: input.reason, details: input.details }, ctx.now())),
  /** Reports a comment to the moderators. */
  reportComment: protectedProcedure.meta({ rest: { method: "POST", path: "/post/reportComment/:commentId", summary: "Report a comment to the moderators (one open report per person and comment)" } })
    .input(postInputs.reportComment)
    .use(rateLimit("comment"))
    .use(loadUser)
    .mutation(({ ctx, input }) =>
      reportItem(ctx.db, ctx.user.id, { kind: "comment", id: input.commentId, reason: input.reason, details: input.details }, ctx.now()),
    ),
  /** Reports a shared conversation (its share or public link) to the moderators. */
  reportConversation: protectedProcedure.meta({ rest: { method: "POST", path: "/chat/report/:sessionId", summary: "Report a shared conversation to the moderators (one open report per person and conversation)" } })
    .input(postInputs.reportConversation)
    .use(rateLimit("comment"))
    .use(loadUser)
    .mutation(({ ctx, input }) =>
      reportItem(ctx.db, ctx.user.id, { kind: "conversation", id: input.sessionId, reason: input.reason, details: input.details }, ctx.now()),
    ),
});
