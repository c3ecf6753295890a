import { z } from "zod";
import { INT4_MAX, storableText } from "../input";
import { MODERATION, REPORT_REASONS } from "../moderation";
import { privacyInputs } from "./privacy";

/** What a report says: a reason from the list and, optionally, a few words. */
export const reportFields = {
  reason: z.enum(REPORT_REASONS, { message: `must be one of ${REPORT_REASONS.join(", ")}` }),
  details: storableText()
    .trim()
    .max(MODERATION.detailsMax, `A report's text can be at most ${MODERATION.detailsMax} characters.`)
    .optional()
    .transform((text) => (text ? text : undefined)),
};

/** What can be reported and hidden: a post, a comment, a shared conversation (its share and public link), a published prompt, or a prompt's comment. */
export const ITEM_KINDS = ["post", "comment", "conversation", "prompt", "prompt_comment"] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/** A post, a comment, a conversation, a prompt or a prompt's comment, as moderators name it (a conversation's id goes up to 2^53). */
const itemInput = z
  .object({
    kind: z.enum(ITEM_KINDS, { message: "must be post, comment, conversation, prompt or prompt_comment" }),
    id: z.coerce
      .number({ message: "must be an id (a number)" })
      .int("must be a whole number")
      .positive("must be an id above 0")
      .max(Number.MAX_SAFE_INTEGER, "must be an id of at most 2^53 - 1"),
  })
  .refine((item) => item.kind === "conversation" || item.id <= INT4_MAX, { path: ["id"], message: `must be a post, comment or prompt id of at most ${INT4_MAX}` });
export type ItemRef = z.infer<typeof itemInput>;

/** Inputs of the admin console's procedures, by procedure name. */
export const adminInputs = {
  users: z
    .object({
      q: storableText("must be text to search for").trim().max(200, "must be at most 200 characters").optional(),
      limit: z.coerce
        .number({ message: "must be a number" })
        .int("must be a whole number")
        .min(1, "must be at least 1")
        .max(MODERATION.usersPageMax, `must be at most ${MODERATION.usersPageMax}`)
        .optional()
        .default(50),
      offset: z.coerce.number({ message: "must be a number" }).int("must be a whole number").min(0, "must be 0 or more").max(1_000_000, "must be at most 1000000").optional().default(0),
    })
    .optional()
    .default({ limit: 50, offset: 0 }),
  usage: z
    .object({
      days: z.coerce
        .number({ message: "must be a number of days" })
        .int("must be a whole number of days")
        .min(1, "must be at least 1")
        .max(MODERATION.usageDaysMax, `must be at most ${MODERATION.usageDaysMax}`)
        .optional()
        .default(30),
    })
    .optional()
    .default({ days: 30 }),
  queue: z
    .object({ view: z.enum(["open", "hidden"], { message: "must be open or hidden" }).optional().default("open") })
    .optional()
    .default({ view: "open" }),
  hide: itemInput,
  restore: itemInput,
  dismiss: itemInput,
  setPrivacy: privacyInputs.setSetting,
} as const;
