import { DISCOVERY_LIMITS, postInputs } from "@parley/contracts";
import { applyPrivacyChoice, isPrivacyCheckBlocking } from "../../kit/privacy";
import { callerIsAdmin, isNewSearch, loadUser, loadViewer, protectedProcedure, rateLimit, router } from "../../kit/trpc";
import { countAnswerComments, getPostAnswer } from "./answers";
import { addComment, deleteComment, listComments } from "./comments";
import { hasLikedPost, likePost, unlikePost } from "./likes";
import { getPostLineage } from "./lineage";
import { forgetSearchRankings, searchPosts } from "./search";
import { deletePost, getPostById, listRecentPosts, publishSession } from "./posts";
import { voteCountingOf, voteOnPost } from "./votes";

/** Procedures of the post domain. */
export const postRouter = router({
  create: protectedProcedure.meta({ rest: { method: "POST", path: "/post/postChat", summary: "Publish a saved conversation as a post (a snapshot)" } })
    .input(postInputs.create)
    .use(rateLimit("post"))
    .use(loadUser)
    .mutation(async ({ ctx, input }) => {
      // What leaves passes the privacy check, run again here on the text itself (docs/privacy.md).
      const blocking = await isPrivacyCheckBlocking(ctx.db);
      const published = await publishSession(ctx.db, ctx.user.id, { sessionId: input.chat_id, description: input.description, categories: input.categories }, ctx.now(), (texts) =>
        applyPrivacyChoice(texts, ctx.user, input, blocking),
      );
      // Searches on this instance find the new post at once.
      forgetSearchRankings(ctx.db);
      return published;
    }),
  byId: protectedProcedure.meta({ rest: { method: "GET", path: "/post/getPost/:id", summary: "One post with its conversation, comparison and lineage" } }).input(postInputs.byId).use(loadViewer).query(async ({ ctx, input }) => ({
    ...(await getPostById(ctx.db, ctx.user.id, input.id, () => callerIsAdmin(ctx), voteCountingOf(ctx))),
    ...(await getPostLineage(ctx.db, input.id)),
    answer_comments: await countAnswerComments(ctx.db, input.id),
  })),
  /** One answer of a post with the prompt before it: what its link shows (docs/reach.md, 'Links to one answer'). */
  answer: protectedProcedure.meta({ rest: { method: "GET", path: "/post/answer/:postId/:answer", summary: "One answer of a post, with the prompt before it, its comment count and its link" } })
    .input(postInputs.answer)
    .use(loadViewer)
    .query(({ ctx, input }) => getPostAnswer(ctx.db, ctx.user.id, input.postId, input.answer)),
  search: protectedProcedure.meta({ rest: { method: "GET", path: "/post/search", summary: "Search posts by their text" } })
    .input(postInputs.search)
    .use(rateLimit("search", isNewSearch))
    .use(loadViewer)
    .query(async ({ ctx, input }) => searchPosts(ctx.db, ctx.user.id, { ...input, limit: DISCOVERY_LIMITS.searchPageSize, now: ctx.now() })),
  list: protectedProcedure.meta({ rest: { method: "GET", path: "/post/getRecentPosts", summary: "The community feed: post summaries, newest first or most popular" } }).input(postInputs.list).use(loadViewer).query(async ({ ctx, input }) =>
    listRecentPosts(ctx.db, ctx.user.id, input),
  ),
  delete: protectedProcedure.meta({ rest: { method: "POST", path: "/post/deletePost/:id", summary: "Delete one of the caller's posts" } }).input(postInputs.delete).use(loadUser).mutation(async ({ ctx, input }) => deletePost(ctx.db, ctx.user.id, input.id)),
  comments: protectedProcedure.meta({ rest: { method: "GET", path: "/post/comments/:postId", summary: "A post's comments, oldest first" } }).input(postInputs.comments).use(loadViewer).query(({ ctx, input }) => listComments(ctx.db, ctx.user.id, input.postId)),
  /** Deletes the caller's own comment. */
  deleteComment: protectedProcedure.meta({ rest: { method: "POST", path: "/post/deleteComment/:commentId", summary: "Delete one of the caller's own comments" } })
    .input(postInputs.deleteComment)
    .use(loadUser)
    .mutation(({ ctx, input }) => deleteComment(ctx.db, ctx.user.id, input.commentId)),
  addComment: protectedProcedure.meta({ rest: { method: "POST", path: "/post/comment/:postId", summary: "Comment on a post" } })
    .input(postInputs.addComment)
    .use(rateLimit("comment"))
    .use(loadUser)
    .mutation(async ({ ctx, input }) => addComment(ctx.db, ctx.user.id, input.postId, input.content, ctx.now(), input.answer)),
  like: protectedProcedure.meta({ rest: { method: "POST", path: "/post/like/:postId", summary: "Like a post (a second like answers already_liked)" } }).input(postInputs.like).use(rateLimit("like")).use(loadUser).mutation(async ({ ctx, input }) => likePost(ctx.db, ctx.user.id, input.postId)),
  unlike: protectedProcedure.meta({ rest: { method: "POST", path: "/post/unlike/:postId", summary: "Take back a like" } }).input(postInputs.unlike).use(rateLimit("like")).use(loadUser).mutation(async ({ ctx, input }) => unlikePost(ctx.db, ctx.user.id, input.postId)),
  hasLiked: protectedProcedure.meta({ rest: { method: "GET", path: "/post/hasLiked/:postId", summary: "Whether the caller likes a post" } }).input(postInputs.hasLiked).use(loadViewer).query(async ({ ctx, input }) => hasLikedPost(ctx.db, ctx.user.id, input.postId)),
  /** The viewer's vote for the best answer of a comparison post (counted with likes for the rate limit). */
  vote: protectedProcedure.meta({ rest: { method: "POST", path: "/post/vote/:postId", summary: "Vote for the best answer of a comparison post, by its place as shown to you (0 for A); final, and the models are revealed to the voter" } })
    .input(postInputs.vote)
    .use(rateLimit("like"))
    .use(loadUser)
    .mutation(async ({ ctx, input }) => voteOnPost(ctx.db, ctx.user.id, input.postId, input.column, voteCountingOf(ctx))),
});

