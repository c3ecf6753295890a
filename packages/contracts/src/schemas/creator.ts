import { z } from "zod";
import { handleInput } from "./handle";
import { LIMITS } from "../limits";
import { nextCursor } from "./common";
import { postSummary } from "./shapes";

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

/** Answers of the creator procedures, by procedure name. */
export const creatorOutputs = {
  byHandle: z.object({
    user_id: z.string(),
    username: z.string(),
    handle: z.string(),
    avatar: z.string().nullable(),
    posts: z.number().int(),
    likes_received: z.number().int(),
    forks_received: z.number().int(),
  }),
  posts: z.object({ posts: z.array(postSummary), next_cursor: nextCursor }),
  /** The caller's own handle (the web app's account menu). */
  me: z.object({ handle: z.string().nullable() }),
  updateHandle: z.object({ handle: z.string() }),
} as const;
