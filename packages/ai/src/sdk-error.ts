import { kindFromStatus, ProviderError, type ProviderErrorKind } from "./errors";

/** The parts of an OpenAI or Anthropic SDK `APIError` that are safe to look at. */
type ApiErrorLike = { status?: number | undefined; type?: unknown; code?: unknown; error?: unknown };

/** Error types that arrive without a status (mid-stream error events) in both services' shapes. */
const KIND_BY_TYPE: Record<string, ProviderErrorKind> = {
  authentication_error: "auth",
  permission_error: "auth",
  invalid_api_key: "auth",
  rate_limit_error: "rate_limit",
  rate_limit_exceeded: "rate_limit",
  insufficient_quota: "rate_limit",
  invalid_request_error: "bad_request",
  not_found_error: "bad_request",
  request_too_large: "bad_request",
  overloaded_error: "unavailable",
  api_error: "unavailable",
  server_error: "unavailable",
  timeout_error: "timeout",
};

/** The error type named in an Anthropic body (`{ error: { type } }`) or an OpenAI one (`type`/`code`). */
function errorTypeOf(error: ApiErrorLike): string | undefined {
  const nested = (error.error as { error?: { type?: unknown } } | undefined)?.error?.type;
  for (const candidate of [error.code, nested, error.type]) {
    if (typeof candidate === "string" && Object.hasOwn(KIND_BY_TYPE, candidate)) return candidate;
  }
  return undefined;
}

/**
 * Translates an SDK `APIError` by its status and error type, never its message (which may carry
 * the upstream body). Without a status it came from an error event inside the stream.
 */
export function mapApiFailure(api: ApiErrorLike): ProviderError {
  const type = errorTypeOf(api);
  if (typeof api.status === "number")
    return new ProviderError(kindFromStatus(api.status), { status: api.status, code: typeof api.code === "string" ? api.code : type });
  if (type) return new ProviderError(KIND_BY_TYPE[type] ?? "unavailable", { code: type });
  return new ProviderError("unavailable");
}
