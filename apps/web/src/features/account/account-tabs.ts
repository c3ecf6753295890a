/** Tabs of the profile screen. */
export const ACCOUNT_TABS = [
  { id: "profile", label: "User Profile" },
  { id: "api", label: "API Keys" },
  { id: "subscription", label: "Subscription" },
] as const;

export type AccountTab = (typeof ACCOUNT_TABS)[number]["id"];

export type AccountSearch = { tab?: AccountTab; session_id?: string };

/** Reads `?tab=` and `?session_id=` from the address, dropping anything else. */
export function parseAccountSearch(search: Record<string, unknown>): AccountSearch {
  const tab = ACCOUNT_TABS.find((entry) => entry.id === search.tab)?.id;
  const sessionId = typeof search.session_id === "string" && search.session_id !== "" ? search.session_id : undefined;
  return { ...(tab ? { tab } : {}), ...(sessionId ? { session_id: sessionId } : {}) };
}

/** The tab to show: a checkout return (`session_id`) always lands on Subscription. */
export function activeAccountTab(search: AccountSearch): AccountTab {
  if (search.session_id) return "subscription";
  return search.tab ?? "profile";
}
