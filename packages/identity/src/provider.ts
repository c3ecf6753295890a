import type { JWK } from "jose";
import type Provider from "oidc-provider";
import type { Configuration, KoaContextWithOIDC } from "oidc-provider";
import type { Database } from "@parley/db";
import { createOidcAdapterFactory } from "./adapter";
import { importOidcProvider } from "./oidc-module";
import { claimsOf, findLocalAccountById } from "./local-accounts";
import { renderError, renderSignedOut, renderSignOut } from "./pages";
import { SIGNING_ALG } from "./secrets";

/** Where the provider lives under the app; the issuer is `${PUBLIC_URL}${OIDC_MOUNT_PATH}`. */
export const OIDC_MOUNT_PATH = "/oidc";

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

/** What the provider needs to know about where it runs. */
export type IdentitySettings = {
  /** The app's public address (no trailing slash): the client's redirect and the sign-out home. */
  publicUrl: string;
  /** `${publicUrl}${OIDC_MOUNT_PATH}`. */
  issuer: string;
  clientId: string;
  /** The resource (audience) access tokens are issued for. */
  audience: string;
  /** Whether X-Forwarded-* headers of a reverse proxy are trusted. */
  trustProxy: boolean;
};

export type EmbeddedProviderOptions = {
  settings: IdentitySettings;
  db: Database;
  signingKeys: JWK[];
  cookieKeys: string[];
};

/**
 * Parley's own OpenID provider (panva's oidc-provider): one public client, the SPA, using the
 * authorization code flow with PKCE S256 and rotating refresh tokens; JWT access tokens for the
 * API through resource indicators; local accounts; state in the database.
 */
export async function createEmbeddedProvider({ settings, db, signingKeys, cookieKeys }: EmbeddedProviderOptions): Promise<Provider> {
  const { default: OidcProvider, errors } = await importOidcProvider();
  const { issuer, clientId, audience, publicUrl } = settings;
  const home = `${publicUrl}/`;

  const configuration: Configuration = {
    adapter: createOidcAdapterFactory(db),
    clients: [
      {
        client_id: clientId,
        client_name: "Parley",
        application_type: "web",
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        redirect_uris: [`${publicUrl}/callback`],
        post_logout_redirect_uris: [home],
        id_token_signed_response_alg: SIGNING_ALG,
      },
    ],
    clientAuthMethods: ["none"],
    responseTypes: ["code"],
    pkce: { required: () => true },
    jwks: { keys: signingKeys },
    cookies: { keys: cookieKeys },
    scopes: ["openid", "offline_access", "profile", "email"],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "nickname", "picture"],
    },
    // The access token is for the API, not for userinfo, so the SPA reads the profile from the ID token.
    conformIdTokenClaims: false,
    extraParams: ["screen_hint"],
    // oidc-provider drops `offline_access` unless the request says prompt=consent (OIDC Core
    // §11); the SPA renews silently with refresh tokens, so our client always gets one. They
    // rotate on every use and end with the provider session.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    // The API takes the profile (email, name) from the access token it verified, never from what
    // the client says, so the token carries it.
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== "AccessToken" || !token.accountId) return undefined;
      const account = await findLocalAccountById(db, token.accountId);
      if (!account) return undefined;
      const { sub: _sub, ...profile } = claimsOf(account);
      return profile;
    },
    async findAccount(_ctx, sub) {
      const account = await findLocalAccountById(db, sub);
      if (!account) return undefined;
      return { accountId: account.id, claims: () => claimsOf(account) };
    },
    interactions: { url: (_ctx, interaction) => `${OIDC_MOUNT_PATH}/interaction/${interaction.uid}` },
    clientBasedCORS: (_ctx, origin) => origin === new URL(publicUrl).origin,
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // The SPA asks for no resource: it gets a JWT for the API (aud = OIDC audience).
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, indicator) {
          if (indicator !== audience) throw new errors.InvalidTarget();
          return {
            scope: "api",
            audience,
            accessTokenTTL: 15 * MINUTE,
            accessTokenFormat: "jwt",
            jwt: { sign: { alg: SIGNING_ALG } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx: KoaContextWithOIDC, form: string) {
          ctx.type = "html";
          ctx.body = renderSignOut(form);
        },
        postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
          ctx.type = "html";
          ctx.body = renderSignedOut(home);
        },
      },
    },
    renderError(ctx, out) {
      ctx.type = "html";
      const description = out.error_description ?? out.error ?? "The request could not be completed.";
      ctx.body = renderError(String(description), home);
    },
    ttl: {
      AccessToken: 15 * MINUTE,
      AuthorizationCode: MINUTE,
      IdToken: 60 * MINUTE,
      Interaction: 60 * MINUTE,
      Session: 14 * DAY,
      Grant: 14 * DAY,
      // A public client's rotated refresh token keeps its family's lifetime: 14 days from sign-in.
      RefreshToken: (ctx) => ctx?.oidc?.entities.RotatedRefreshToken?.remainingTTL ?? 14 * DAY,
    },
  };

  const provider = new OidcProvider(issuer, configuration);
  provider.proxy = settings.trustProxy;
  return provider;
}
