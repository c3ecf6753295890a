import { TRPCClientError } from "@trpc/client";
import { CHAT_TEXTS } from "./texts";

/**
 * The alert for a clone that failed: the server's own error when it sent one,
 * a fixed sentence for an HTTP error without one (e.g. a proxy's error page), and the generic
 * text for anything else (the network, or an answer without new_session_id).
 */
export function cloneFailureText(error: unknown): string {
  if (!(error instanceof TRPCClientError)) return CHAT_TEXTS.cloneFailed;
  if (error.data) return CHAT_TEXTS.cloneError(error.message);
  const response = (error.meta as { response?: unknown } | undefined)?.response;
  const httpError = (response instanceof Response && !response.ok) || error.cause instanceof SyntaxError;
  return httpError ? CHAT_TEXTS.cloneHttpFailed : CHAT_TEXTS.cloneFailed;
}
