import formbody from "@fastify/formbody";
import type { FastifyInstance } from "fastify";
import type { Database } from "@parley/db";
import type { Config } from "../../config";
import { registerInteractions } from "./interactions";
import { mountProvider } from "./mount";
import { createEmbeddedProvider, OIDC_MOUNT_PATH } from "./provider";
import { Redis } from "ioredis";
import { createMemoryLimiter, createRedisLimiter, withFallback, type AttemptLimiter, type LimitRule } from "./rate-limit";
import { loadCookieKeys, loadSigningKeys } from "./secrets";

const FIFTEEN_MINUTES = 15 * 60 * 1000;
/**
 * Sign-in attempts per email, and form posts (sign-in and sign-up) per client IP; the IP limit is
 * AUTH_IP_LIMIT (default 50), raised for offices behind one address or for test suites.
 */
export function signInLimits(config: Pick<Config, "AUTH_IP_LIMIT">): { account: LimitRule; ip: LimitRule } {
  return { account: { limit: 10, windowMs: FIFTEEN_MINUTES }, ip: { limit: config.AUTH_IP_LIMIT, windowMs: FIFTEEN_MINUTES } };
}

export type EmbeddedProviderDeps = {
  config: Config;
  db: Database;
  /** Sign-in attempt limits; in-memory per instance unless given (e.g. Redis-backed). */
  limits?: { account: AttemptLimiter; ip: AttemptLimiter };
};

/**
 * Runs Parley's own OpenID provider under /oidc (when no external OIDC_ISSUER is configured):
 * keys from the database (generated on first start), the provider's endpoints, and the sign-in
 * and sign-up pages.
 */
export async function registerEmbeddedProvider(app: FastifyInstance, deps: EmbeddedProviderDeps) {
  const { config, db } = deps;
  const [signingKeys, cookieKeys] = await Promise.all([loadSigningKeys(db), loadCookieKeys(db)]);
  const provider = createEmbeddedProvider({ config, db, signingKeys, cookieKeys });
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
function createSignInLimits(app: FastifyInstance, rules: { account: LimitRule; ip: LimitRule }, redisUrl: string | undefined) {
  const memory = { account: createMemoryLimiter(rules.account), ip: createMemoryLimiter(rules.ip) };
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
    account: withFallback(createRedisLimiter(redis, rules.account, "parley:auth:"), memory.account, warn),
    ip: withFallback(createRedisLimiter(redis, rules.ip, "parley:auth:"), memory.ip, warn),
  };
}
