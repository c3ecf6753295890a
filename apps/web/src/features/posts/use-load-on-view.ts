import { useEffect, useRef } from "react";

/**
 * Calls `load` when the returned element scrolls near the viewport (infinite scroll). The
 * element also holds a real button, so keyboards and screen readers can page on too.
 */
export function useLoadOnView<T extends Element>(enabled: boolean, load: () => void) {
  const ref = useRef<T>(null);
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}
