import { z } from "zod";
import { handleInput } from "./handle";
import { LIMITS } from "../limits";

const byHandle = z.object({ handle: handleInput });

/** Inputs of the creator procedures, by procedure name. */
export const creatorInputs = {
  byHandle,
  posts: byHandle.extend({
    limit: z.coerce.number().int().min(1).max(LIMITS.recentPostsMax).optional().default(LIMITS.recentPostsDefault),
    cursor: z.string().max(80).optional(),
  }),
  updateHandle: byHandle,
} as const;
