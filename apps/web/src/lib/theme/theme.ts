/** The two themes and where the choice is kept (localStorage key 'theme'). */
export type Theme = "light" | "dark";
export const THEME_STORAGE_KEY = "theme";

/** A stored value is a theme only when it is exactly 'light' or 'dark'. */
export function parseTheme(value: string | null | undefined): Theme | null {
  return value === "light" || value === "dark" ? value : null;
}

/** The saved choice wins; without one the system preference decides. */
export function resolveTheme(saved: Theme | null, systemPrefersDark: boolean): Theme {
  return saved ?? (systemPrefersDark ? "dark" : "light");
}

export function otherTheme(theme: Theme): Theme {
  return theme === "dark" ? "light" : "dark";
}
