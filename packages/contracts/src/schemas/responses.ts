import { z } from "zod";
import { REPORT_REASONS } from "../moderation";
import { ITEM_KINDS } from "./admin";
import { leaderboardResponse } from "./leaderboard";
import {
  accessTokenSummary,
  authorShape,
  forkedFrom,
  historyEntry,
  postDetail,
  postMessage,
  postSummary,
  publicLinkStatus,
  linkSettings,
  sharedLink,
  snippetPart,
  transcript,
  usage,
  userSettings,
  comparisonView,
} from "./shapes";
import {
  promptAnswers,
  promptCard,
  promptComment,
  promptCommentPage,
  promptDetail,
  promptImported,
  promptLibraryFile,
  promptLike,
  promptPage,
  promptRemoved,
  promptReported,
  promptVersions,
  publicPrompt,
} from "./prompts";
import { privacyScan, privacySetting } from "./privacy";

const nextCursor = z.string().nullable().describe("Pass as `cursor` for the next page; null on the last page");

/** A conversation's history as the REST path answers it (the branch being read). */
const chatHistory = z.object({
  session_id: z.number().int(),
  description: z.string().nullable(),
  sessions: z.array(historyEntry),
  category: z.string().nullable(),
  username: z.string().optional().describe("The owner's name, when reading a shared conversation"),
  model_names: z.record(z.string(), z.string()).describe("The name of each model the branch's replies came from, by model id"),
  is_owner: z.boolean(),
  shared: z.boolean(),
  forked_from: forkedFrom,
  compare_models: z.array(z.string()).nullable().describe("A comparison's models in column order; null for an ordinary chat"),
  columns: z
    .array(z.object({ column: z.number().int(), model_id: z.string(), model_name: z.string(), sessions: z.array(historyEntry) }))
    .nullable()
    .describe("A comparison's every column with its model and exchanges (`sessions` holds column 0's); null for an ordinary chat"),
});

/** A battle as its owner reads it: A and B, named only once the verdict is given. */
const battle = z.object({
  battle_id: z.number().int(),
  session_id: z.number().int(),
  description: z.string(),
  category: z.string(),
  created_at: z.string(),
  state: z.enum(["blind", "decided"]),
  message_content: z.string(),
  answers: z.array(
    z.object({
      column: z.number().int(),
      label: z.string(),
      response_content: z.string(),
      status: z.string().describe("'complete', 'pending' (still streaming), 'error' or 'stopped'"),
      error: z.string().nullable(),
      usage: usage.nullable().describe("Null until the verdict: what an answer cost differs by model (an own key is not charged); after it, its tokens and what was charged to the allowance"),
      model_id: z.string().nullable().describe("Null until the verdict"),
      model_name: z.string().nullable().describe("Null until the verdict"),
    }),
  ),
  verdict: z
    .object({
      choice: z.enum(["a", "b", "tie", "both_bad"]),
      counted: z.boolean().describe("It counts on the leaderboard now: both answers were complete, and the vote rules (the account's age, the day's cap) count it; `left_out` says why not"),
      left_out: z
        .enum(["incomplete", "waiting", "capped"])
        .nullable()
        .describe(
          "Why the verdict does not count (docs/leaderboard.md, 'What is counted'), as a post vote's `my_vote_left_out`: incomplete (an answer did not complete), waiting (the account is newer than VOTE_MIN_ACCOUNT_AGE_HOURS; it counts once the account is old enough), capped (over the day's cap on a person's counted votes, post votes and verdicts together); null when it counts",
        ),
      counts_at: z
        .string()
        .nullable()
        .describe("When a waiting verdict counts (ISO time): once the account is VOTE_MIN_ACCOUNT_AGE_HOURS old; null unless `left_out` is waiting, as a post vote's `my_vote_counts_at`"),
      created_at: z.string(),
    })
    .nullable(),
});

/** A report taken (or one already open from the same person). */
const reported = z.object({ reported: z.literal(true), already_reported: z.boolean(), message: z.string() });

/** A post or comment hidden or restored by an admin. */
const moderated = z.object({ kind: z.enum(ITEM_KINDS), id: z.number().int(), hidden: z.boolean(), changed: z.boolean(), reports_settled: z.number().int() });

