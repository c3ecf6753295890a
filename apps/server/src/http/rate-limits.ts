import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { RATE_LIMITED_ACTIONS, type RateLimitedAction, type RateLimiter, type RateLimitRule } from "@parley/api";
import type { Config } from "../config";
import { createMemoryLimiter, createRedisLimiter, withFallback, type AttemptLimiter } from "../auth/embedded/rate-limit";

export type RateLimitRules = Record<RateLimitedAction, RateLimitRule>;

const MINUTE = 60_000;

/** The per-person rules of sends, comments, likes and posts, from RATE_LIMIT_* (per minute). */
export function rateLimitRules(config: Pick<Config, "RATE_LIMIT_SENDS" | "RATE_LIMIT_COMMENTS" | "RATE_LIMIT_LIKES" | "RATE_LIMIT_POSTS">): RateLimitRules {
  return {
    send: { limit: config.RATE_LIMIT_SENDS, windowMs: MINUTE },
    comment: { limit: config.RATE_LIMIT_COMMENTS, windowMs: MINUTE },
    like: { limit: config.RATE_LIMIT_LIKES, windowMs: MINUTE },
    post: { limit: config.RATE_LIMIT_POSTS, windowMs: MINUTE },
  };
}

/**
 * The limiter the procedures use (ctx.limiter): fixed windows per person and action, in memory
 * per instance, or shared through Redis when REDIS_URL is set (memory while Redis is down), like
 * the sign-in limits.
 */
export function createRateLimiter(app: FastifyInstance, rules: RateLimitRules, redisUrl: string | undefined): RateLimiter {
  const memory = byAction((action) => createMemoryLimiter(rules[action]));
  let limiters = memory;
  if (redisUrl) {
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    let lastWarning = 0;
    const warn = (error: unknown) => {
      if (Date.now() - lastWarning < MINUTE) return;
      lastWarning = Date.now();
      app.log.warn({ err: error }, "Redis is unavailable: rate limits are counted per instance meanwhile");
    };
    redis.on("error", warn);
    app.addHook("onClose", async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    limiters = byAction((action) => withFallback(createRedisLimiter(redis, rules[action], `parley:rate:${action}:`), memory[action], warn));
  }
  return { hit: (action, userKey) => limiters[action].hit(userKey) };
}

function byAction(make: (action: RateLimitedAction) => AttemptLimiter): Record<RateLimitedAction, AttemptLimiter> {
  return Object.fromEntries(RATE_LIMITED_ACTIONS.map((action) => [action, make(action)])) as Record<RateLimitedAction, AttemptLimiter>;
}
