import { ErrorResponse } from "oidc-client-ts";

/** Notices for popup sign-in problems (popup blocked, closed, time-out). */
export const SIGN_IN_NOTICES = {
  popupBlocked: "Your browser blocked the sign-in window, so we are taking you to the sign-in page instead.",
  popupClosed: "The sign-in window was closed before sign-in finished.",
  popupTimedOut: "Sign-in timed out after 60 seconds. Please try again.",
  /** Renewing the access token for an API call failed. */
  accessTokenFailed: "Get access token failed",
} as const;

/** The reasons handed to the popup's abort signal: the 60 s time-out, or the person's Cancel. */
export const POPUP_TIMEOUT_REASON = "Popup timed out";
export const POPUP_CANCEL_REASON = "Popup cancelled";

export type PopupProblem = "blocked" | "closed" | "timeout" | "cancelled";

/**
 * Classifies an oidc-client-ts popup failure. A blocked popup surfaces as an attempt to navigate
 * a window that `window.open` never returned.
 */
export function popupProblemOf(error: unknown): PopupProblem | null {
  if (!(error instanceof Error)) return null;
  if (error.message === "Attempted to navigate on a disposed window" || error.message === "Popup blocked by user") return "blocked";
  if (error.message === "Popup closed by user" || error.message === "Popup closed") return "closed";
  if (error.message === POPUP_TIMEOUT_REASON) return "timeout";
  if (error.message === POPUP_CANCEL_REASON) return "cancelled";
  return null;
}

/**
 * True when the provider says the session is over (login_required, invalid_grant...): the
 * stored tokens are useless and the user is signed out locally.
 */
export function isSessionEnded(error: unknown): boolean {
  return error instanceof ErrorResponse;
}
