import { createRemoteJWKSet, type JWTVerifyGetKey } from "jose";

/** How long a failed discovery is remembered before the next request may try again. */
const DISCOVERY_RETRY_MS = 30_000;
const DISCOVERY_TIMEOUT_MS = 5_000;

/** The parts of an OpenID provider's metadata Parley uses. */
export type ProviderMetadata = { issuer: string; jwks_uri: string; userinfo_endpoint?: string };

/**
 * An external OpenID provider's metadata, fetched from its discovery document on first use and
 * kept; a failure is remembered for 30 s, then the next lookup tries again.
 */
export function createDiscovery(issuer: string): () => Promise<ProviderMetadata> {
  let metadata: Promise<ProviderMetadata> | undefined;
  let failedAt = 0;
  return () => {
    if (!metadata && Date.now() - failedAt > DISCOVERY_RETRY_MS) {
      metadata = discover(issuer).catch((error: unknown) => {
        failedAt = Date.now();
        metadata = undefined;
        throw error;
      });
    }
    return metadata ?? Promise.reject(new Error(`OpenID discovery for ${issuer} failed recently; retrying later`));
  };
}

/**
 * The key set of an external OpenID provider, found through its discovery document on first use.
 * Keys are cached by jose (refetched after 10 minutes, or at most once per 30 s cool-down when a
 * token names an unknown `kid`, which is how key rotation is followed).
 */
export function createDiscoveredJwks(issuer: string, discovery = createDiscovery(issuer)): JWTVerifyGetKey {
  let jwks: { uri: string; keySet: JWTVerifyGetKey } | undefined;
  return async (header, token) => {
    const { jwks_uri: uri } = await discovery();
    if (jwks?.uri !== uri) jwks = { uri, keySet: createRemoteJWKSet(new URL(uri), { cooldownDuration: 30_000, cacheMaxAge: 600_000 }) };
    return jwks.keySet(header, token);
  };
}

async function discover(issuer: string): Promise<ProviderMetadata> {
  const url = `${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`;
  const response = await fetch(url, { signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS), redirect: "error" });
  if (!response.ok) throw new Error(`OpenID discovery ${url} answered ${response.status}`);
  const document = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown; userinfo_endpoint?: unknown };
  // OpenID Connect Discovery §4.3: the document must name exactly the issuer we asked for.
  if (document.issuer !== issuer) throw new Error(`OpenID discovery ${url} names issuer ${String(document.issuer)}`);
  if (typeof document.jwks_uri !== "string") throw new Error(`OpenID discovery ${url} has no jwks_uri`);
  const userinfo = typeof document.userinfo_endpoint === "string" ? document.userinfo_endpoint : undefined;
  return { issuer, jwks_uri: document.jwks_uri, ...(userinfo ? { userinfo_endpoint: userinfo } : {}) };
}
