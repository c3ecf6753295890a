import { useEffect } from "react";
import { ANSWER_PARAM, answerElementId } from "@parley/contracts";

/**
 * Brings the answer a link points at (`?answer=<key>`, docs/reach.md 'Links to one answer') into
 * view once the page has drawn it (`ready`), and moves the keyboard focus there so reading goes
 * on from it. The page marks the answer itself (`aria-current`); this only scrolls and focuses.
 */
export function useAnswerTarget(key: string | null | undefined, ready: boolean) {
  useEffect(() => {
    if (!key || !ready) return;
    const bring = () => document.getElementById(answerElementId(key))?.scrollIntoView({ block: "center" });
    // What loads above the answer a moment later (comments beside earlier answers, images) would
    // push it away: for a short while the page follows it, until the reader scrolls themselves.
    const follow = new ResizeObserver(bring);
    const stop = () => {
      follow.disconnect();
      for (const event of READER_SCROLLS) window.removeEventListener(event, stop);
    };
    // After the frame the answer is drawn in: a tab switched to it, or markdown laid out.
    const frame = requestAnimationFrame(() => {
      const element = document.getElementById(answerElementId(key));
      if (!element) return;
      bring();
      element.focus({ preventScroll: true });
      follow.observe(document.body);
      for (const event of READER_SCROLLS) window.addEventListener(event, stop, { passive: true });
    });
    const timer = window.setTimeout(stop, FOLLOW_MS);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
      stop();
    };
  }, [key, ready]);
}

/** How long the page keeps the answer in view while the rest loads. */
const FOLLOW_MS = 2000;
/** What the reader does to scroll on their own. */
const READER_SCROLLS = ["wheel", "touchmove", "keydown", "mousedown"] as const;

/** The address of one answer on the page the reader is on: its path with `?answer=<key>`. */
export function answerLinkHere(key: string): string {
  const url = new URL(window.location.href);
  url.search = new URLSearchParams({ [ANSWER_PARAM]: key }).toString();
  url.hash = "";
  return url.href;
}

/** Classes of the answer a link landed on: a ring that stands out in both themes. */
export const LANDED_CLASSES = "ring-2 ring-amber-400 ring-offset-2 ring-offset-white dark:ring-amber-300 dark:ring-offset-zinc-950";
