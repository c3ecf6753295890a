import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { MESSAGES } from "@parley/contracts";
import { isDatabaseUnavailable } from "@parley/db";

/**
 * The one error taxonomy. Domain code throws `AppError(kind, message)`; the tRPC layer maps the
 * kind to a tRPC code once (below) and tRPC's own table gives the HTTP status for REST.
 * `message` is shown to people: say what went wrong and what to do, never internals.
 */
export const ERROR_KINDS = {
  BAD_REQUEST: "BAD_REQUEST",
  UNAUTHORIZED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  /** Was there and is no more (an expired public link): tRPC has no such code, so it travels as NOT_FOUND and leaves as 410. */
  GONE: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  PAYMENT_REQUIRED: "PAYMENT_REQUIRED",
  PRECONDITION_FAILED: "PRECONDITION_FAILED",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  UNSUPPORTED_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  TOO_MANY_REQUESTS: "TOO_MANY_REQUESTS",
  BAD_GATEWAY: "BAD_GATEWAY",
  SERVICE_UNAVAILABLE: "SERVICE_UNAVAILABLE",
  INTERNAL: "INTERNAL_SERVER_ERROR",
} as const satisfies Record<string, TRPCError["code"]>;

export type ErrorKind = keyof typeof ERROR_KINDS;

export class AppError extends Error {
  /** Seconds after which trying again may succeed (sent as `Retry-After`). */
  readonly retryAfterSeconds: number | undefined;
  /**
   * A link's state (expired, capped, waiting for its password, locked): true while it may change
   * the next moment (its owner lifts a cap), so the answer is never kept (`Cache-Control: no-store`).
   */
  readonly linkState: boolean;

  constructor(
    readonly kind: ErrorKind,
    message: string,
    options?: { cause?: unknown; retryAfterSeconds?: number; linkState?: boolean },
  ) {
    super(message, options);
    this.name = "AppError";
    this.retryAfterSeconds = options?.retryAfterSeconds;
    this.linkState = options?.linkState ?? false;
  }
}

/**
 * The tRPC error for an AppError (or any error: a database that cannot be reached is a 503,
 * unknown ones become a generic 500).
 */
export function toTRPCError(error: unknown): TRPCError {
  if (error instanceof TRPCError) {
    return error.code === "INTERNAL_SERVER_ERROR" && isDatabaseUnavailable(error.cause) ? toTRPCError(error.cause) : error;
  }
  if (error instanceof AppError) return new TRPCError({ code: ERROR_KINDS[error.kind], message: error.message, cause: error });
  if (isDatabaseUnavailable(error)) return new TRPCError({ code: "SERVICE_UNAVAILABLE", message: MESSAGES.databaseUnavailable, cause: error });
  return new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause: error });
}

/** tRPC's own text when a batch passes the host's `maxBatchSize`. */
const TRPC_BATCH_TOO_LARGE = "Batch call exceeds maximum size";

/**
 * What a client is told of an error: the HTTP status, a message a person can act on, when to try
 * again, and whether the answer must not be kept by a browser or cache (a link's state).
 */
export type PublicError = { status: number; message: string; retryAfterSeconds: number | undefined; noStore: boolean };

/**
 * The one mapping from any error to what leaves the server, used by tRPC's error formatter, the
 * REST adapter and the host's error handler alike. Internals (stack, SQL, causes) never leave.
 */
export function toPublicError(error: unknown): PublicError {
  const translated = toTRPCError(error);
  const status = translated.cause instanceof AppError && translated.cause.kind === "GONE" ? 410 : getHTTPStatusCodeFromError(translated);
  return { status, message: publicMessage(translated), retryAfterSeconds: retryAfterOf(translated), noStore: isLinkState(translated) };
}

/** Whether the error is a link's state (AppError's `linkState`), answered with `Cache-Control: no-store`. */
export function isLinkState(error: unknown): boolean {
  const cause = error instanceof TRPCError ? error.cause : error;
  return cause instanceof AppError && cause.linkState;
}

function publicMessage(error: TRPCError): string {
  if (error.code === "INTERNAL_SERVER_ERROR") return MESSAGES.internal;
  if (error.code === "PARSE_ERROR" || error.cause instanceof SyntaxError) return MESSAGES.malformedJson;
  if (error.message === TRPC_BATCH_TOO_LARGE) return MESSAGES.batchTooLarge;
  return describeInputError(error) ?? (error.message || MESSAGES.unavailable);
}

/** Seconds to wait before trying again, when the error says so (a refused action). */
export function retryAfterOf(error: unknown): number | undefined {
  const cause = error instanceof TRPCError ? error.cause : error;
  return cause instanceof AppError ? cause.retryAfterSeconds : undefined;
}

type Issue = { path?: readonly PropertyKey[]; message: string };

/**
 * A readable sentence for an input validation failure ("description: Too big: ..."), or
 * undefined when the error is not one.
 */
export function describeInputError(error: unknown): string | undefined {
  if (!(error instanceof TRPCError) || error.code !== "BAD_REQUEST") return undefined;
  const issues = (error.cause as { issues?: Issue[] } | undefined)?.issues;
  if (!Array.isArray(issues) || issues.length === 0) return undefined;
  const parts = issues.map((issue) => {
    const path = (issue.path ?? []).map(String).join(".");
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  return `Invalid request: ${parts.join("; ")}`;
}
