import { DISCOVERY_LIMITS, postInputs } from "@parley/contracts";
import { callerIsAdmin, isNewSearch, loadUser, loadViewer, protectedProcedure, rateLimit, router } from "../../kit/trpc";
import { addComment, deleteComment, listComments } from "./comments";
import { reportItem } from "../../moderation/reports";
import { hasLikedPost, likePost, unlikePost } from "./likes";
import { getLeaderboard } from "./leaderboard";
import { getPostLineage } from "./lineage";
import { forgetSearchRankings, searchPosts } from "./search";
import { deletePost, getPostById, listRecentPosts, publishSession } from "./posts";
import { voteOnPost } from "./votes";

/** Procedures of the post domain. */
export const postRouter = router({
  create: protectedProcedure
    .input(postInputs.create)
    .use(rateLimit("post"))
    .use(loadUser)
    .mutation(async ({ ctx, input }) => {
      const published = await publishSession(ctx.db, ctx.user.id, { sessionId: input.chat_id, description: input.description, categories: input.categories }, ctx.now());
      // Searches on this instance find the new post at once.
      forgetSearchRankings(ctx.db);
      return published;
    }),
  byId: protectedProcedure.input(postInputs.byId).use(loadViewer).query(async ({ ctx, input }) => ({
    ...(await getPostById(ctx.db, ctx.user.id, input.id, () => callerIsAdmin(ctx))),
    ...(await getPostLineage(ctx.db, input.id)),
  })),
  search: protectedProcedure
    .input(postInputs.search)
    .use(rateLimit("search", isNewSearch))
    .use(loadViewer)
    .query(async ({ ctx, input }) => searchPosts(ctx.db, ctx.user.id, { ...input, limit: DISCOVERY_LIMITS.searchPageSize, now: ctx.now() })),
  list: protectedProcedure.input(postInputs.list).use(loadViewer).query(async ({ ctx, input }) =>
    listRecentPosts(ctx.db, ctx.user.id, input),
  ),
  delete: protectedProcedure.input(postInputs.delete).use(loadUser).mutation(async ({ ctx, input }) => deletePost(ctx.db, ctx.user.id, input.id)),
  comments: protectedProcedure.input(postInputs.comments).use(loadViewer).query(({ ctx, input }) => listComments(ctx.db, ctx.user.id, input.postId)),
  /** Deletes the caller's own comment. */
  deleteComment: protectedProcedure
    .input(postInputs.deleteComment)
    .use(loadUser)
    .mutation(({ ctx, input }) => deleteComment(ctx.db, ctx.user.id, input.commentId)),
  /** Reports a post to the moderators (counted with comments for the rate limit). */
  report: protectedProcedure
    .input(postInputs.report)
    .use(rateLimit("comment"))
    .use(loadUser)
    .mutation(({ ctx, input }) => reportItem(ctx.db, ctx.user.id, { kind: "post", id: input.postId, reason: input.reason, details: input.details }, ctx.now())),
  /** Reports a comment to the moderators. */
  reportComment: protectedProcedure
    .input(postInputs.reportComment)
    .use(rateLimit("comment"))
    .use(loadUser)
    .mutation(({ ctx, input }) =>
      reportItem(ctx.db, ctx.user.id, { kind: "comment", id: input.commentId, reason: input.reason, details: input.details }, ctx.now()),
    ),
  /** Reports a shared conversation (its share or public link) to the moderators. */
  reportConversation: protectedProcedure
    .input(postInputs.reportConversation)
    .use(rateLimit("comment"))
    .use(loadUser)
    .mutation(({ ctx, input }) =>
      reportItem(ctx.db, ctx.user.id, { kind: "conversation", id: input.sessionId, reason: input.reason, details: input.details }, ctx.now()),
    ),
  addComment: protectedProcedure
    .input(postInputs.addComment)
    .use(rateLimit("comment"))
    .use(loadUser)
    .mutation(async ({ ctx, input }) => addComment(ctx.db, ctx.user.id, input.postId, input.content, ctx.now())),
  like: protectedProcedure.input(postInputs.like).use(rateLimit("like")).use(loadUser).mutation(async ({ ctx, input }) => likePost(ctx.db, ctx.user.id, input.postId)),
  unlike: protectedProcedure.input(postInputs.unlike).use(rateLimit("like")).use(loadUser).mutation(async ({ ctx, input }) => unlikePost(ctx.db, ctx.user.id, input.postId)),
  hasLiked: protectedProcedure.input(postInputs.hasLiked).use(loadViewer).query(async ({ ctx, input }) => hasLikedPost(ctx.db, ctx.user.id, input.postId)),
  /** The viewer's vote for the best answer of a comparison post (counted with likes for the rate limit). */
  vote: protectedProcedure
    .input(postInputs.vote)
    .use(rateLimit("like"))
    .use(loadUser)
    .mutation(async ({ ctx, input }) => voteOnPost(ctx.db, ctx.user.id, input.postId, input.column, ctx.now())),
  leaderboard: protectedProcedure.input(postInputs.leaderboard).query(({ ctx, input }) => getLeaderboard(ctx.db, input.category)),
});

