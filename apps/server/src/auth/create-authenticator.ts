import type { KeyVault } from "@parley/keys";
import type { Database } from "@parley/db";
import type { Config } from "../config";
import { createAccessTokenVerifier } from "./access-token";
import { bearerToken, type Authenticator } from "./authenticator";
import { createDiscoveredJwks, createDiscovery } from "./discovered-jwks";
import { createEmbeddedJwks } from "@parley/identity";
import { withPersonalAccessTokens } from "./personal-access-token";
import { createUserinfoProfiles } from "./userinfo";

/**
 * The authenticator for the configured issuer: the embedded provider's keys from the database,
 * opened with `keys` (its access tokens carry the profile), or an external provider's JWKS and userinfo endpoint
 * found through its discovery document. Either way, people's personal access tokens are accepted too.
 */
export function createAuthenticator(config: Config, db: Database, options: { keys: KeyVault; onOperationalError?: (error: unknown) => void }): Authenticator {
  return withPersonalAccessTokens(db, createSignInAuthenticator(config, db, options));
}

function createSignInAuthenticator(config: Config, db: Database, options: { keys: KeyVault; onOperationalError?: (error: unknown) => void }): Authenticator {
  const { issuer, audience, clientId, embedded } = config.oidc;
  const { onOperationalError } = options;
  if (embedded) {
    const jwks = createEmbeddedJwks(db, options.keys);
    return createAccessTokenVerifier({ issuer, audience, clientId, jwks, requireAtJwtType: true, onOperationalError });
  }
  const discovery = createDiscovery(issuer);
  const verifier = createAccessTokenVerifier({
    issuer,
    audience,
    clientId,
    jwks: createDiscoveredJwks(issuer, discovery),
    onOperationalError,
  });
  const profiles = createUserinfoProfiles(discovery, onOperationalError);
  return {
    async authenticate(authorization) {
      const identity = await verifier.authenticate(authorization);
      return identity && { ...identity, profile: profiles(bearerToken(authorization)!, identity) };
    },
  };
}
