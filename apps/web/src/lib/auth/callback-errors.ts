/** Texts of the login-return errors. */
export const CALLBACK_ERRORS = {
  noParams: "There are no query params available for parsing.",
  invalidState: "Invalid state",
} as const;

/** oidc-client-ts messages that mean "no stored transaction matches this state". */
const STATE_ERRORS = ["No state in response", "No matching state found in storage"];

/**
 * Checks the address the provider sent the browser back to, before any processing: a callback
 * needs `code` and `state`, or `error` and `state`. Returns the error, or null.
 */
export function checkCallbackUrl(href: string): Error | null {
  const params = new URL(href).searchParams;
  if ([...params.keys()].length === 0) return new Error(CALLBACK_ERRORS.noParams);
  const hasResult = params.has("code") || params.has("error");
  if (!hasResult || !params.get("state")) return new Error(CALLBACK_ERRORS.invalidState);
  return null;
}

/** The error people see when processing the callback failed. */
export function describeCallbackError(error: unknown): Error {
  if (error instanceof Error && STATE_ERRORS.includes(error.message)) return new Error(CALLBACK_ERRORS.invalidState);
  if (error instanceof Error && error.message) return error;
  return new Error("Login failed");
}
