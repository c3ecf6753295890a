import { z } from "zod";
import { int4Id, MODERATION, REPORT_REASONS, storableText } from "@parley/contracts";

/** What a report says: a reason from the list and, optionally, a few words. */
export const reportFields = {
  reason: z.enum(REPORT_REASONS, { message: `must be one of ${REPORT_REASONS.join(", ")}` }),
  details: storableText()
    .trim()
    .max(MODERATION.detailsMax, `A report's text can be at most ${MODERATION.detailsMax} characters.`)
    .optional()
    .transform((text) => (text ? text : undefined)),
};

export const ITEM_KINDS = ["post", "comment"] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/** A post or a comment, as moderators name it. */
export const itemInput = z.object({
  kind: z.enum(ITEM_KINDS, { message: "must be post or comment" }),
  id: int4Id("a post or comment id"),
});
export type ItemRef = z.infer<typeof itemInput>;
