import formbody from "@fastify/formbody";
import type { FastifyInstance } from "fastify";
import type { KeyVault } from "@parley/api";
import type { Database } from "@parley/db";
import type { Config } from "../../config";
import { registerInteractions } from "./interactions";
import { mountProvider } from "./mount";
import { createEmbeddedProvider, OIDC_MOUNT_PATH } from "./provider";
import { Redis } from "ioredis";
import {
  createMemoryLimiter,
  createMemoryThrottle,
  createRedisLimiter,
  createRedisThrottle,
  withFallback,
  type AttemptLimiter,
  type FailureThrottle,
  type LimitRule,
  type ThrottleRule,
} from "./rate-limit";
import { loadCookieKeys, loadSigningKeys } from "./secrets";

const SECOND = 1000;
const FIFTEEN_MINUTES = 15 * 60 * SECOND;
/**
 * Failed sign-ins per (email, client IP): 5 free, then a wait of 30 s that doubles with each
 * further failure up to 15 minutes, forgotten after an hour without failures. Form posts
 * (sign-in and sign-up) per client IP: AUTH_IP_LIMIT (default 50) in 15 minutes, raised for
 * offices behind one address or for test suites.
 */
export function signInLimits(config: Pick<Config, "AUTH_IP_LIMIT">): { account: ThrottleRule; ip: LimitRule } {
  return {
    account: { freeFailures: 5, baseDelayMs: 30 * SECOND, maxDelayMs: FIFTEEN_MINUTES, forgetAfterMs: 4 * FIFTEEN_MINUTES },
    ip: { limit: config.AUTH_IP_LIMIT, windowMs: FIFTEEN_MINUTES },
  };
}

export type EmbeddedProviderDeps = {
  config: Config;
  db: Database;
  /** Seals the provider's signing and cookie keys in the database (ENCRYPTION_KEY). */
  keys: KeyVault;
  /** Sign-in attempt limits; in-memory per instance unless given (e.g. Redis-backed). */
  limits?: { account: FailureThrottle; ip: AttemptLimiter };
};

/**
 * Runs Parley's own OpenID provider under /oidc (when no external OIDC_ISSUER is configured):
 * keys from the database (generated on first start), the provider's endpoints, and the sign-in
 * and sign-up pages.
 */
export async function registerEmbeddedProvider(app: FastifyInstance, deps: EmbeddedProviderDeps) {
  const { config, db } = deps;
  const [signingKeys, cookieKeys] = await Promise.all([loadSigningKeys(db, deps.keys), loadCookieKeys(db, deps.keys)]);
  const provider = await createEmbeddedProvider({ config, db, signingKeys, cookieKeys });
  provider.on("server_error", (_ctx, error) => app.log.error({ err: error }, "identity provider error"));

  const limits = deps.limits ?? createSignInLimits(app, signInLimits(config), config.REDIS_URL);

  await app.register(
    async (scope) => {
      await scope.register(formbody, { bodyLimit: 16 * 1024 });
      registerInteractions(scope, { provider, db, clientId: config.oidc.clientId, homeUrl: `${config.publicUrl}/`, limits });
    },
    { prefix: OIDC_MOUNT_PATH },
  );
  await mountProvider(app, provider, { publicUrl: config.publicUrl });
  return provider;
}

/** In memory per instance; shared through Redis when REDIS_URL is set (memory while Redis is down). */
function createSignInLimits(app: FastifyInstance, rules: { account: ThrottleRule; ip: LimitRule }, redisUrl: string | undefined) {
  const memory = { account: createMemoryThrottle(rules.account), ip: createMemoryLimiter(rules.ip) };
  if (!redisUrl) return memory;
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  let lastWarning = 0;
  const warn = (error: unknown) => {
    if (Date.now() - lastWarning < 60_000) return;
    lastWarning = Date.now();
    app.log.warn({ err: error }, "Redis is unavailable: sign-in attempt limits are counted per instance meanwhile");
  };
  redis.on("error", warn);
  app.addHook("onClose", async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return {
    account: withFallback(createRedisThrottle(redis, rules.account, "parley:auth:"), memory.account, warn),
    ip: withFallback(createRedisLimiter(redis, rules.ip, "parley:auth:"), memory.ip, warn),
  };
}
