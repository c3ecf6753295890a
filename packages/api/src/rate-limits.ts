import { AppError } from "./errors";

/** What a person may do only so often (quotas and limits are data). */
export const RATE_LIMITED_ACTIONS = ["send", "comment", "like", "post"] as const;
export type RateLimitedAction = (typeof RATE_LIMITED_ACTIONS)[number];

/** At most `limit` of an action per person in each window of `windowMs`. */
export type RateLimitRule = { limit: number; windowMs: number };

const MINUTE = 60_000;

/** The default rules: generous for a person at the keyboard, a wall for a script. */
export const DEFAULT_RATE_LIMITS: Record<RateLimitedAction, RateLimitRule> = {
  send: { limit: 30, windowMs: MINUTE },
  comment: { limit: 20, windowMs: MINUTE },
  like: { limit: 120, windowMs: MINUTE },
  post: { limit: 10, windowMs: MINUTE },
};

const NOUNS: Record<RateLimitedAction, string> = { send: "messages", comment: "comments", like: "likes", post: "posts" };

/**
 * The port the host implements: counts one `action` by `userKey` and says whether it is within
 * the rule (in memory per instance, or shared by all instances through Redis).
 */
export type RateLimiter = {
  hit: (action: RateLimitedAction, userKey: string) => Promise<{ allowed: boolean; retryAfterSeconds: number }>;
};

/** No limits (tests of other things, and hosts that limit elsewhere). */
export const noRateLimits: RateLimiter = { hit: async () => ({ allowed: true, retryAfterSeconds: 0 }) };

/** A refused action: TOO_MANY_REQUESTS, with how long to wait (sent as `Retry-After`). */
export class RateLimitError extends AppError {
  constructor(action: RateLimitedAction, retryAfterSeconds: number) {
    super("TOO_MANY_REQUESTS", `Too many ${NOUNS[action]}; try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"}.`, {
      retryAfterSeconds,
    });
  }
}
