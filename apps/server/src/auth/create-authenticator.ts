import type { Database } from "@parley/db";
import type { Config } from "../config";
import { createAccessTokenVerifier } from "./access-token";
import type { Authenticator } from "./authenticator";
import { createDiscoveredJwks } from "./discovered-jwks";
import { createEmbeddedJwks } from "./embedded/local-jwks";

/**
 * The authenticator for the configured issuer: the embedded provider's keys from the database,
 * or an external provider's JWKS found through its discovery document.
 */
export function createAuthenticator(config: Config, db: Database, onOperationalError?: (error: unknown) => void): Authenticator {
  const { issuer, audience, embedded } = config.oidc;
  return createAccessTokenVerifier({
    issuer,
    audience,
    jwks: embedded ? createEmbeddedJwks(db) : createDiscoveredJwks(issuer),
    requireAtJwtType: embedded,
    onOperationalError,
  });
}
