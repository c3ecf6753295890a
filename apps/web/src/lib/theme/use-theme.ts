import { useSyncExternalStore } from "react";
import { getTheme, subscribeTheme, toggleTheme } from "./theme-store";

/** The current theme and a toggle that persists the choice. */
export function useTheme() {
  const theme = useSyncExternalStore(subscribeTheme, getTheme);
  return { theme, toggleTheme } as const;
}
