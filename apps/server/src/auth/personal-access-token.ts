import { authenticateAccessToken, isPersonalAccessToken } from "@parley/api";
import type { Database } from "@parley/db";
import { bearerToken, type Authenticator } from "./authenticator";

/**
 * Accepts `Authorization: Bearer parley_pat_...` as the token's owner and hands every other
 * header to `signIn` (the identity provider's access tokens). An unknown or revoked personal
 * access token is refused with 401 and says so, rather than passing as anonymous.
 */
export function withPersonalAccessTokens(db: Database, signIn: Authenticator, now: () => Date = () => new Date()): Authenticator {
  return {
    authenticate(authorization) {
      const token = bearerToken(authorization);
      if (token && isPersonalAccessToken(token)) return authenticateAccessToken(db, token, now());
      return signIn.authenticate(authorization);
    },
  };
}
