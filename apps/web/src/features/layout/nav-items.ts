import type { ReactNode } from "react";

/** Tabs of the signed-in navigation; anonymous visitors do not see them. */
export const SIGNED_IN_TABS = [
  { to: "/discover", label: "Discover" },
  { to: "/chat", label: "Chat" },
  { to: "/admin", label: "Admin" },
] as const;

/** What the page puts next to the navigation for signed-in people, in the bar or in the small-screen menu. */
export type NavBadge = (placement: "nav" | "menu") => ReactNode;
