import { z } from "zod";
import { CATEGORIES } from "../categories";
import { INT4_MAX, int4Id, storableText } from "../input";
import { LIMITS } from "../limits";
import { entryIdSchema, sessionIdSchema } from "./common";
import { privacyChoiceFields } from "./privacy";
import { searchInput } from "./search";
import { promptUseFields } from "./prompts";

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
