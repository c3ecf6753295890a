import { DISCOVERY_LIMITS, postInputs } from "@parley/contracts";
import { loadUser, protectedProcedure, rateLimit, router } from "../trpc";
import { addComment, listComments } from "./comments";
import { hasLikedPost, likePost, unlikePost } from "./likes";
import { getLeaderboard } from "./leaderboard";
import { getPostLineage } from "./lineage";
import { searchPosts } from "./search";
import { deletePost, getPostById, listRecentPosts, publishSession } from "./posts";
import { voteOnPost } from "./votes";

/** Procedures of the post domain. */
export const postRouter = router({
  create: protectedProcedure
    .input(postInputs.create)
    .use(rateLimit("post"))
    .use(loadUser)
    .mutation(async ({ ctx, input }) =>
      publishSession(ctx.db, ctx.user.id, { sessionId: input.chat_id, description: input.description, categories: input.categories }, ctx.now()),
    ),
  byId: protectedProcedure.input(postInputs.byId).use(loadUser).query(async ({ ctx, input }) => ({
    ...(await getPostById(ctx.db, ctx.user.id, input.id)),
    ...(await getPostLineage(ctx.db, input.id)),
  })),
  search: protectedProcedure
    .input(postInputs.search)
    .use(loadUser)
    .query(async ({ ctx, input }) => searchPosts(ctx.db, ctx.user.id, { ...input, limit: DISCOVERY_LIMITS.searchPageSize })),
  list: protectedProcedure.input(postInputs.list).use(loadUser).query(async ({ ctx, input }) =>
    listRecentPosts(ctx.db, ctx.user.id, input),
  ),
  delete: protectedProcedure.input(postInputs.delete).use(loadUser).mutation(async ({ ctx, input }) => deletePost(ctx.db, ctx.user.id, input.id)),
  comments: protectedProcedure.input(postInputs.comments).query(({ ctx, input }) => listComments(ctx.db, input.postId)),
  addComment: protectedProcedure
    .input(postInputs.addComment)
    .use(rateLimit("comment"))
    .use(loadUser)
    .mutation(async ({ ctx, input }) => addComment(ctx.db, ctx.user.id, input.postId, input.content, ctx.now())),
  like: protectedProcedure.input(postInputs.like).use(rateLimit("like")).use(loadUser).mutation(async ({ ctx, input }) => likePost(ctx.db, ctx.user.id, input.postId)),
  unlike: protectedProcedure.input(postInputs.unlike).use(rateLimit("like")).use(loadUser).mutation(async ({ ctx, input }) => unlikePost(ctx.db, ctx.user.id, input.postId)),
  hasLiked: protectedProcedure.input(postInputs.hasLiked).use(loadUser).query(async ({ ctx, input }) => hasLikedPost(ctx.db, ctx.user.id, input.postId)),
  /** The viewer's vote for the best answer of a comparison post (counted with likes for the rate limit). */
  vote: protectedProcedure
    .input(postInputs.vote)
    .use(rateLimit("like"))
    .use(loadUser)
    .mutation(async ({ ctx, input }) => voteOnPost(ctx.db, ctx.user.id, input.postId, input.column, ctx.now())),
  leaderboard: protectedProcedure.input(postInputs.leaderboard).query(({ ctx, input }) => getLeaderboard(ctx.db, input.category)),
});

