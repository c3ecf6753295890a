import { z } from "zod";
import { CATEGORIES, INT4_MAX, LIMITS, storableText } from "@parley/contracts";
import { AppError } from "../errors";

/** Session ids are positive integers below 2^53; strings of digits are accepted too (REST paths). */
export const sessionIdSchema = z.coerce
  .number({ message: "must be a conversation id (a number)" })
  .int("must be a whole number")
  .positive("must be a saved conversation (id above 0)")
  .max(Number.MAX_SAFE_INTEGER);

const messageSchema = z.object({
  content: storableText()
    .trim()
    .min(1, "Type a message first: it cannot be empty.")
    .max(LIMITS.message, `A message can be at most ${LIMITS.message.toLocaleString("en-US")} characters.`),
});

/** The message text, trimmed; empty or over-long text is a BAD_REQUEST a person can act on. */
export function parseMessage(message: unknown): string {
  const parsed = messageSchema.safeParse(message);
  if (!parsed.success) throw new AppError("BAD_REQUEST", parsed.error.issues[0]?.message ?? "Type a message first.");
  return parsed.data.content;
}

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
};
