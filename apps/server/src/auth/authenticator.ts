import type { AuthIdentity } from "@parley/api";

/**
 * Turns a request's Authorization header into the caller's identity. Returns null when the
 * header is absent or does not carry a valid access token; protected procedures then answer 401.
 * An absent header is always anonymous: the request context does not call it then.
 */
export type Authenticator = {
  authenticate: (authorization: string | undefined) => Promise<AuthIdentity | null>;
};

/** Extracts the token of an `Authorization: Bearer <token>` header. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  return match?.[1];
}
