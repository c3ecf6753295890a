import type { User } from "oidc-client-ts";

/**
 * Auth states. `loading` covers the start-up check, the login return and a popup
 * sign-in in progress; `redirecting` means the browser is leaving for the provider.
 */
export type AuthStatus = "loading" | "ready" | "redirecting" | "error";

export type AuthState = {
  status: AuthStatus;
  user: User | null;
  error: Error | null;
  /** A short, dismissible sentence about the last sign-in attempt (popup blocked, closed, timed out). */
  notice: string | null;
  /** What the loading indicator says while auth is busy. */
  activity: string;
};

/** The loading indicator's words for each busy moment. */
export const AUTH_ACTIVITY = {
  starting: "Loading…",
  callback: "Signing you in…",
  popup: "Finish signing in in the pop-up window…",
  toProvider: "Taking you to sign in…",
  signingOut: "Signing you out…",
} as const;

/** Profile claims of the ID token that account setup sends to the API. */
export type IdentityProfile = {
  sub: string;
  name?: string;
  email?: string;
  picture?: string;
  nickname?: string;
  email_verified?: boolean;
};

export function profileOf(user: User): IdentityProfile {
  const claims = user.profile;
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
  return {
    sub: claims.sub,
    name: text(claims.name),
    email: text(claims.email),
    picture: text(claims.picture),
    nickname: text(claims.nickname),
    email_verified: typeof claims.email_verified === "boolean" ? claims.email_verified : undefined,
  };
}