/** What the calls answer, by REST path (method and path under /api/v1). */
export const restResponses = {
  "POST /user/addUser": z.object({ id: z.string(), created: z.boolean() }),
  "GET /user/usersettings": userSettings,
  "GET /user/verification": z.object({
    email: z.string(),
    verified: z.boolean(),
    method: z.enum(["link", "provider"]).describe("'link': the embedded sign-in, which sends no mail, writes a verification link to the server's log; 'provider': the identity provider verifies addresses"),
    provider: z.string().nullable().describe("The identity provider's host, with 'provider'"),
  }),
  "POST /user/verification": z.object({ requested: z.literal(true), email: z.string() }),
  "POST /user/updateUserApiKeys": userSettings,
  "GET /user/tokens": z.array(accessTokenSummary),
  "POST /user/tokens": accessTokenSummary.extend({ token: z.string().describe("The secret: shown this once, never again") }),
  "DELETE /user/tokens/:id": z.object({ ok: z.literal(true) }),
  "GET /subscription/userSubscription": z.object({
    subscription_type: z.string(),
    subscription_id: z.string().nullable(),
    tokens_used: z.number().int(),
    max_tokens_allowed: z.number().int(),
    free_tokens_used: z.number().int(),
    free_tokens_allowed: z.number().int(),
    plan: z.enum(["free", "basic", "pro"]),
    status: z.string(),
    tokens_left: z.number().int(),
    period_ends_at: z.string(),
  }),
  "GET /subscription/config": z.object({ basicPrice: z.string().nullable(), proPrice: z.string().nullable(), enabled: z.boolean() }),
  "POST /subscription/create-checkout-session": z.object({ url: z.string().nullable() }),
  "POST /subscription/customer-portal": z.object({ url: z.string() }),
  "GET /chat/getPromptsAndModels": z.object({
    userModels: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        version: z.string(),
        service: z.string(),
        battle: z.boolean().describe("Whether a blind battle may draw this model (the offline demo never is)"),
      }),
    ),
    // `builtin`: one of the built-in prompts (the conversation's system prompt), not a library prompt.
    userPrompts: z.array(z.object({ id: z.number().int(), name: z.string(), prompt: z.string(), builtin: z.boolean() })),
  }),
  "GET /chat/getSessionHistory": z.object({
    sessions: z.array(
      z.object({
        id: z.number().int(),
        description: z.string().nullable(),
        category: z.string().nullable(),
        last_updated: z.string().describe("UTC without a Z suffix"),
        active: z.boolean(),
        shared: z.boolean(),
        compare_models: z.array(z.string()).nullable().describe("A comparison's models in column order; null for an ordinary chat and for a battle before its verdict"),
        battle: z.enum(["blind", "decided"]).nullable().describe("A battle: 'blind' until the caller's verdict, 'decided' after it; null for anything else"),
        forked_from: forkedFrom,
      }),
    ),
  }),
  "POST /chat/getChatHistory": chatHistory.extend({
    new_session_id: z.number().int().optional().describe("With post_id and clone=true: the new conversation"),
    unavailable_models: z.array(z.object({ model_id: z.string(), model_name: z.string() })).optional().describe("With clone=true: compared models the caller cannot use"),
  }),
  "POST /chat/postChat": z.object({ session_id: z.number().int(), message_response: z.string(), usage }),
  "POST /chat/compare": z.object({
    session_id: z.number().int(),
    columns: z.array(
      z.object({
        column: z.number().int(),
        model_id: z.string(),
        status: z.enum(["complete", "error", "stopped"]),
        message_response: z.string(),
        usage: usage.optional(),
        message: z.string().optional(),
        detail: z.string().optional(),
      }),
    ),
  }),
  "POST /chat/battles": z.object({
    battle_id: z.number().int().describe("The battle's id (its conversation's): read it at GET /chat/battles/{id}, give the verdict at POST /chat/battles/{id}/verdict"),
    session_id: z.number().int(),
    answers: z
      .array(
        z.object({
          column: z.number().int(),
          label: z.string().describe("'A' or 'B'"),
          status: z.enum(["complete", "error", "stopped"]),
          message_response: z.string(),
          message: z.string().optional(),
          detail: z.string().optional(),
        }),
      )
      .describe("The two answers, labelled; no model is named, and no usage shown, before the verdict (GET /chat/battles/{id} shows both after it)"),
  }),
  "GET /chat/battles/:id": battle,
  "POST /chat/battles/:id/verdict": battle,
  "POST /chat/switchBranch": z.object({ session_id: z.number().int(), active_entry_id: z.number().int() }),
  "POST /chat/cloneChat": z.object({ new_session_id: z.number().int() }),
  "POST /chat/deleteChat/:id": z.object({ deleted: z.literal(true), id: z.number().int() }),
  "POST /chat/shareChat/:id": z.object({ id: z.number().int(), shared: z.boolean() }),
  "POST /chat/unshareChat/:id": z.object({ id: z.number().int(), shared: z.boolean() }),
  "POST /post/postChat": z.object({ post_id: z.number().int() }),
  "GET /post/getPost/:id": postDetail,
  "GET /post/getRecentPosts": z.array(postSummary),
  "POST /post/deletePost/:id": z.object({ deleted: z.literal(true), id: z.number().int() }),
  "GET /post/comments/:postId": z.array(
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
  "GET /post/answer/:postId/:answer": z.object({
    post_id: z.number().int(),
    answer: z.string().describe("The answer's key"),
    label: z.string(),
    author: z.string().describe("The model's name, or the column's label ('Answer B') while the comparison is blind to the caller"),
    content: z.string(),
    question: z.string().describe("The prompt the answer replies to"),
    comments: z.number().int().describe("Comments anchored to this answer"),
    path: z.string().describe("The answer's link on the post page"),
  }),
  "POST /post/comment/:postId": z.object({ id: z.number().int(), comments: z.number().int().describe("The post's comment count now") }),
  "POST /post/like/:postId": z.object({ already_liked: z.boolean(), likes: z.number().int() }),
  "POST /post/unlike/:postId": z.object({ unliked: z.boolean(), likes: z.number().int() }),
  "GET /post/hasLiked/:postId": z.object({ has_liked: z.boolean() }),
  "POST /post/vote/:postId": comparisonView,
  "GET /post/leaderboard": leaderboardResponse,
  "GET /post/leaderboard/votes": z
    .string()
    .describe(
      "The file: JSON (application/json: `fitted_at`, `votes` of { comparison, source, models, choice, category, day, lengths, markdown }) or CSV (text/csv: comparison, source, model_a..model_d, choice, category, day, length_a..length_d, markdown_a..markdown_d), sent as an attachment; `comparison` and `day` only for comparisons whose models the caller knows, the measures rounded to 0.5 and pooled (docs/leaderboard.md)",
    ),
  "GET /post/search": z.object({ posts: z.array(postSummary.extend({ snippet: z.array(snippetPart) })), next_cursor: nextCursor }),
  "GET /chat/search": z.object({
    sessions: z.array(
      z.object({ id: z.number().int(), description: z.string().nullable(), category: z.string().nullable(), last_updated: z.string(), snippet: z.array(snippetPart) }),
    ),
    next_cursor: nextCursor,
  }),
  "GET /user/creator/:handle": z.object({
    user_id: z.string(),
    username: z.string(),
    handle: z.string(),
    avatar: z.string().nullable(),
    posts: z.number().int(),
    likes_received: z.number().int(),
    forks_received: z.number().int(),
  }),
  "GET /user/creator/:handle/posts": z.object({ posts: z.array(postSummary), next_cursor: nextCursor }),
  "POST /user/handle": z.object({ handle: z.string() }),
  "GET /messages/public": z.object({ text: z.string() }),
  "GET /messages/protected": z.object({ text: z.string() }),
  "GET /chat/export/:sessionId": z.string().describe("The file: Markdown (text/markdown) or JSON (application/json), sent as an attachment"),
  "GET /post/export/:postId": z.string().describe("The file: Markdown (text/markdown) or JSON (application/json), sent as an attachment"),
  "POST /chat/import": z.object({
    source: z.enum(["chatgpt", "claude"]),
    job_id: z.string().describe("The import's id: its progress reads at GET /chat/import/{jobId}"),
    imported: z.number().int(),
    exchanges: z.number().int(),
    sessions: z.array(z.object({ id: z.number().int(), description: z.string(), exchanges: z.number().int() })),
  }),
  "GET /chat/import/:jobId": z.object({
    job_id: z.string(),
    status: z.enum(["running", "done", "failed"]).describe("'failed': nothing of the import was kept"),
    conversations_done: z.number().int(),
    conversations_total: z.number().int(),
    exchanges_done: z.number().int(),
    exchanges_total: z.number().int(),
  }),
  "GET /post/publicLink/:postId": publicLinkStatus,
  "POST /post/publicLink/:postId": publicLinkStatus,
  "GET /chat/publicLink/:sessionId": publicLinkStatus,
  "POST /chat/publicLink/:sessionId": publicLinkStatus,
  "GET /public/post/:token": z.object({ kind: z.literal("post"), post_id: z.number().int(), indexable: z.boolean(), transcript }),
  "GET /public/chat/:token": z.object({ kind: z.literal("conversation"), indexable: z.literal(false), transcript }),
  "GET /public/chat/:token/share": z.object({ session_id: z.number().int() }),
  "POST /public/unlock/:token": z.object({ unlocked: z.literal(true) }),
  "POST /links/share/:sessionId/unlock": z.object({ unlocked: z.literal(true) }),
  "GET /links/:kind/:id": linkSettings,
  "POST /links/:kind/:id": linkSettings,
  "GET /links": z.object({ links: z.array(sharedLink) }),
  "POST /links/revoke/:kind/:id": z.object({ revoked: z.literal(true) }),
  "POST /links/revokeAll": z.object({ revoked: z.number().int().describe("How many links were turned off") }),
  "POST /links/share/:sessionId/refresh": sharedLink,
  "POST /post/deleteComment/:commentId": z.object({ deleted: z.literal(true), id: z.number().int(), post_id: z.number().int(), comments: z.number().int() }),
  "POST /post/report/:postId": reported,
  "POST /chat/report/:sessionId": reported,
  "POST /post/reportComment/:commentId": reported,
  "GET /admin/access": z.object({ admin: z.literal(true) }),
  "GET /admin/users": z.object({
    total: z.number().int(),
    users: z.array(
      z.object({
        id: z.string(),
        display_name: z.string(),
        nickname: z.string().nullable(),
        email: z.string().nullable(),
        email_verified: z.boolean().nullable(),
        handle: z.string().nullable(),
        plan: z.enum(["free", "basic", "pro"]),
        plan_label: z.string(),
        tokens_used: z.number().int(),
        tokens_allowed: z.number().int(),
        tokens_this_period: z.number().int(),
        period_ends_at: z.string().nullable(),
        last_seen_at: z.string().nullable(),
        created_at: z.string(),
      }),
    ),
  }),
  "GET /admin/usage": z.object({
    from: z.string(),
    to: z.string(),
    days: z.array(z.string()),
    models: z.array(
      z.object({
        key: z.string(),
        model_id: z.string().nullable(),
        model_name: z.string(),
        service: z.string(),
        input_tokens: z.number().int(),
        output_tokens: z.number().int(),
        replies: z.number().int(),
      }),
    ),
    points: z.array(z.object({ day: z.string(), model_key: z.string(), model_id: z.string().nullable(), tokens: z.number().int(), replies: z.number().int() })),
  }),
  "GET /admin/queue": z.object({
    items: z.array(
      z.object({
        kind: z.enum(ITEM_KINDS),
        id: z.number().int(),
        post_id: z.number().int().nullable().describe("The post, or the comment's post; null for a conversation, a prompt or a prompt's comment"),
        prompt_id: z.number().int().nullable().describe("The prompt, or the prompt comment's prompt; null for the other kinds"),
        excerpt: z.string(),
        author: z.object(authorShape),
        hidden: z.boolean(),
        created_at: z.string(),
        reports: z.number().int(),
        reasons: z.record(z.enum(REPORT_REASONS), z.number().int()),
        details: z.array(z.string()),
        first_reported_at: z.string().nullable(),
        last_reported_at: z.string().nullable(),
      }),
    ),
  }),
  "POST /admin/hide": moderated,
  "POST /admin/restore": moderated,
  "POST /admin/dismiss": z.object({ kind: z.enum(ITEM_KINDS), id: z.number().int(), dismissed: z.number().int() }),
  "GET /prompts": promptPage,
  "POST /prompts": promptDetail,
  "GET /prompts/discover": promptPage,
  "GET /prompts/export": promptLibraryFile,
  "POST /prompts/import": promptImported,
  "GET /prompts/:id": promptDetail,
  "PATCH /prompts/:id": promptDetail,
  "DELETE /prompts/:id": promptRemoved,
  "GET /prompts/:id/versions": promptVersions,
  "POST /prompts/:id/versions/:version/restore": promptDetail,
  "PUT /prompts/:id/visibility": promptDetail,
  "PUT /prompts/:id/public-link": promptDetail,
  "PUT /prompts/:id/like": promptLike,
  "DELETE /prompts/:id/like": promptLike,
  "POST /prompts/:id/save": promptDetail,
  "GET /prompts/:id/comments": promptCommentPage,
  "POST /prompts/:id/comments": promptComment,
  "DELETE /prompts/comments/:commentId": promptRemoved,
  "POST /prompts/:id/report": promptReported,
  "POST /prompts/comments/:commentId/report": promptReported,
  "GET /prompts/:id/answers": promptAnswers,
  "GET /user/creator/:handle/prompts": promptPage,
  "GET /public/prompt/:token": publicPrompt,
  "GET /privacy/scan/:target/:id": privacyScan,
  "GET /admin/privacy": privacySetting,
  "POST /admin/privacy": privacySetting,
} as const;

/** A reply that failed after the conversation was saved: a 502 that still names the session. */
export const sendFailure = z.object({
  message: z.string(),
  detail: z.string().optional(),
  session_id: z.number().int().optional(),
  partial_response: z.string().optional(),
});

export type RestRouteKey = keyof typeof restResponses;

/** Shapes that several answers share, named in the OpenAPI document's components. */
export const namedShapes = {
  SharedLink: sharedLink,
  LinkSettings: linkSettings,
  PostSummary: postSummary,
  Post: postDetail,
  PostMessage: postMessage,
  Comparison: comparisonView,
  HistoryEntry: historyEntry,
  Usage: usage,
  UserSettings: userSettings,
  AccessToken: accessTokenSummary,
  PublicLinkStatus: publicLinkStatus,
  Transcript: transcript,
  SnippetPart: snippetPart,
  PromptCard: promptCard,
  Prompt: promptDetail,
  PromptComment: promptComment,
};
