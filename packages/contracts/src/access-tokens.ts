/** Personal access tokens: what the server enforces and the profile page explains. */
export const ACCESS_TOKENS = {
  /** Every token starts with this, so scanners and people recognise it. */
  prefix: "parley_pat_",
  /** Characters of a token kept visible in lists (the prefix plus the first few of the secret). */
  visibleChars: 17,
  /** Longest token name, characters. */
  nameMax: 100,
  /** Most tokens one person may hold at once. */
  perUser: 20,
  /** Longest expiry a token can be given, days (a token may also never expire). */
  expiryDaysMax: 365,
} as const;

export const ACCESS_TOKEN_MESSAGES = {
  invalid: "This access token is unknown or has been revoked. Create a new one in your profile page.",
  notFound: "Access token not found.",
  tooMany: `You already have ${ACCESS_TOKENS.perUser} access tokens, the most allowed. Revoke one you no longer use, then create a new one.`,
  expired: "This access token has expired. Create a new one in your profile page.",
  readOnly: "This access token is read-only: it can read but not change anything. Use a token with write access, or sign in.",
  signInToCreate: "Access tokens cannot create other access tokens. Sign in to Parley and create one in your profile page.",
} as const;
