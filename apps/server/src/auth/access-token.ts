import { decodeProtectedHeader, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from "jose";
import { bearerToken, type Authenticator } from "./authenticator";

/**
 * Asymmetric algorithms only: an HS* token would be "signed" with a key the attacker can read
 * (the issuer's public key), and `none` is no signature at all.
 */
export const ACCESS_TOKEN_ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"];

/** Seconds of clock skew tolerated on exp/nbf/iat between the issuer and us. */
const CLOCK_TOLERANCE_SECONDS = 30;
/** Longer headers are not access tokens worth parsing. */
const MAX_TOKEN_LENGTH = 8192;

export type AccessTokenVerifierOptions = {
  issuer: string;
  /** The API's identifier: the token's `aud` must contain it. */
  audience: string;
  /**
   * The SPA's client id: a token whose `client_id` (RFC 9068) or `azp` names another client was
   * issued to some other application of the same issuer and audience, and is refused.
   */
  clientId: string;
  /** Resolves the verification key from the token header (jose JWKS: remote or local). */
  jwks: JWTVerifyGetKey;
  /**
   * Require the RFC 9068 header `typ: at+jwt` (our embedded issuer always sets it). External
   * issuers vary (Auth0 and Keycloak send `JWT`), so for them the ID token checks below decide.
   */
  requireAtJwtType?: boolean;
  /**
   * Told about failures that are not the token's fault (issuer unreachable, discovery broken),
   * which otherwise look like every caller sending bad tokens.
   */
  onOperationalError?: (error: unknown) => void;
};

/**
 * Verifies bearer access tokens (RFC 9068 profile): signature against the issuer's keys, the
 * algorithm allow-list, issuer, audience, exp/nbf, and that the token is an access token, not an
 * ID token. Headers naming other keys (`jku`, `jwk`, `x5u`, `x5c`) are never followed: keys come
 * only from `jwks`. A bad token yields null, never an exception.
 */
export function createAccessTokenVerifier(options: AccessTokenVerifierOptions): Authenticator {
  return {
    async authenticate(authorization) {
      const token = bearerToken(authorization);
      if (!token || token.length > MAX_TOKEN_LENGTH) return null;
      try {
        const header = decodeProtectedHeader(token);
        if (!isAccessTokenType(header.typ, options.requireAtJwtType ?? false)) return null;
        const { payload } = await jwtVerify(token, options.jwks, {
          issuer: options.issuer,
          audience: options.audience,
          algorithms: ACCESS_TOKEN_ALGORITHMS,
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          requiredClaims: ["iss", "sub", "aud", "exp"],
        });
        if (looksLikeIdToken(payload) || !issuedTo(payload, options.clientId)) return null;
        return { issuer: payload.iss!, subject: payload.sub!, claims: payload };
      } catch (error) {
        if (isOperational(error)) options.onOperationalError?.(error);
        return null;
      }
    },
  };
}

function isAccessTokenType(typ: string | undefined, requireAtJwt: boolean) {
  const type = typ?.toLowerCase().replace(/^application\//, "");
  if (requireAtJwt) return type === "at+jwt";
  return type === undefined || type === "jwt" || type === "at+jwt";
}

/**
 * ID tokens carry a nonce or hash claims, or (Keycloak) say so in their `typ` claim; access
 * tokens carry none of that. (An ID token's `aud` is the client id, which the audience check
 * already refuses whenever the API's audience differs from it.)
 */
function looksLikeIdToken(payload: JWTPayload) {
  if (payload.nonce !== undefined || payload.at_hash !== undefined || payload.c_hash !== undefined) return true;
  return typeof payload.typ === "string" && payload.typ.toLowerCase() === "id";
}

/** True unless the token names a client (`client_id` or `azp`) other than ours; issuers may set neither. */
function issuedTo(payload: JWTPayload, clientId: string) {
  return [payload.client_id, payload.azp].every((claim) => claim === undefined || claim === clientId);
}

/** jose reports token defects as JOSEErrors; key-set fetch problems and anything else are ours. */
function isOperational(error: unknown) {
  return !(error instanceof errors.JOSEError) || error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid;
}
