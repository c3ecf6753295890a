import { QueryClient } from "@tanstack/react-query";
import { errorCodeOf } from "./errors";

/** Errors a retry cannot fix: the answer will be the same. */
const FINAL_CODES = new Set(["BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "PAYMENT_REQUIRED", "TOO_MANY_REQUESTS"]);

/** The page's query cache: data stays fresh for 30 s; client errors are not retried. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failures, error) => !FINAL_CODES.has(errorCodeOf(error) ?? "") && failures < 2,
      },
    },
  });
}
