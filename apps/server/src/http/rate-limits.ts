import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { DEFAULT_RATE_LIMITS, RATE_LIMITED_ACTIONS, type RateLimitedAction, type RateLimiter, type RateLimitRule } from "@parley/api";
import type { SignInLimits } from "@parley/identity";
import type { Config } from "../config";
import {
  createMemoryLimiter,
  createMemoryThrottle,
  createRedisLimiter,
  createRedisThrottle,
  withFallback,
  type AttemptLimiter,
  type LimitRule,
  type ThrottleRule,
} from "./limiters";

export type RateLimitRules = Record<RateLimitedAction, RateLimitRule>;

const MINUTE = 60_000;

/** The per-person rules: sends, comments, likes, posts, searches and prompt writes from RATE_LIMIT_* (per minute), the others as DEFAULT_RATE_LIMITS says. */
export function rateLimitRules(
  config: Pick<
    Config,
    "RATE_LIMIT_SENDS" | "RATE_LIMIT_COMMENTS" | "RATE_LIMIT_LIKES" | "RATE_LIMIT_POSTS" | "RATE_LIMIT_SEARCHES" | "RATE_LIMIT_PROMPT_WRITES"
  >,
): RateLimitRules {
  return {
    ...DEFAULT_RATE_LIMITS,
    send: { limit: config.RATE_LIMIT_SENDS, windowMs: MINUTE },
    comment: { limit: config.RATE_LIMIT_COMMENTS, windowMs: MINUTE },
    like: { limit: config.RATE_LIMIT_LIKES, windowMs: MINUTE },
    post: { limit: config.RATE_LIMIT_POSTS, windowMs: MINUTE },
    search: { limit: config.RATE_LIMIT_SEARCHES, windowMs: MINUTE },
    prompt: { limit: config.RATE_LIMIT_PROMPT_WRITES, windowMs: MINUTE },
  };
}

/**
 * The instance's one Redis connection for every limiter and for sending Stops, the prefix of
 * every key and channel it uses, and a warning logged at most once a minute while it is down.
 */
export type LimiterRedis = { redis: Redis; url: string; prefix: string; warn: (error: unknown) => void };

/** Connects to REDIS_URL for the limiters (null without it); closed with the app. */
export function connectLimiterRedis(app: FastifyInstance, redisUrl: string | undefined, prefix = "parley:"): LimiterRedis | null {
  if (!redisUrl) return null;
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  let lastWarning = 0;
  let down = false;
  const warn = (error: unknown) => {
    down = true;
    if (Date.now() - lastWarning < MINUTE) return;
    lastWarning = Date.now();
    app.log.warn(
      { err: error },
      "Redis is unavailable: rate limits and sign-in attempt limits are counted per instance meanwhile, and Stops go through the database or stay on this instance",
    );
  };
  redis.on("error", warn);
  redis.on("ready", () => {
    if (!down) return;
    down = false;
    lastWarning = 0;
    app.log.info("Redis is back: rate limits are counted across instances again");
  });
  app.addHook("onClose", async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return { redis, url: redisUrl, prefix, warn };
}

/**
 * The limiter the procedures use (ctx.limiter): fixed windows per person and action, in memory
 * per instance, or shared through Redis (memory while Redis is down).
 */
export function createRateLimiter(rules: RateLimitRules, shared: LimiterRedis | null): RateLimiter {
  const memory = byAction((action) => createMemoryLimiter(rules[action]));
  const limiters = shared
    ? byAction((action) => withFallback(createRedisLimiter(shared.redis, rules[action], `${shared.prefix}rate:${action}:`), memory[action], shared.warn))
    : memory;
  return { hit: (action, userKey) => limiters[action].hit(userKey) };
}

/** The embedded provider's sign-in limits: in memory per instance, or shared through Redis (memory while it is down). */
export function createSignInLimits(rules: { account: ThrottleRule; ip: LimitRule }, shared: LimiterRedis | null): SignInLimits {
  const memory = { account: createMemoryThrottle(rules.account), ip: createMemoryLimiter(rules.ip) };
  if (!shared) return memory;
  return {
    account: withFallback(createRedisThrottle(shared.redis, rules.account, `${shared.prefix}auth:`), memory.account, shared.warn),
    ip: withFallback(createRedisLimiter(shared.redis, rules.ip, `${shared.prefix}auth:`), memory.ip, shared.warn),
  };
}

function byAction(make: (action: RateLimitedAction) => AttemptLimiter): Record<RateLimitedAction, AttemptLimiter> {
  return Object.fromEntries(RATE_LIMITED_ACTIONS.map((action) => [action, make(action)])) as Record<RateLimitedAction, AttemptLimiter>;
}
