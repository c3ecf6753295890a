/** Tabs of the signed-in navigation (spec §2); anonymous visitors do not see them. */
export const SIGNED_IN_TABS = [
  { to: "/discover", label: "Discover" },
  { to: "/chat", label: "Chat" },
  { to: "/admin", label: "Admin" },
] as const;
