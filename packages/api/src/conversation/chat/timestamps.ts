/**
 * The spec's session timestamp: UTC without a `Z` suffix, e.g. `2026-11-22T18:04:05.123`.
 * Clients append `Z` before parsing.
 */
export function toSpecTimestamp(date: Date): string {
  return date.toISOString().replace(/Z$/, "");
}
