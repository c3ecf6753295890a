/** Session times arrive as UTC without a `Z`; ISO times with a zone are read as they are. */
export function parseServerTime(timestamp: string): Date | null {
  const date = new Date(/Z$|[+-]\d\d:\d\d$/.test(timestamp) ? timestamp : `${timestamp}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Date and time in the viewer's locale and zone ("22 Nov 2026, 21:38"). */
export function localTime(timestamp: string): string {
  return parseServerTime(timestamp)?.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) ?? "";
}

/** A compact local time for lists: the time today, the day this year, else the date. */
export function shortLocalTime(timestamp: string, now = new Date()): string {
  const date = parseServerTime(timestamp);
  if (!date) return "";
  if (date.toDateString() === now.toDateString()) return date.toLocaleTimeString(undefined, { timeStyle: "short" });
  if (date.getFullYear() === now.getFullYear()) return date.toLocaleDateString(undefined, { month: "short", day: "numeric" });
  return date.toLocaleDateString(undefined, { dateStyle: "medium" });
}
