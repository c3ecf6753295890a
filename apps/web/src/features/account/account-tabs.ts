import type { ReactNode } from "react";

/** Tabs of the profile screen. */
export const ACCOUNT_TABS = [
  { id: "profile", label: "User Profile" },
  { id: "api", label: "API Keys" },
  { id: "subscription", label: "Subscription" },
] as const;

export type AccountTab = (typeof ACCOUNT_TABS)[number]["id"];

/** A tab the route adds to the screen (the admin console's, for admins). */
export type ExtraTab = { id: string; label: string; panel: ReactNode };

export type AccountSearch = { tab?: string; session_id?: string };

/** Reads `?tab=` and `?session_id=` from the address, dropping anything else. A tab the screen does not show falls back to the profile. */
export function parseAccountSearch(search: Record<string, unknown>): AccountSearch {
  const tab = typeof search.tab === "string" && /^[a-z]{1,20}$/.test(search.tab) ? search.tab : undefined;
  const sessionId = typeof search.session_id === "string" && search.session_id !== "" ? search.session_id : undefined;
  return { ...(tab ? { tab } : {}), ...(sessionId ? { session_id: sessionId } : {}) };
}

/** The tab to show: a checkout return (`session_id`) always lands on Subscription; an unknown tab on the profile. */
export function activeAccountTab(search: AccountSearch, extraTabs: readonly { id: string }[] = []): string {
  if (search.session_id) return "subscription";
  const known = [...ACCOUNT_TABS, ...extraTabs].some((tab) => tab.id === search.tab);
  return known && search.tab ? search.tab : "profile";
}
