// Who calls: the identity a verified access token proves, shared by every layer above the kit.

/** The caller as proved by a verified access token: issuer + subject identify a person. */
export type AuthIdentity = {
  issuer: string;
  subject: string;
  /** Claims of the verified access token. */
  claims: Record<string, unknown>;
  /**
   * The person's profile claims (email, email_verified, name, picture, nickname) as the issuer
   * vouches for them: the access token's, or its userinfo endpoint's when the token has none.
   * Absent: `claims` are the profile.
   */
  profile?: () => Promise<Record<string, unknown>>;
  /** Set when the caller used one of their personal access tokens instead of signing in. */
  accessTokenId?: string;
  /** Set when that token is read-only: every write is refused. */
  readOnly?: boolean;
};
