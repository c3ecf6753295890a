import { createRemoteJWKSet, type JWTVerifyGetKey } from "jose";

/** How long a failed discovery is remembered before the next request may try again. */
const DISCOVERY_RETRY_MS = 30_000;
const DISCOVERY_TIMEOUT_MS = 5_000;

/**
 * The key set of an external OpenID provider, found through its discovery document on first use.
 * Keys are cached by jose (refetched after 10 minutes, or at most once per 30 s cool-down when a
 * token names an unknown `kid`, which is how key rotation is followed).
 */
export function createDiscoveredJwks(issuer: string): JWTVerifyGetKey {
  let jwks: Promise<JWTVerifyGetKey> | undefined;
  let failedAt = 0;

  const resolve = () => {
    if (!jwks && Date.now() - failedAt > DISCOVERY_RETRY_MS) {
      jwks = discoverJwksUri(issuer).then(
        (uri) => createRemoteJWKSet(new URL(uri), { cooldownDuration: 30_000, cacheMaxAge: 600_000 }),
        (error: unknown) => {
          failedAt = Date.now();
          jwks = undefined;
          throw error;
        },
      );
    }
    return jwks ?? Promise.reject(new Error(`OpenID discovery for ${issuer} failed recently; retrying later`));
  };

  return async (header, token) => (await resolve())(header, token);
}

async function discoverJwksUri(issuer: string): Promise<string> {
  const url = `${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`;
  const response = await fetch(url, { signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS), redirect: "error" });
  if (!response.ok) throw new Error(`OpenID discovery ${url} answered ${response.status}`);
  const document = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
  // OpenID Connect Discovery §4.3: the document must name exactly the issuer we asked for.
  if (document.issuer !== issuer) throw new Error(`OpenID discovery ${url} names issuer ${String(document.issuer)}`);
  if (typeof document.jwks_uri !== "string") throw new Error(`OpenID discovery ${url} has no jwks_uri`);
  return document.jwks_uri;
}
