import { z } from "zod";
import { CATEGORIES, DISCOVERY_LIMITS, FEED_CATEGORIES, FEED_SORTS, int4Id, LIMITS, storableText } from "@parley/contracts";
import { loadUser, protectedProcedure, rateLimit, router } from "../trpc";
import { addComment, deleteComment, listComments } from "./comments";
import { reportFields } from "../moderation/input";
import { reportItem } from "../moderation/reports";
import { hasLikedPost, likePost, unlikePost } from "./likes";
import { getLeaderboard } from "./leaderboard";
import { searchInput } from "../search/input";
import { getPostLineage } from "./lineage";
import { searchPosts } from "./search";
import { deletePost, getPostById, listRecentPosts, publishSession } from "./posts";
import { voteOnPost } from "./votes";

/** Post ids from routes are parsed as integers. */
const postId = int4Id("a post id");
const byPost = z.object({ postId });
const byComment = z.object({ commentId: int4Id("a comment id") });

const createInput = z.object({
  chat_id: z.coerce.number({ message: "must be a conversation id" }).int().positive("Save your conversation first before posting.").max(Number.MAX_SAFE_INTEGER),
  description: storableText()
    .trim()
    .min(1, "Please add a description for your post.")
    .max(LIMITS.postDescription, `A description can be at most ${LIMITS.postDescription} characters.`),
  categories: z.array(z.enum(CATEGORIES, { message: `must be one of ${CATEGORIES.join(", ")}` })).max(CATEGORIES.length).optional().default([]),
});

/** A comparison's column: 0 for answer A up to 3 for answer D. */
const voteColumn = z
  .number({ message: "must be the column of the answer you vote for (0 for A, 1 for B, ...)" })
  .int("must be a whole number (0 for A, 1 for B, ...)")
  .min(0, "must be 0 or more (0 for A, 1 for B, ...)")
  .max(3, "must be at most 3: a comparison has up to 4 answers");

const leaderboardInput = z
  .object({ category: z.enum(FEED_CATEGORIES, { message: `must be one of ${FEED_CATEGORIES.join(", ")}` }).optional() })
  .optional()
  .default({});

/** A feed cursor is the previous page's `next_cursor`; the list checks it matches its order. */
const cursor = z.string({ message: "must be the next_cursor of a previous page" }).max(80, "must be the next_cursor of a previous page");

const listInput = z
  .object({
    // A larger page than the server serves is answered with the largest one, not refused.
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .optional()
      .default(LIMITS.recentPostsDefault)
      .transform((limit) => Math.min(limit, LIMITS.recentPostsMax)),
    category: z.enum(FEED_CATEGORIES, { message: `must be one of ${FEED_CATEGORIES.join(", ")}` }).optional(),
    sort: z.enum(FEED_SORTS, { message: `must be one of ${FEED_SORTS.join(", ")}` }).optional(),
    cursor: cursor.optional(),
  })
  .optional()
  .default({ limit: LIMITS.recentPostsDefault });

/** Procedures of the post domain. */
export const postRouter = router({
  create: protectedProcedure
    .input(createInput)
    .use(rateLimit("post"))
    .use(loadUser)
    .mutation(async ({ ctx, input }) =>
      publishSession(ctx.db, ctx.user.id, { sessionId: input.chat_id, description: input.description, categories: input.categories }, ctx.now()),
    ),
  byId: protectedProcedure.input(z.object({ id: postId })).use(loadUser).query(async ({ ctx, input }) => ({
    ...(await getPostById(ctx.db, ctx.user.id, input.id)),
    ...(await getPostLineage(ctx.db, input.id)),
  })),
  search: protectedProcedure
    .input(searchInput)
    .use(loadUser)
    .query(async ({ ctx, input }) => searchPosts(ctx.db, ctx.user.id, { ...input, limit: DISCOVERY_LIMITS.searchPageSize })),
  list: protectedProcedure.input(listInput).use(loadUser).query(async ({ ctx, input }) =>
    listRecentPosts(ctx.db, ctx.user.id, input),
  ),
  delete: protectedProcedure.input(z.object({ id: postId })).use(loadUser).mutation(async ({ ctx, input }) => deletePost(ctx.db, ctx.user.id, input.id)),
  comments: protectedProcedure.input(byPost).use(loadUser).query(({ ctx, input }) => listComments(ctx.db, ctx.user.id, input.postId)),
  /** Deletes the caller's own comment. */
  deleteComment: protectedProcedure
    .input(byComment)
    .use(loadUser)
    .mutation(({ ctx, input }) => deleteComment(ctx.db, ctx.user.id, input.commentId)),
  /** Reports a post to the moderators (counted with comments for the rate limit). */
  report: protectedProcedure
    .input(byPost.extend(reportFields))
    .use(rateLimit("comment"))
    .use(loadUser)
    .mutation(({ ctx, input }) => reportItem(ctx.db, ctx.user.id, { kind: "post", id: input.postId, reason: input.reason, details: input.details }, ctx.now())),
  /** Reports a comment to the moderators. */
  reportComment: protectedProcedure
    .input(byComment.extend(reportFields))
    .use(rateLimit("comment"))
    .use(loadUser)
    .mutation(({ ctx, input }) =>
      reportItem(ctx.db, ctx.user.id, { kind: "comment", id: input.commentId, reason: input.reason, details: input.details }, ctx.now()),
    ),
  addComment: protectedProcedure
    .input(
      byPost.extend({
        content: storableText()
          .trim()
          .min(1, "Write a comment first: it cannot be empty.")
          .max(LIMITS.comment, `A comment can be at most ${LIMITS.comment.toLocaleString("en-US")} characters.`),
      }),
    )
    .use(rateLimit("comment"))
    .use(loadUser)
    .mutation(async ({ ctx, input }) => addComment(ctx.db, ctx.user.id, input.postId, input.content, ctx.now())),
  like: protectedProcedure.input(byPost).use(rateLimit("like")).use(loadUser).mutation(async ({ ctx, input }) => likePost(ctx.db, ctx.user.id, input.postId)),
  unlike: protectedProcedure.input(byPost).use(rateLimit("like")).use(loadUser).mutation(async ({ ctx, input }) => unlikePost(ctx.db, ctx.user.id, input.postId)),
  hasLiked: protectedProcedure.input(byPost).use(loadUser).query(async ({ ctx, input }) => hasLikedPost(ctx.db, ctx.user.id, input.postId)),
  /** The viewer's vote for the best answer of a comparison post (counted with likes for the rate limit). */
  vote: protectedProcedure
    .input(byPost.extend({ column: voteColumn }))
    .use(rateLimit("like"))
    .use(loadUser)
    .mutation(async ({ ctx, input }) => voteOnPost(ctx.db, ctx.user.id, input.postId, input.column, ctx.now())),
  leaderboard: protectedProcedure.input(leaderboardInput).query(({ ctx, input }) => getLeaderboard(ctx.db, input.category)),
});

