import type { TRPCRouterRecord } from "@trpc/server";
import { DISCOVERY_LIMITS, postInputs, postOutputs } from "@parley/contracts";
import { answer } from "../kit/answers";
import { callerIsAdmin, isNewSearch, loadUser, loadViewer, protectedProcedure, rateLimit } from "../kit/trpc";
import { getPostAnswer } from "../community/post/answers";
import { addComment, deleteComment, listComments } from "../community/post/comments";
import { hasLikedPost, likePost, unlikePost } from "../community/post/likes";
import { deletePost, listRecentPosts } from "../community/post/posts";
import { getPostPage, publishPost } from "../community/post/publish";
import { searchPosts } from "../community/post/search";
import { voteCountingOf, voteOnPost } from "../community/post/votes";
import { downloadVotes } from "../community/verdicts/download";
import { getLeaderboard } from "../community/verdicts/leaderboard";
import { reportItem } from "../moderation/reports";

/** The `post` namespace: posts, their comments, likes and votes, the leaderboard, and reports to the moderators. */
export const post = {
  create: protectedProcedure
    .meta({ rest: { method: "POST", path: "/post/postChat", summary: "Publish a saved conversation as a post (a snapshot)" } })
    .input(postInputs.create)
    .output(answer(postOutputs.create))
    .use(rateLimit("post"))
    .use(loadUser)
    .mutation(({ ctx, input }) => publishPost(ctx.db, ctx.user, input, ctx.now())),
  byId: protectedProcedure
    .meta({ rest: { method: "GET", path: "/post/getPost/:id", summary: "One post with its conversation, comparison and lineage" } })
    .input(postInputs.byId)
    .output(answer(postOutputs.byId))
    .use(loadViewer)
    .query(({ ctx, input }) => getPostPage(ctx.db, ctx.user.id, input.id, () => callerIsAdmin(ctx), voteCountingOf(ctx))),
  /** One answer of a post with the prompt before it: what its link shows (docs/reach.md, 'Links to one answer'). */
  answer: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/post/answer/:postId/:answer",
        summary: "One answer of a post, with the prompt before it, its comment count and its link",
      },
    })
    .input(postInputs.answer)
    .output(answer(postOutputs.answer))
    .use(loadViewer)
    .query(({ ctx, input }) => getPostAnswer(ctx.db, ctx.user.id, input.postId, input.answer)),
  search: protectedProcedure
    .meta({ rest: { method: "GET", path: "/post/search", summary: "Search posts by their text" } })
    .input(postInputs.search)
    .output(answer(postOutputs.search))
    .use(rateLimit("search", isNewSearch))
    .use(loadViewer)
    .query(({ ctx, input }) => searchPosts(ctx.db, ctx.user.id, { ...input, limit: DISCOVERY_LIMITS.searchPageSize, now: ctx.now() })),
  list: protectedProcedure
    .meta({ rest: { method: "GET", path: "/post/getRecentPosts", summary: "The community feed: post summaries, newest first or most popular" } })
    .input(postInputs.list)
    .output(answer(postOutputs.list))
    .use(loadViewer)
    .query(({ ctx, input }) => listRecentPosts(ctx.db, ctx.user.id, input)),
  delete: protectedProcedure
    .meta({ rest: { method: "POST", path: "/post/deletePost/:id", summary: "Delete one of the caller's posts" } })
    .input(postInputs.delete)
    .output(answer(postOutputs.delete))
    .use(loadUser)
    .mutation(({ ctx, input }) => deletePost(ctx.db, ctx.user.id, input.id)),
  comments: protectedProcedure
    .meta({ rest: { method: "GET", path: "/post/comments/:postId", summary: "A post's comments, oldest first" } })
    .input(postInputs.comments)
    .output(answer(postOutputs.comments))
    .use(loadViewer)
    .query(({ ctx, input }) => listComments(ctx.db, ctx.user.id, input.postId)),
  /** Deletes the caller's own comment. */
  deleteComment: protectedProcedure
    .meta({ rest: { method: "POST", path: "/post/deleteComment/:commentId", summary: "Delete one of the caller's own comments" } })
    .input(postInputs.deleteComment)
    .output(answer(postOutputs.deleteComment))
    .use(loadUser)
    .mutation(({ ctx, input }) => deleteComment(ctx.db, ctx.user.id, input.commentId)),
  addComment: protectedProcedure
    .meta({ rest: { method: "POST", path: "/post/comment/:postId", summary: "Comment on a post" } })
    .input(postInputs.addComment)
    .output(answer(postOutputs.addComment))
    .use(rateLimit("comment"))
    .use(loadUser)
    .mutation(({ ctx, input }) => addComment(ctx.db, ctx.user.id, input.postId, input.content, ctx.now(), input.answer)),
  like: protectedProcedure
    .meta({ rest: { method: "POST", path: "/post/like/:postId", summary: "Like a post (a second like answers already_liked)" } })
    .input(postInputs.like)
    .output(answer(postOutputs.like))
    .use(rateLimit("like"))
    .use(loadUser)
    .mutation(({ ctx, input }) => likePost(ctx.db, ctx.user.id, input.postId)),
  unlike: protectedProcedure
    .meta({ rest: { method: "POST", path: "/post/unlike/:postId", summary: "Take back a like" } })
    .input(postInputs.unlike)
    .output(answer(postOutputs.unlike))
    .use(rateLimit("like"))
    .use(loadUser)
    .mutation(({ ctx, input }) => unlikePost(ctx.db, ctx.user.id, input.postId)),
  hasLiked: protectedProcedure
    .meta({ rest: { method: "GET", path: "/post/hasLiked/:postId", summary: "Whether the caller likes a post" } })
    .input(postInputs.hasLiked)
    .output(answer(postOutputs.hasLiked))
    .use(loadViewer)
    .query(({ ctx, input }) => hasLikedPost(ctx.db, ctx.user.id, input.postId)),
  /** The viewer's vote for the best answer of a comparison post (counted with likes for the rate limit). */
  vote: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/post/vote/:postId",
        summary: "Vote for the best answer of a comparison post, by its place as shown to you (0 for A); final, and the models are revealed to the voter",
      },
    })
    .input(postInputs.vote)
    .output(answer(postOutputs.vote))
    .use(rateLimit("like"))
    .use(loadUser)
    .mutation(({ ctx, input }) => voteOnPost(ctx.db, ctx.user.id, input.postId, input.column, voteCountingOf(ctx))),
  /** The leaderboard, served from the last background fit. */
  leaderboard: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/post/leaderboard",
        summary: "Models ranked by their rating from the blind votes, with 95% intervals, rank ranges and the pairwise win rates",
        description:
          "Served from the last background fit (refitted every LEADERBOARD_REFIT_SECONDS; docs/leaderboard.md). `style=true` is the " +
          "style-controlled view; `promptId` counts the pairwise matrix over that prompt's votes.",
      },
    })
    .input(postInputs.leaderboard)
    .output(answer(postOutputs.leaderboard))
    .use(loadViewer)
    .query(({ ctx, input }) => getLeaderboard(ctx.db, ctx.user.id, input)),
  leaderboardVotes: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/post/leaderboard/votes",
        summary:
          "Download the counted votes, anonymised, as JSON or CSV (models in the order shown, choice, category, each answer's style measures; the " +
          "comparison's hashed id and the day for comparisons whose models the caller knows)",
        description:
          "No voter and no text, sorted by what each vote says. `comparison` (an HMAC of the comparison under a key kept in the database: the same " +
          "on every server and after a restart) and `day` are given only for a comparison whose models the caller knows (made, voted on, known from " +
          "its blind set, or their own battle), null otherwise. Per answer in shown order, `lengths` and `markdown` (CSV: `length_a`..`length_d`, " +
          "`markdown_a`..`markdown_d`) are its length and markdown count relative to the vote's others, (s − mean) / (mean + 1), rounded to 0.5, " +
          "exactly as the style-controlled view uses them before dividing by their standard deviation; null (CSV: empty) when not known or when " +
          "fewer than 5 comparisons share the vote's figures (docs/leaderboard.md).",
        download: true,
      },
    })
    .input(postInputs.leaderboardVotes)
    .output(answer(postOutputs.leaderboardVotes))
    .use(rateLimit("export"))
    .use(loadViewer)
    .query(({ ctx, input }) => downloadVotes(ctx.db, ctx.user.id, input.format, ctx.now())),
  /** Reports a post to the moderators (counted with comments for the rate limit). */
  report: protectedProcedure
    .meta({ rest: { method: "POST", path: "/post/report/:postId", summary: "Report a post to the moderators (one open report per person and post)" } })
    .input(postInputs.report)
    .output(answer(postOutputs.report))
    .use(rateLimit("comment"))
    .use(loadUser)
    .mutation(({ ctx, input }) => reportItem(ctx.db, ctx.user.id, { kind: "post", id: input.postId, reason: input.reason, details: input.details }, ctx.now())),
  /** Reports a comment to the moderators. */
  reportComment: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/post/reportComment/:commentId",
        summary: "Report a comment to the moderators (one open report per person and comment)",
      },
    })
    .input(postInputs.reportComment)
    .output(answer(postOutputs.reportComment))
    .use(rateLimit("comment"))
    .use(loadUser)
    .mutation(({ ctx, input }) =>
      reportItem(ctx.db, ctx.user.id, { kind: "comment", id: input.commentId, reason: input.reason, details: input.details }, ctx.now()),
    ),
  /** Reports a shared conversation (its share or public link) to the moderators. */
  reportConversation: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/chat/report/:sessionId",
        summary: "Report a shared conversation to the moderators (one open report per person and conversation)",
      },
    })
    .input(postInputs.reportConversation)
    .output(answer(postOutputs.reportConversation))
    .use(rateLimit("comment"))
    .use(loadUser)
    .mutation(({ ctx, input }) =>
      reportItem(ctx.db, ctx.user.id, { kind: "conversation", id: input.sessionId, reason: input.reason, details: input.details }, ctx.now()),
    ),
} satisfies TRPCRouterRecord;
