/**
 * Fixed-window attempt counters (form posts per address): `hit` counts one attempt under a key
 * and says whether it is within the limit. Below, a throttle of failed sign-ins with growing
 * delays. In memory per instance; with REDIS_URL, the Redis implementations share the counts
 * across instances.
 */
import type { AttemptLimiter, FailureThrottle, LimitRule, ThrottleRule } from "@parley/identity";

export type { AttemptLimiter, FailureThrottle, LimitRule, ThrottleRule };

/** Keys seen at once before expired windows are swept. */
const SWEEP_AT_SIZE = 10_000;

export function createMemoryLimiter(rule: LimitRule, now: () => number = Date.now): AttemptLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key) {
      const time = now();
      if (windows.size >= SWEEP_AT_SIZE) {
        for (const [k, w] of windows) if (w.resetAt <= time) windows.delete(k);
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= time) {
        window = { count: 0, resetAt: time + rule.windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { allowed: window.count <= rule.limit, retryAfterSeconds: Math.ceil((window.resetAt - time) / 1000) };
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

/** The subset of an ioredis client the Redis limiter uses. */
export type RedisCounter = {
  eval: (script: string, numKeys: number, ...args: (string | number)[]) => Promise<unknown>;
  del: (key: string) => Promise<unknown>;
};

/** INCR, starting the window on the first hit; answers [count, milliseconds left]. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

export function createRedisLimiter(redis: RedisCounter, rule: LimitRule, prefix: string): AttemptLimiter {
  return {
    async hit(key) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, `${prefix}${key}`, rule.windowMs)) as [number, number];
      return { allowed: count <= rule.limit, retryAfterSeconds: Math.ceil(ttl / 1000) };
    },
    async reset(key) {
      await redis.del(`${prefix}${key}`);
    },
  };
}

/**
 * Uses `primary` (Redis) and, while it fails, `fallback` (memory), so sign-in never depends on
 * Redis being up. Works for any limiter whose operations take a key (AttemptLimiter, FailureThrottle).
 */
export function withFallback<T extends Record<keyof T, (key: string) => Promise<unknown>>>(primary: T, fallback: T, onError: (error: unknown) => void): T {
  const operations = Object.keys(primary) as (keyof T)[];
  return Object.fromEntries(
    operations.map((name) => [
      name,
      (key: string) =>
        primary[name](key).catch((error: unknown) => {
          onError(error);
          return fallback[name](key);
        }),
    ]),
  ) as T;
}

/**
 * Failed sign-ins per (account, address): the first `freeFailures` cost nothing, then each
 * further failure makes the next attempt wait, twice as long every time (`baseDelayMs`, up to
 * `maxDelayMs`). Nothing is ever locked: the delay only holds attempts from where the failures
 * came, so someone else's guessing never keeps the owner out. A success resets the count; so does
 * `forgetAfterMs` without failures. This is the wait after the `failures`-th failure in a row.
 */
export function delayAfter(rule: ThrottleRule, failures: number): number {
  if (failures <= rule.freeFailures) return 0;
  return Math.min(rule.baseDelayMs * 2 ** (failures - rule.freeFailures - 1), rule.maxDelayMs);
}

export function createMemoryThrottle(rule: ThrottleRule, now: () => number = Date.now): FailureThrottle {
  const entries = new Map<string, { failures: number; until: number; forgetAt: number }>();
  const current = (key: string, time: number) => {
    const entry = entries.get(key);
    if (entry && entry.forgetAt <= time) entries.delete(key);
    return entry && entry.forgetAt > time ? entry : undefined;
  };
  return {
    async check(key) {
      const time = now();
      const waitMs = Math.max(0, (current(key, time)?.until ?? 0) - time);
      return { allowed: waitMs === 0, retryAfterSeconds: Math.ceil(waitMs / 1000) };
    },
    async fail(key) {
      const time = now();
      if (entries.size >= SWEEP_AT_SIZE) {
        for (const [k, e] of entries) if (e.forgetAt <= time) entries.delete(k);
      }
      const failures = (current(key, time)?.failures ?? 0) + 1;
      const delay = delayAfter(rule, failures);
      entries.set(key, { failures, until: time + delay, forgetAt: time + Math.max(rule.forgetAfterMs, delay) });
      return { retryAfterSeconds: Math.ceil(delay / 1000) };
    },
    async reset(key) {
      entries.delete(key);
    },
  };
}

/** Milliseconds by the Redis server's clock, so instances with skewed clocks agree. */
const REDIS_NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** Answers the milliseconds still to wait. */
const CHECK_SCRIPT = `${REDIS_NOW}
local untilMs = tonumber(redis.call('HGET', KEYS[1], 'until') or '0')
if untilMs <= now then return 0 end
return untilMs - now`;

/** ARGV: freeFailures, baseDelayMs, maxDelayMs, forgetAfterMs. Answers the delay in ms. */
const FAIL_SCRIPT = `${REDIS_NOW}
local failures = redis.call('HINCRBY', KEYS[1], 'failures', 1)
local delay = 0
if failures > tonumber(ARGV[1]) then
  delay = math.min(tonumber(ARGV[2]) * 2 ^ (failures - tonumber(ARGV[1]) - 1), tonumber(ARGV[3]))
end
delay = math.floor(delay)
redis.call('HSET', KEYS[1], 'until', now + delay)
redis.call('PEXPIRE', KEYS[1], math.max(tonumber(ARGV[4]), delay))
return delay`;

export function createRedisThrottle(redis: RedisCounter, rule: ThrottleRule, prefix: string): FailureThrottle {
  return {
    async check(key) {
      const waitMs = Number(await redis.eval(CHECK_SCRIPT, 1, `${prefix}${key}`));
      return { allowed: waitMs <= 0, retryAfterSeconds: Math.ceil(waitMs / 1000) };
    },
    async fail(key) {
      const args = [rule.freeFailures, rule.baseDelayMs, rule.maxDelayMs, rule.forgetAfterMs];
      const delay = Number(await redis.eval(FAIL_SCRIPT, 1, `${prefix}${key}`, ...args));
      return { retryAfterSeconds: Math.ceil(delay / 1000) };
    },
    async reset(key) {
      await redis.del(`${prefix}${key}`);
    },
  };
}
