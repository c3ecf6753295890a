/** Why a reply failed, in terms a chat can act on (retry later, fix the key, change the request). */
export type ProviderErrorKind = "auth" | "rate_limit" | "bad_request" | "unavailable" | "timeout" | "aborted";

const MESSAGES: Record<ProviderErrorKind, string> = {
  auth: "The model service did not accept the API key.",
  rate_limit: "The model service is busy or its quota is used up. Try again in a moment.",
  bad_request: "The model service could not process this request.",
  unavailable: "The model service is unavailable right now. Try again later.",
  timeout: "The model service took too long to answer.",
  aborted: "The reply was stopped.",
};

/** A safe identifier from the service (e.g. `model_not_found`), never free text that might echo a key. */
const SAFE_CODE = /^[A-Za-z0-9_.-]{1,64}$/;

/**
 * A model call that failed. `message` is safe to show a person and to log: it is chosen from the
 * kind, never copied from the upstream body or headers (OpenAI's 401 body, for one, echoes the
 * key). `status` and `code` are kept for logs when the service gave them. No `cause` is attached,
 * because the SDK errors carry the raw upstream body.
 */
export class ProviderError extends Error {
  readonly kind: ProviderErrorKind;
  readonly status: number | undefined;
  readonly code: string | undefined;

  constructor(kind: ProviderErrorKind, details: { status?: number; code?: unknown } = {}) {
    super(MESSAGES[kind]);
    this.name = "ProviderError";
    this.kind = kind;
    this.status = details.status;
    this.code = typeof details.code === "string" && SAFE_CODE.test(details.code) ? details.code : undefined;
  }
}

/** The kind for an HTTP status of a model service. */
export function kindFromStatus(status: number): ProviderErrorKind {
  if (status === 401 || status === 403) return "auth";
  if (status === 429) return "rate_limit";
  if (status === 408 || status === 504) return "timeout";
  if (status >= 500) return "unavailable";
  return "bad_request";
}
