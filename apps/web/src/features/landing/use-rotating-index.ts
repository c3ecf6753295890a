import { useEffect, useState } from "react";

/** An index that advances every `intervalMs` and wraps at `length` (the landing headline). */
export function useRotatingIndex(length: number, intervalMs: number) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (length < 2) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % length), intervalMs);
    return () => window.clearInterval(timer);
  }, [length, intervalMs]);
  return index;
}
