/**
 * Fixed-window attempt counters for sign-in and sign-up: `hit` counts one attempt under a key
 * and says whether it is within the limit. In memory per instance; with REDIS_URL, the Redis
 * implementation shares the counts across instances.
 */
export type AttemptLimiter = {
  hit: (key: string) => Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  reset: (key: string) => Promise<void>;
};

export type LimitRule = { limit: number; windowMs: number };

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

/** Uses `primary` (Redis) and, while it fails, `fallback` (memory), so sign-in never depends on Redis being up. */
export function withFallback(primary: AttemptLimiter, fallback: AttemptLimiter, onError: (error: unknown) => void): AttemptLimiter {
  return {
    hit: (key) =>
      primary.hit(key).catch((error: unknown) => {
        onError(error);
        return fallback.hit(key);
      }),
    reset: (key) =>
      primary.reset(key).catch((error: unknown) => {
        onError(error);
        return fallback.reset(key);
      }),
  };
}
