import { z } from "zod";
import { storableText } from "../input";

/** Inputs of the subscription procedures, by procedure name. */
export const subscriptionInputs = {
  checkout: z.object({ price_id: storableText("Choose a plan first.").min(1, "Choose a plan first.").max(200) }),
  portal: z.object({ session_id: z.string().max(500).optional() }).optional(),
} as const;

/** Answers of the subscription procedures, by procedure name. */
export const subscriptionOutputs = {
  current: z.object({
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
  config: z.object({ basicPrice: z.string().nullable(), proPrice: z.string().nullable(), enabled: z.boolean() }),
  checkout: z.object({ url: z.string() }),
  portal: z.object({ url: z.string() }),
} as const;
