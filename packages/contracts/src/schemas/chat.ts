import { z } from "zod";
import { CATEGORIES } from "../categories";
import { INT4_MAX, int4Id, storableText } from "../input";
import { LIMITS } from "../limits";
import { entryIdSchema, nextCursor, sessionIdSchema } from "./common";
import { forkedFrom, historyEntry, snippetPart, usage } from "./shapes";
import { privacyChoiceFields } from "./privacy";
import { searchInput } from "./search";
import { promptUseFields } from "./prompt";

/** Fewest and most models one comparison asks. */
export const COMPARE_MODELS = { min: 2, max: 4 } as const;

/** The message being sent: trimmed, not empty, within the length limit. */
export const messageSchema = z.object({
  content: storableText()
    .trim()
    .min(1, "Type a message first: it cannot be empty.")
    .max(LIMITS.message, `A message can be at most ${LIMITS.message.toLocaleString("en-US")} characters.`),
});

/**
 * What a send and a comparison both take: the messages (the last one is sent), an optional saved
 * prompt, the conversation to continue (0 or absent for a new one) and its category.
 */
export const sendFields = {
  messages: z.array(z.object({ content: storableText() })).min(1, "messages must contain the message to send"),
  prompt_id: z
    .union([z.number().int().positive().max(INT4_MAX, `must be a prompt id of at most ${INT4_MAX}`), z.literal(""), z.literal(0), z.null()])
    .optional()
    .transform((v) => (typeof v === "number" && v > 0 ? v : null)),
  session_id: z.coerce.number().int().min(-1).max(Number.MAX_SAFE_INTEGER).optional().default(0),
  category: z.enum(CATEGORIES, { message: `must be one of ${CATEGORIES.join(", ")}` }).nullish(),
  /** The library prompt (and its version) the message was written from, recorded on the exchange; it adds no system prompt. */
  ...promptUseFields,
};

const modelIdsSchema = z
  .array(storableText("Each model must be a model id.").min(1, "Each model must be a model id."), { message: "model_ids must be a list of model ids." })
  .min(COMPARE_MODELS.min, `Pick at least ${COMPARE_MODELS.min} models to compare.`)
  .max(COMPARE_MODELS.max, `Pick at most ${COMPARE_MODELS.max} models to compare.`)
  .refine((ids) => new Set(ids).size === ids.length, "Pick each model only once: the models of a comparison must be different.");

const columnSchema = z.coerce
  .number({ message: "must be a column number" })
  .int("must be a whole number")
  .min(0, "must be a column number from 0")
  .max(COMPARE_MODELS.max - 1, `must be a column number of at most ${COMPARE_MODELS.max - 1}`);

const columnInput = z.object({ sessionId: sessionIdSchema, column: columnSchema });

/** A battle's verdict: answer A, answer B, a tie, or both bad. */
export const BATTLE_CHOICES = ["a", "b", "tie", "both_bad"] as const;
export type BattleChoice = (typeof BATTLE_CHOICES)[number];

const { session_id: _sessionId, ...battleSendFields } = sendFields;

/** Inputs of the chat procedures, by procedure name. */
export const chatInputs = {
  search: searchInput,
  history: z.object({ sessionId: sessionIdSchema, shared: z.boolean().optional().default(false) }),
  /** The spec's send payload: the last message is the one sent. */
  send: z.object({
    ...sendFields,
    model_id: storableText("Pick a model first.").min(1, "Pick a model first."),
    /** Edit or regenerate: the new exchange becomes a sibling of this one, which stays as another branch. */
    sibling_of_entry_id: entryIdSchema.nullish(),
  }),
  clonePost: z.object({ postId: int4Id("a post id") }),
  clone: z.object({ sessionId: sessionIdSchema, addCloneText: z.boolean().optional().default(false) }),
  switchBranch: z.object({ sessionId: sessionIdSchema, entryId: entryIdSchema }),
  delete: z.object({ id: sessionIdSchema }),
  share: z.object({ id: sessionIdSchema, shared: z.boolean().optional().default(true), ...privacyChoiceFields }),
  compare: z.object({ ...sendFields, model_ids: modelIdsSchema }),
  compareColumns: z.object({ sessionId: sessionIdSchema, shared: z.boolean().optional().default(false) }),
  stopCompareColumn: columnInput,
  pickWinner: columnInput,
  /** A new blind battle: the message, and optionally the prompt it came from and a category; Parley picks the two models. */
  battle: z.object(battleSendFields),
  battleById: z.object({ id: sessionIdSchema }),
  battleVerdict: z.object({
    id: sessionIdSchema,
    choice: z.enum(BATTLE_CHOICES, { message: `must be one of ${BATTLE_CHOICES.join(", ")} (answer A, answer B, a tie, both bad)` }),
  }),
} as const;

/**
 * getChatHistory's body over REST: a conversation to read (`shared` for someone else's shared
 * one), or a post to copy into a new conversation (`post_id` with `clone: true`).
 */
export const chatHistoryRequest = z.union([chatInputs.history, z.object({ post_id: chatInputs.clonePost.shape.postId, clone: z.literal(true) })]);

/** An exchange as its conversation's owner reads it: its place among its siblings (edits and regenerations). */
const ownersHistoryEntry = historyEntry.extend({
  siblings: z
    .object({ position: z.number().int(), count: z.number().int(), ids: z.array(z.number().int()) })
    .optional()
    .describe("The exchange's place among its siblings; only the owner sees it"),
});

