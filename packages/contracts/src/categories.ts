/** Chat and post categories. The first one is the default chat category. */
export const CATEGORIES = ["general", "technology", "education", "health", "business", "entertainment"] as const;
export type Category = (typeof CATEGORIES)[number];

/** A category as screens show it: 'technology' is 'Technology'. */
export const categoryLabel = (category: string) => category.charAt(0).toUpperCase() + category.slice(1);
export const DEFAULT_CATEGORY: Category = "general";

/** Server-side feed categories beyond the chat categories (ai, creative, technical). */
export const FEED_CATEGORIES = ["ai", "creative", "technical", ...CATEGORIES] as const;
export type FeedCategory = (typeof FEED_CATEGORIES)[number];

/** Feed filter buttons; only creative and technical refetch from the server. */
export const FEED_FILTERS = [
  { id: "all", label: "All" },
  { id: "popular", label: "Most Popular" },
  { id: "latest", label: "Latest" },
  { id: "creative", label: "Creative" },
  { id: "technical", label: "Technical" },
] as const;
export type FeedFilter = (typeof FEED_FILTERS)[number]["id"];
