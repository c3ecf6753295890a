import { UserManager, WebStorageStateStore, type SigninSilentArgs, type User } from "oidc-client-ts";
import { withCrossTabLock } from "./cross-tab-lock";
import type { PublicConfig } from "./public-config";

export const CALLBACK_PATH = "/callback";

/** Renew when fewer than this many seconds remain; the expiring event fires 60 s before the end. */
const FRESH_ENOUGH_SECONDS = 120;

/**
 * oidc-client-ts' UserManager with every silent renewal (the automatic one included) taken under
 * the cross-tab lock. Inside the lock it reads the stored user again: when another tab has just
 * renewed, that fresh user is used and the rotated refresh token is not spent twice.
 */
export class LockedUserManager extends UserManager {
  override signinSilent(args?: SigninSilentArgs): Promise<User | null> {
    return withCrossTabLock(async () => {
      const stored = await this.getUser();
      if (stored && !stored.expired && (stored.expires_in ?? 0) > FRESH_ENOUGH_SECONDS) return stored;
      return super.signinSilent({ extraTokenParams: this.settings.extraTokenParams, ...args });
    });
  }
}

/** The parameter that names the API the access token is for: a resource indicator (RFC 8707) or Auth0's `audience`. */
export function audienceParams(oidc: PublicConfig["oidc"]): Record<string, string> {
  return oidc.embedded ? { resource: oidc.audience } : { audience: oidc.audience };
}

/**
 * The UserManager for this origin: code flow with PKCE (S256),
 * state and nonce, one redirect URI for redirect and popup, tokens in localStorage, silent renew
 * with refresh tokens (offline_access).
 */
export function createUserManager(oidc: PublicConfig["oidc"], origin: string): LockedUserManager {
  const audience = audienceParams(oidc);
  return new LockedUserManager({
    authority: oidc.authority,
    client_id: oidc.clientId,
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    popup_redirect_uri: `${origin}${CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: "code",
    scope: oidc.scope,
    extraQueryParams: audience,
    extraTokenParams: audience,
    // The access token is for the API; the profile comes from the ID token, not /userinfo.
    loadUserInfo: false,
    automaticSilentRenew: true,
    monitorSession: false,
    // Sign-out revokes the refresh token itself (AuthClient.signOut), so a failed revocation
    // cannot stop the provider session from ending. Providers answer a revocation with an
    // empty body that is often typed text/plain (oidc-provider does).
    revokeTokensOnSignout: false,
    revokeTokenTypes: ["refresh_token"],
    revokeTokenAdditionalContentTypes: ["text/plain"],
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    stateStore: new WebStorageStateStore({ store: window.localStorage }),
  });
}
