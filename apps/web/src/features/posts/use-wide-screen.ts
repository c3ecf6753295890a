import { useSyncExternalStore } from "react";

/** Wide enough to show a comparison's answers side by side (Tailwind's `md`). */
const WIDE = "(min-width: 768px)";

const subscribe = (onChange: () => void) => {
  const media = window.matchMedia(WIDE);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
};

/** Whether the screen is wide enough for columns side by side; narrow screens show one column at a time. */
export function useWideScreen() {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
}
