import formbody from "@fastify/formbody";
import type { FastifyInstance } from "fastify";
import type { KeyVault } from "@parley/keys";
import type { Database } from "@parley/db";
import { registerInteractions, verificationLink } from "./interactions";
import { renewVerificationCode } from "./local-accounts";
import type { SignInLimits } from "./limits";
import { mountProvider } from "./mount";
import { createEmbeddedProvider, OIDC_MOUNT_PATH, type IdentitySettings } from "./provider";
import { loadCookieKeys, loadSigningKeys } from "./secrets";

export { createEmbeddedJwks } from "./local-jwks";
export { createOidcAdapterFactory } from "./adapter";
export { loadCookieKeys, loadSigningKeys } from "./secrets";
export { OIDC_MOUNT_PATH, type IdentitySettings } from "./provider";
export * from "./limits";

/**
 * A new link that verifies the address of the embedded provider's account `accountId` (the one
 * logged before stops working), for the operator to open or hand to the address's owner: the
 * provider sends no mail. Undefined once the address is verified, or for no such account.
 */
export async function newVerificationLink(db: Database, publicUrl: string, accountId: string) {
  const renewed = await renewVerificationCode(db, accountId);
  return renewed && { email: renewed.email, link: verificationLink(publicUrl, renewed.verificationCode) };
}

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
      registerInteractions(scope, {
        provider,
        db,
        clientId: settings.clientId,
        homeUrl: `${settings.publicUrl}/`,
        publicUrl: settings.publicUrl,
        issuer: settings.issuer,
        limits: deps.limits,
      });
    },
    { prefix: OIDC_MOUNT_PATH },
  );
  await mountProvider(app, provider, { publicUrl: settings.publicUrl });
  return provider;
}
