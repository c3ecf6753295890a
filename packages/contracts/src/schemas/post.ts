import { z } from "zod";
import { CATEGORIES, FEED_CATEGORIES } from "../categories";
import { FEED_SORTS } from "../discovery";
import { ANSWER_KEY_MESSAGE, ANSWER_KEY_PATTERN } from "../answers";
import { int4Id, storableText } from "../input";
import { LIMITS } from "../limits";
import { cursorSchema, nextCursor, sessionIdSchema } from "./common";
import { leaderboardInputs, leaderboardResponse } from "./leaderboard";
import { privacyChoiceFields } from "./privacy";
import { searchInput } from "./search";
import { reportFields, reportTaken } from "./admin";
import { authorShape, comparisonView, downloadFile, postDetail, postSummary, snippetPart } from "./shapes";

/** An answer's key as sent (docs/reach.md, 'Links to one answer'). */
const answerKeySchema = z.string({ message: ANSWER_KEY_MESSAGE }).trim().regex(ANSWER_KEY_PATTERN, ANSWER_KEY_MESSAGE);

/** Post ids from routes are parsed as integers. */
const postId = int4Id("a post id");
const byPost = z.object({ postId });
const byComment = z.object({ commentId: int4Id("a comment id") });
const feedCategory = z.enum(FEED_CATEGORIES, { message: `must be one of ${FEED_CATEGORIES.join(", ")}` });

/** A comparison's column: 0 for answer A up to 3 for answer D. */
const voteColumn = z
  .number({ message: "must be the column of the answer you vote for (0 for A, 1 for B, ...)" })
  .int("must be a whole number (0 for A, 1 for B, ...)")
  .min(0, "must be 0 or more (0 for A, 1 for B, ...)")
  .max(3, "must be at most 3: a comparison has up to 4 answers");

/** Inputs of the post procedures, by procedure name. */
export const postInputs = {
  create: z.object({
    chat_id: z.coerce
      .number({ message: "must be a conversation id" })
      .int()
      .positive("Save your conversation first before posting.")
      .max(Number.MAX_SAFE_INTEGER),
    description: storableText()
      .trim()
      .min(1, "Please add a description for your post.")
      .max(LIMITS.postDescription, `A description can be at most ${LIMITS.postDescription} characters.`),
    categories: z
      .array(z.enum(CATEGORIES, { message: `must be one of ${CATEGORIES.join(", ")}` }))
      .max(CATEGORIES.length)
      .optional()
      .default([]),
    ...privacyChoiceFields,
  }),
  byId: z.object({ id: postId }),
  search: searchInput,
  list: z
    .object({
      // A larger page than the server serves is answered with the largest one, not refused.
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .optional()
        .default(LIMITS.recentPostsDefault)
        .transform((limit) => Math.min(limit, LIMITS.recentPostsMax)),
      category: feedCategory.optional(),
      sort: z.enum(FEED_SORTS, { message: `must be one of ${FEED_SORTS.join(", ")}` }).optional(),
      cursor: cursorSchema.optional(),
    })
    .optional()
    .default({ limit: LIMITS.recentPostsDefault }),
  delete: z.object({ id: postId }),
  comments: byPost,
  deleteComment: byComment,
  report: byPost.extend(reportFields),
  reportComment: byComment.extend(reportFields),
  /** A shared conversation (read through its share or public link) reported to the moderators. */
  reportConversation: z.object({ sessionId: sessionIdSchema, ...reportFields }),
  addComment: byPost.extend({
    content: storableText()
      .trim()
      .min(1, "Write a comment first: it cannot be empty.")
      .max(LIMITS.comment, `A comment can be at most ${LIMITS.comment.toLocaleString("en-US")} characters.`),
    /** The answer of the post the comment is about (docs/reach.md, 'Links to one answer'); none for the whole post. */
    answer: answerKeySchema.optional(),
  }),
  /** One answer of a post, with the prompt before it. */
  answer: byPost.extend({ answer: answerKeySchema }),
  like: byPost,
  unlike: byPost,
  hasLiked: byPost,
  vote: byPost.extend({ column: voteColumn }),
  leaderboard: leaderboardInputs.leaderboard,
  leaderboardVotes: leaderboardInputs.votes,
} as const;

/** Answers of the post procedures, by procedure name. */
export const postOutputs = {
  create: z.object({ post_id: z.number().int() }),
  byId: postDetail,
  answer: z.object({
    post_id: z.number().int(),
    answer: z.string().describe("The answer's key"),
    label: z.string(),
    author: z.string().describe("The model's name, or the column's label ('Answer B') while the comparison is blind to the caller"),
    content: z.string(),
    question: z.string().describe("The prompt the answer replies to"),
    comments: z.number().int().describe("Comments anchored to this answer"),
    path: z.string().describe("The answer's link on the post page"),
  }),
  search: z.object({ posts: z.array(postSummary.extend({ snippet: z.array(snippetPart) })), next_cursor: nextCursor }),
  /** A page of the feed (REST answers with `posts` alone, the next page's address in a Link header). */
  list: z.object({ posts: z.array(postSummary), next_cursor: nextCursor }),
  delete: z.object({ deleted: z.literal(true), id: z.number().int() }),
  comments: z.array(
    z.object({
      id: z.number().int(),
      ...authorShape,
      content: z.string(),
      created_at: z.string(),
      is_own: z.boolean().describe("The caller wrote it (and may delete it)"),
      hidden: z.boolean().describe("Hidden by a moderator: only its author still sees it, marked"),
      answer: z.string().nullable().describe("The key of the answer the comment is about; null for the whole post"),
      answer_label: z.string().nullable().describe("How that answer is named ('answer 2', 'answer B')"),
    }),
  ),
  deleteComment: z.object({ deleted: z.literal(true), id: z.number().int(), post_id: z.number().int(), comments: z.number().int() }),
  addComment: z.object({ id: z.number().int(), comments: z.number().int().describe("The post's comment count now") }),
  like: z.object({ already_liked: z.boolean(), likes: z.number().int() }),
  unlike: z.object({ unliked: z.boolean(), likes: z.number().int() }),
  hasLiked: z.object({ has_liked: z.boolean() }),
  vote: comparisonView,
  leaderboard: leaderboardResponse,
  leaderboardVotes: downloadFile(
    "The file: JSON (application/json: `fitted_at`, `votes` of { comparison, source, models, choice, category, day, lengths, markdown }) or CSV (text/csv: comparison, source, model_a..model_d, choice, category, day, length_a..length_d, markdown_a..markdown_d), sent as an attachment; `comparison` and `day` only for comparisons whose models the caller knows, the measures rounded to 0.5 and pooled (docs/leaderboard.md)",
  ),
  report: reportTaken,
  reportComment: reportTaken,
  reportConversation: reportTaken,
} as const;
