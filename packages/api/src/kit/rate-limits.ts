import { LINK_LIMITS } from "@parley/contracts";
import { AppError } from "./errors";

/** What a person may do only so often (quotas and limits are data). */
export const RATE_LIMITED_ACTIONS = [
  "send",
  "comment",
  "like",
  "post",
  "share",
  "clone",
  "search",
  "export",
  "handle",
  "preview",
  "unlock",
  "prompt",
  "check",
  "verify",
] as const;
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
  /** Sharing a conversation and turning public links on or off (each one a new public address). */
  share: { limit: 30, windowMs: MINUTE },
  /** Copies of posts and conversations into new conversations. */
  clone: { limit: 30, windowMs: MINUTE },
  search: { limit: 120, windowMs: MINUTE },
  /** Downloads of conversations and posts as files. */
  export: { limit: 30, windowMs: MINUTE },
  /** Changes of one's handle (each frees an address and takes another). */
  handle: { limit: 30, windowMs: MINUTE },
  /** Preview images drawn for a public link, per client address (a cached image costs nothing). */
  preview: { limit: 20, windowMs: MINUTE },
  /** Passwords tried on one public link from one client address (LINK_LIMITS). */
  unlock: { limit: LINK_LIMITS.unlockAttempts, windowMs: LINK_LIMITS.unlockWindowMs },
  /** Writes of library prompts: creations, edits and restored versions (each may keep a version). */
  prompt: { limit: 30, windowMs: MINUTE },
  /** Privacy checks of what would leave (each reads the whole conversation; docs/privacy.md). */
  check: { limit: 60, windowMs: MINUTE },
  /** Verification links asked for from the profile (each one a line in the server's log). */
  verify: { limit: 5, windowMs: 60 * MINUTE },
};

const NOUNS: Record<RateLimitedAction, string> = {
  send: "messages",
  comment: "comments",
  like: "likes",
  post: "posts",
  share: "sharing changes",
  clone: "copies",
  search: "searches",
  export: "downloads",
  handle: "handle changes",
  preview: "preview images",
  unlock: "password attempts",
  prompt: "prompt changes",
  check: "privacy checks",
  verify: "verification links",
};

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
