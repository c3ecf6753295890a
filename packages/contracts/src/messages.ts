import { LIMITS } from "./limits";

/** Texts shown to people, shared by server and web so both say the same thing. */
export const MESSAGES = {
  publicDemo: "This is a public message. Anyone can read it, signed in or not.",
  protectedDemo: "This is a protected message. Only signed-in users can read it.",
  sendFailed: "An error occurred processing this request",
  signInRequired: "Sign in to continue: this request needs a valid access token.",
  notFound: "Not found.",
  internal: "Something went wrong on our side. Please try again in a moment.",
  unavailable: "The service is temporarily unavailable. Please try again in a moment.",
  databaseUnavailable: "The database is unavailable; try again shortly.",
  malformedJson: "The request body is not valid JSON. Check the syntax and try again.",
  bodyTooLarge: "The request body is too large.",
  unsupportedMediaType: "Send the request body as JSON with 'Content-Type: application/json'.",
  tooManyRequests: "Too many requests. Please wait a moment and try again.",
  batchTooLarge: `Too many calls in one request: send at most ${LIMITS.trpcBatchCalls} at a time.`,
} as const;
