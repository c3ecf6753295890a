import formbody from "@fastify/formbody";
import type { FastifyInstance } from "fastify";
import type { Database } from "@parley/db";
import type { Config } from "../../config";
import { registerInteractions } from "./interactions";
import { mountProvider } from "./mount";
import { createEmbeddedProvider, OIDC_MOUNT_PATH } from "./provider";
import type { AttemptLimiter } from "./rate-limit";
import { createMemoryLimiter } from "./rate-limit";
import { loadCookieKeys, loadSigningKeys } from "./secrets";

const FIFTEEN_MINUTES = 15 * 60 * 1000;

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

  const limits = deps.limits ?? {
    account: createMemoryLimiter({ limit: 10, windowMs: FIFTEEN_MINUTES }),
    ip: createMemoryLimiter({ limit: 50, windowMs: FIFTEEN_MINUTES }),
  };

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
