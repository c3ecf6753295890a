import { z } from "zod";
import { int4Id } from "../input";
import { sessionIdSchema } from "./common";
import { LIMITS } from "../limits";

/**
 * What the privacy check is run for (docs/privacy.md): posting, sharing or exporting a
 * conversation, taking a share's snapshot again (share_refresh), a post's public link, or a
 * prompt being published or given a public link (prompt).
 */
export const PRIVACY_TARGETS = ["post", "share", "export", "share_refresh", "post_link", "prompt"] as const;
export type PrivacyTarget = (typeof PRIVACY_TARGETS)[number];

const findingId = z.string().regex(/^\d{1,7}:\d{1,9}:\d{1,9}:[a-z_]{1,20}$/, "must be the id of a finding of the privacy check (message:start:end:kind)");

/**
 * What a request that makes something leave carries about the privacy check: the text_hash of
 * the check the person saw, and the ids of the findings to redact (a list, or comma-separated in
 * a query). Both may be left out to go ahead without a check, unless an admin made it blocking.
 */
export const privacyChoiceFields = {
  privacy_hash: z
    .string({ message: "must be the text_hash of the privacy check" })
    .regex(/^[0-9a-f]{64}$/, "must be the text_hash of the privacy check (64 hex digits)")
    .optional(),
  redact: z
    .union(
      [
        z.array(findingId).max(1000, "can name at most 1,000 findings"),
        // In a query (an export's GET): the ids separated by commas.
        z
          .string()
          .transform((ids) => (ids === "" ? [] : ids.split(",")))
          .pipe(z.array(findingId).max(1000, "can name at most 1,000 findings")),
      ],
      { message: "must be a list of finding ids of the privacy check" },
    )
    .optional(),
};

/** Inputs of the privacy check's procedures, by procedure name. */
export const privacyInputs = {
  /**
   * The findings in what would leave: a conversation (post, share, export, share_refresh) by its id, a post
   * (post_link) by its id. Posting sends the post's description too: it leaves with the messages.
   */
  scan: z
    .object({
      target: z.enum(PRIVACY_TARGETS, { message: `must be one of ${PRIVACY_TARGETS.join(", ")}` }),
      id: sessionIdSchema,
      description: z
        .string({ message: "must be the post's description (text)" })
        .trim()
        .max(LIMITS.postDescription, `must be at most ${LIMITS.postDescription} characters, as a post's description`)
        .optional(),
    })
    .refine((input) => input.target !== "post_link" || int4Id("a post id").safeParse(input.id).success, { path: ["id"], message: "must be a post id" })
    .refine((input) => input.target !== "prompt" || int4Id("a prompt id").safeParse(input.id).success, { path: ["id"], message: "must be a prompt id" })
    .refine((input) => input.description === undefined || input.target === "post", {
      path: ["description"],
      message: "is only for target post: the description of the post being made",
    }),
  setSetting: z.object({ blocking: z.boolean({ message: "must be true or false" }) }),
} as const;

/** One finding of the privacy check: where it is in which message, and what it looks like. */
export const privacyFinding = z.object({
  id: z.string().describe("Name it in `redact` to have it replaced by its marker"),
  kind: z.string().describe("email, phone, card, iban, api_key, private_key, url_password, own_name or own_email"),
  label: z.string().describe("The kind as the check shows it ('E-mail address')"),
  provider: z.string().nullable().describe("The provider of an API key ('OpenAI'), else null"),
  message: z.number().int().describe("Index into `messages`"),
  start: z.number().int().describe("Offset of the finding in the message's content (UTF-16 code units)"),
  end: z.number().int(),
  text: z.string(),
  marker: z.string().describe("What it reads as once redacted ('[redacted e-mail]')"),
});

/** What would leave, as the privacy check sees it. */
export const privacyScan = z.object({
  target: z.enum(PRIVACY_TARGETS),
  messages: z
    .array(z.object({ role: z.enum(["user", "assistant", "description", "title"]), author: z.string(), content: z.string() }))
    .describe(
      "Every text that would leave, in order; posting ends with the post's description (role 'description'), a share or a download with the conversation's title when it has one (role 'title')",
    ),
  findings: z.array(privacyFinding),
  text_hash: z.string().describe("Send it back as `privacy_hash` with the findings to redact"),
  blocking: z.boolean().describe("Whether this instance refuses to let unredacted findings leave"),
});

/** The instance's privacy check setting. */
export const privacySetting = z.object({ blocking: z.boolean() });

/** Answers of the privacy procedures, by procedure name. */
export const privacyOutputs = { scan: privacyScan } as const;
