import { z } from "zod";
import { INT4_MAX, storableText } from "../input";
import { MODERATION, REPORT_REASONS } from "../moderation";
import { privacyInputs, privacySetting } from "./privacy";
import { authorShape } from "./shapes";

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
  .refine((item) => item.kind === "conversation" || item.id <= INT4_MAX, {
    path: ["id"],
    message: `must be a post, comment or prompt id of at most ${INT4_MAX}`,
  });
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
      offset: z.coerce
        .number({ message: "must be a number" })
        .int("must be a whole number")
        .min(0, "must be 0 or more")
        .max(1_000_000, "must be at most 1000000")
        .optional()
        .default(0),
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

/** A report taken (or one already open from the same person). */
export const reportTaken = z.object({ reported: z.literal(true), already_reported: z.boolean(), message: z.string() });

/** A post or comment hidden or restored by an admin. */
const moderated = z.object({ kind: z.enum(ITEM_KINDS), id: z.number().int(), hidden: z.boolean(), changed: z.boolean(), reports_settled: z.number().int() });

/** Answers of the admin procedures, by procedure name. */
export const adminOutputs = {
  access: z.object({ admin: z.literal(true) }),
  users: z.object({
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
  usage: z.object({
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
  queue: z.object({
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
  hide: moderated,
  restore: moderated,
  dismiss: z.object({ kind: z.enum(ITEM_KINDS), id: z.number().int(), dismissed: z.number().int() }),
  privacy: privacySetting,
  setPrivacy: privacySetting,
} as const;