/** A conversation's history (the branch being read). */
const chatHistory = z.object({
  session_id: z.number().int(),
  description: z.string().nullable(),
  sessions: z.array(historyEntry),
  category: z.string(),
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

/** getChatHistory's answer over REST: the history without the sibling details, and with a clone's new id. */
export const chatHistoryAnswer = chatHistory.extend({
  new_session_id: z.number().int().optional().describe("With post_id and clone=true: the new conversation"),
  unavailable_models: z
    .array(z.object({ model_id: z.string(), model_name: z.string() }))
    .optional()
    .describe("With clone=true: compared models the caller cannot use"),
});

const unavailableModels = z.array(z.object({ model_id: z.string(), model_name: z.string() }));

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
      usage: usage
        .nullable()
        .describe(
          "Null until the verdict: what an answer cost differs by model (an own key is not charged); after it, its tokens and what was charged to the allowance",
        ),
      model_id: z.string().nullable().describe("Null until the verdict"),
      model_name: z.string().nullable().describe("Null until the verdict"),
    }),
  ),
  verdict: z
    .object({
      choice: z.enum(BATTLE_CHOICES),
      counted: z
        .boolean()
        .describe(
          "It counts on the leaderboard now: both answers were complete, and the vote rules (the account's age, the day's cap) count it; `left_out` says why not",
        ),
      left_out: z
        .enum(["incomplete", "waiting", "capped"])
        .nullable()
        .describe(
          "Why the verdict does not count (docs/leaderboard.md, 'What is counted'), as a post vote's `my_vote_left_out`: incomplete (an answer did not complete), waiting (the account is newer than VOTE_MIN_ACCOUNT_AGE_HOURS; it counts once the account is old enough), capped (over the day's cap on a person's counted votes, post votes and verdicts together); null when it counts",
        ),
      counts_at: z
        .string()
        .nullable()
        .describe(
          "When a waiting verdict counts (ISO time): once the account is VOTE_MIN_ACCOUNT_AGE_HOURS old; null unless `left_out` is waiting, as a post vote's `my_vote_counts_at`",
        ),
      created_at: z.string(),
    })
    .nullable(),
});

/**
 * Answers of the chat procedures, by procedure name. The three that stream (send, compare,
 * battle) answer with their events (their `.output()` is the event stream, in packages/api);
 * what their REST paths answer a plain JSON client is `chatCollectedAnswers`.
 */
export const chatOutputs = {
  options: z.object({
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
  search: z.object({
    sessions: z.array(
      z.object({
        id: z.number().int(),
        description: z.string().nullable(),
        category: z.string().nullable(),
        last_updated: z.string(),
        snippet: z.array(snippetPart),
      }),
    ),
    next_cursor: nextCursor,
  }),
  sessions: z.object({
    sessions: z.array(
      z.object({
        id: z.number().int(),
        description: z.string().nullable(),
        category: z.string().nullable(),
        last_updated: z.string().describe("UTC without a Z suffix"),
        active: z.boolean(),
        shared: z.boolean(),
        compare_models: z
          .array(z.string())
          .nullable()
          .describe("A comparison's models in column order; null for an ordinary chat and for a battle before its verdict"),
        battle: z.enum(["blind", "decided"]).nullable().describe("A battle: 'blind' until the caller's verdict, 'decided' after it; null for anything else"),
        forked_from: forkedFrom,
      }),
    ),
  }),
  history: chatHistory.extend({ sessions: z.array(ownersHistoryEntry) }),
  clone: z.object({ new_session_id: z.number().int() }),
  clonePost: z.object({ new_session_id: z.number().int(), unavailable_models: unavailableModels.describe("Compared models the caller cannot use") }),
  switchBranch: z.object({ session_id: z.number().int(), active_entry_id: z.number().int() }),
  delete: z.object({ deleted: z.literal(true), id: z.number().int() }),
  share: z.object({ id: z.number().int(), shared: z.boolean() }),
  compareColumns: z.object({
    session_id: z.number().int(),
    description: z.string().nullable(),
    category: z.string().nullable(),
    is_owner: z.boolean(),
    compare_models: z.array(z.string()).nullable().describe("The compared models in column order; null once a winner was picked (an ordinary chat)"),
    unavailable_models: unavailableModels.describe("The compared models the caller cannot use now (no key for their service, or gone from the catalogue)"),
    columns: z.array(
      z.object({
        column: z.number().int(),
        model_id: z.string(),
        model_name: z.string(),
        available: z.boolean(),
        turns: z.array(
          z.object({
            id: z.number().int(),
            message_content: z.string(),
            response_content: z.string(),
            timestamp: z.string(),
            status: z.string().describe("'complete', 'pending' (still streaming), 'error' or 'stopped'"),
            error: z.string().nullable(),
            usage: z.object({ input_tokens: z.number().int(), output_tokens: z.number().int() }),
          }),
        ),
      }),
    ),
  }),
  stopCompareColumn: z.object({ stopped: z.boolean() }),
  pickWinner: z.object({ session_id: z.number().int(), model_id: z.string(), active_entry_id: z.number().int().nullable() }),
  battleById: battle,
  battleVerdict: battle,
} as const;

/** What the streaming chat procedures' REST paths answer a plain JSON client: the events collected into one answer. */
export const chatCollectedAnswers = {
  send: z.object({ session_id: z.number().int(), message_response: z.string(), usage }),
  compare: z.object({
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
  battle: z.object({
    battle_id: z
      .number()
      .int()
      .describe("The battle's id (its conversation's): read it at GET /chat/battles/{id}, give the verdict at POST /chat/battles/{id}/verdict"),
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
} as const;

/** A reply that failed after the conversation was saved: a 502 that still names the session. */
export const sendFailure = z.object({
  message: z.string(),
  detail: z.string().optional(),
  session_id: z.number().int().optional(),
  partial_response: z.string().optional(),
});
