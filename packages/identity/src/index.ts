import formbody from "@fastify/formbody";
import type { FastifyInstance } from "fastify";
import type { KeyVault } from "@parley/keys";
import type { Database } from "@parley/db";
import { registerInteractions } from "./interactions";
import type { SignInLimits } from "./limits";
import { mountProvider } from "./mount";
import { createEmbeddedProvider, OIDC_MOUNT_PATH, type IdentitySettings } from "./provider";
import { loadCookieKeys, loadSigningKeys } from "./secrets";

export { createEmbeddedJwks } from "./local-jwks";
export { createOidcAdapterFactory } from "./adapter";
export { loadCookieKeys, loadSigningKeys } from "./secrets";
export { OIDC_MOUNT_PATH, type IdentitySettings } from "./provider";
export * from "./limits";

export type EmbeddedProviderDeps = {
  settings: IdentitySettings;
  db: Database;
  /** Seals the provider's signing and cookie keys in the database (ENCRYPTION_KEY). */
  keys: KeyVault;
  /** Sign-in attempt limits (see `signInLimitRules`). */
  limits: SignInLimits;
};

/**
 * Runs the embedded OpenID provider under /oidc: keys from the database (generated on first
 * start), the provider's endpoints, and the sign-in and sign-up pages.
 */
export async function registerEmbeddedProvider(app: FastifyInstance, deps: EmbeddedProviderDeps) {
  const { settings, db } = deps;
  const [signingKeys, cookieKeys] = await Promise.all([loadSigningKeys(db, deps.keys), loadCookieKeys(db, deps.keys)]);
  const provider = await createEmbeddedProvider({ settings, db, signingKeys, cookieKeys });
  provider.on("server_error", (_ctx, error) => app.log.error({ err: error }, "identity provider error"));

  await app.register(
    async (scope) => {
      await scope.register(formbody, { bodyLimit: 16 * 1024 });
      registerInteractions(scope, { provider, db, clientId: settings.clientId, homeUrl: `${settings.publicUrl}/`, publicUrl: settings.publicUrl, issuer: settings.issuer, limits: deps.limits });
    },
    { prefix: OIDC_MOUNT_PATH },
  );
  await mountProvider(app, provider, { publicUrl: settings.publicUrl });
  return provider;
}
