import { TRPCClientError } from "@trpc/client";

/** The tRPC error code of a failed call (NOT_FOUND, UNAUTHORIZED...), if it is one. */
export function errorCodeOf(error: unknown): string | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data = error.data as { code?: unknown } | undefined;
  return typeof data?.code === "string" ? data.code : undefined;
}

/** A sentence for people: the server's message when it sent one, else a generic one. */
export function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return "http request failed";
}
