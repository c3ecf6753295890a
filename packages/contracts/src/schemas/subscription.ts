import { z } from "zod";
import { storableText } from "../input";

/** Inputs of the subscription procedures, by procedure name. */
export const subscriptionInputs = {
  checkout: z.object({ price_id: storableText("Choose a plan first.").min(1, "Choose a plan first.").max(200) }),
  portal: z.object({ session_id: z.string().max(500).optional() }).optional(),
} as const;
