import type { Category, FeedCategory } from "./categories";

/**
 * What a feed category shows. The chat categories match themselves; the feed-only ones are groups
 * of them: Creative is entertainment, Technical is technology, and ai is every post (each post is
 * a conversation with an AI model). A post also matches a feed category stored on it literally.
 */
export const FEED_CATEGORY_MATCHES: Record<Exclude<FeedCategory, "ai">, readonly string[]> & { ai: "all" } = {
  ai: "all",
  creative: ["creative", "entertainment"],
  technical: ["technical", "technology"],
  general: ["general"],
  technology: ["technology"],
  education: ["education"],
  health: ["health"],
  business: ["business"],
  entertainment: ["entertainment"],
} satisfies Record<FeedCategory, readonly Category[] | readonly string[] | "all">;

/** Feed orders: 'Latest' is newest first, 'Most Popular' the server's ranking (docs/discovery.md). */
export const FEED_SORTS = ["latest", "popular"] as const;
export type FeedSort = (typeof FEED_SORTS)[number];

/** Limits of search and creator handles. */
export const DISCOVERY_LIMITS = {
  /** Longest search text, characters. */
  searchQuery: 200,
  /** Results per search page. */
  searchPageSize: 20,
  /** Shortest and longest handle. */
  handleMin: 2,
  handleMax: 30,
  /** Days a handle given up by a rename stays held for its former owner. */
  handleHoldDays: 30,
} as const;

/**
 * Handles nobody gets, because a page at them would look like the service speaking: these words
 * alone or with a number (`admin-2`).
 */
const RESERVED_HANDLES: ReadonlySet<string> = new Set([
  "abuse",
  "about",
  "account",
  "admin",
  "administrator",
  "anonymous",
  "api",
  "app",
  "billing",
  "contact",
  "docs",
  "everyone",
  "help",
  "info",
  "login",
  "logout",
  "me",
  "mod",
  "moderator",
  "moderators",
  "news",
  "null",
  "official",
  "oidc",
  "owner",
  "parley",
  "postmaster",
  "privacy",
  "profile",
  "root",
  "security",
  "settings",
  "signin",
  "signup",
  "staff",
  "status",
  "support",
  "system",
  "team",
  "terms",
  "undefined",
  "webmaster",
]);

/** Whether `handle` is reserved (see RESERVED_HANDLES). */
export function isReservedHandle(handle: string): boolean {
  return RESERVED_HANDLES.has(handle.replace(/-[0-9]+$/, ""));
}

/** A handle: lowercase letters, digits and single hyphens between them. */
export const HANDLE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The handle a name suggests: lowercase ASCII letters and digits, other runs become one hyphen,
 * at most handleMax characters; a reserved or too short one becomes "user".
 */
export function handleBaseOf(name: string): string {
  const base = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+/, "")
    .slice(0, DISCOVERY_LIMITS.handleMax)
    .replace(/-+$/, "");
  return base.length >= DISCOVERY_LIMITS.handleMin && !isReservedHandle(base) ? base : "user";
}

/** The `n`th handle for `base` (n >= 2: base-n, the base shortened so the whole stays within handleMax). */
export function numberedHandle(base: string, n: number): string {
  if (n < 2) return base;
  const suffix = `-${n}`;
  return `${base.slice(0, DISCOVERY_LIMITS.handleMax - suffix.length).replace(/-+$/, "")}${suffix}`;
}

/** One piece of a search snippet; `match` pieces are the searched words, shown highlighted. */
export type SnippetPart = { text: string; match: boolean };
