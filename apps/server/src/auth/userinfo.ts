import { createHash } from "node:crypto";
import type { AuthIdentity } from "@parley/api";
import type { ProviderMetadata } from "./discovered-jwks";

const CACHE_MS = 5 * 60_000;
const MAX_CACHED = 1000;
const TIMEOUT_MS = 5_000;

/**
 * The profile behind a verified access token, for issuers that keep profile claims out of their
 * access tokens (most do: Auth0, Keycloak, Entra ID put them in the ID token and userinfo). A
 * token with an `email` claim is its own profile; otherwise the issuer's userinfo endpoint (from
 * its discovery document) is asked with the token itself (OpenID Connect Core §5.3), and the
 * answer kept 5 minutes per token. When userinfo cannot be reached, the token's claims are used
 * and `onOperationalError` is told.
 */
export function createUserinfoProfiles(discovery: () => Promise<ProviderMetadata>, onOperationalError?: (error: unknown) => void) {
  const cache = new Map<string, { expiresAt: number; profile: Promise<Record<string, unknown>> }>();

  async function fetchUserinfo(token: string, subject: string): Promise<Record<string, unknown>> {
    const { userinfo_endpoint: endpoint } = await discovery();
    if (!endpoint) throw new Error("the issuer's discovery document names no userinfo_endpoint");
    const response = await fetch(endpoint, {
      headers: { authorization: `Bearer ${token}`, accept: "application/json" },
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: "error",
    });
    if (!response.ok) throw new Error(`userinfo ${endpoint} answered ${response.status}`);
    const body = (await response.json()) as Record<string, unknown>;
    // §5.3.2: the answer is about the token's subject, or it must not be used.
    if (body.sub !== subject) throw new Error(`userinfo ${endpoint} answered for another subject`);
    return body;
  }

  return (token: string, identity: Pick<AuthIdentity, "subject" | "claims">) => async (): Promise<Record<string, unknown>> => {
    if (typeof identity.claims.email === "string") return identity.claims;
    const key = createHash("sha256").update(token).digest("base64url");
    const now = Date.now();
    let entry = cache.get(key);
    if (!entry || entry.expiresAt <= now) {
      if (cache.size >= MAX_CACHED) {
        for (const [k, e] of cache) if (e.expiresAt <= now || cache.size >= MAX_CACHED) cache.delete(k);
      }
      entry = { expiresAt: now + CACHE_MS, profile: fetchUserinfo(token, identity.subject) };
      cache.set(key, entry);
      entry.profile.catch(() => cache.delete(key));
    }
    try {
      return { ...identity.claims, ...(await entry.profile) };
    } catch (error) {
      onOperationalError?.(error);
      return identity.claims;
    }
  };
}
