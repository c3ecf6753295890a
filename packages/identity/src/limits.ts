/**
 * What the sign-in pages need from the host to slow down guessing: a fixed-window attempt counter
 * (form posts per address) and a throttle of failed sign-ins with growing delays. The host
 * implements them (in memory per instance, or shared through Redis).
 */
export type AttemptLimiter = {
  hit: (key: string) => Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  reset: (key: string) => Promise<void>;
};

export type LimitRule = { limit: number; windowMs: number };

/**
 * Failed attempts per key: `freeFailures` without delay, then a wait of `baseDelayMs` that doubles
 * with each further failure (up to `maxDelayMs`), forgotten after `forgetAfterMs` without failures.
 */
export type ThrottleRule = { freeFailures: number; baseDelayMs: number; maxDelayMs: number; forgetAfterMs: number };

export type FailureThrottle = {
  /** Whether an attempt may be made now (not counted); `retryAfterSeconds` when it may not. */
  check: (key: string) => Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  /** Counts a failed attempt; answers how long the next attempt must wait (0: not at all). */
  fail: (key: string) => Promise<{ retryAfterSeconds: number }>;
  reset: (key: string) => Promise<void>;
};

export type SignInLimits = { account: FailureThrottle; ip: AttemptLimiter };

const SECOND = 1000;
const FIFTEEN_MINUTES = 15 * 60 * SECOND;

/**
 * Failed sign-ins per (email, client IP): 5 free, then a wait of 30 s that doubles with each
 * further failure up to 15 minutes, forgotten after an hour without failures. Form posts
 * (sign-in and sign-up) per client IP: `ipLimit` in 15 minutes.
 */
export function signInLimitRules(ipLimit: number): { account: ThrottleRule; ip: LimitRule } {
  return {
    account: { freeFailures: 5, baseDelayMs: 30 * SECOND, maxDelayMs: FIFTEEN_MINUTES, forgetAfterMs: 4 * FIFTEEN_MINUTES },
    ip: { limit: ipLimit, windowMs: FIFTEEN_MINUTES },
  };
}
