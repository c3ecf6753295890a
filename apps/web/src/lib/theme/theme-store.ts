import { otherTheme, parseTheme, resolveTheme, THEME_STORAGE_KEY, type Theme } from "./theme";

const DARK_QUERY = "(prefers-color-scheme: dark)";
const listeners = new Set<() => void>();

function readSaved(): Theme | null {
  try {
    return parseTheme(window.localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return null; // storage disabled: the system preference still works
  }
}

function apply(theme: Theme) {
  const root = document.documentElement;
  root.classList.toggle("dark", theme === "dark");
  root.style.colorScheme = theme;
  listeners.forEach((listener) => listener());
}

/** The theme on screen (public/theme.js applied it before first paint). */
export function getTheme(): Theme {
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

/** Switches theme and remembers the choice. */
export function toggleTheme() {
  const next = otherTheme(getTheme());
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, next);
  } catch {
    // Not persisted, still applied for this page.
  }
  apply(next);
}

/**
 * Subscribes to theme changes: this tab's toggle, another tab's choice (storage event), and the
 * system preference while nothing is saved.
 */
export function subscribeTheme(listener: () => void) {
  listeners.add(listener);
  const media = window.matchMedia(DARK_QUERY);
  const follow = () => apply(resolveTheme(readSaved(), media.matches));
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) follow();
  };
  media.addEventListener("change", follow);
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    media.removeEventListener("change", follow);
    window.removeEventListener("storage", onStorage);
  };
}
