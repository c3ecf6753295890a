import { useCallback, useEffect, useRef, useState } from "react";

/** How far from the bottom still counts as "at the bottom" (100 px). */
const STICKY_PX = 100;
/** A scroll this soon after a wheel, touch, key or scrollbar press is the reader's own. */
const GESTURE_MS = 600;
const UP_KEYS = new Set(["ArrowUp", "PageUp", "Home"]);

/**
 * Keeps a scrolling element at its bottom while its content grows (a reply streaming in, rows
 * being measured, the window resizing), until the reader scrolls up; coming back near the bottom
 * sticks again. A ResizeObserver follows every change of size, so no timed retries are needed.
 */
export function useStickToBottom() {
  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const sticky = useRef(true);
  const [awayFromBottom, setAway] = useState(false);

  const scrollToBottom = useCallback(() => {
    const element = scrollRef.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, []);

  /** Sticks again and jumps to the newest message (after sending, opening a chat, 'Jump to latest'). */
  const follow = useCallback(() => {
    sticky.current = true;
    setAway(false);
    scrollToBottom();
  }, [scrollToBottom]);

  useEffect(() => {
    const element = scrollRef.current;
    const content = contentRef.current;
    if (!element || !content) return;
    let lastTop = element.scrollTop;
    let gestureAt = -Infinity;
    let touchY = 0;
    const unstick = () => {
      sticky.current = false;
    };
    const onWheel = (event: WheelEvent) => {
      gestureAt = performance.now();
      if (event.deltaY < 0) unstick();
    };
    const onTouchStart = (event: TouchEvent) => {
      touchY = event.touches[0]?.clientY ?? 0;
    };
    const onTouchMove = (event: TouchEvent) => {
      gestureAt = performance.now();
      // A finger moving down drags the content down: the reader goes back in time.
      if ((event.touches[0]?.clientY ?? 0) > touchY) unstick();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      gestureAt = performance.now();
      if (UP_KEYS.has(event.key)) unstick();
    };
    const onPointerDown = (event: PointerEvent) => {
      // A press on the element itself (not on a message) is its scrollbar.
      if (event.target === element) gestureAt = performance.now();
    };
    const onScroll = () => {
      const top = element.scrollTop;
      const distance = element.scrollHeight - top - element.clientHeight;
      if (distance <= 2 || (top > lastTop && distance <= STICKY_PX)) sticky.current = true;
      else if (top < lastTop && performance.now() - gestureAt < GESTURE_MS) unstick();
      lastTop = top;
      setAway(distance > STICKY_PX * 2);
    };
    const observer = new ResizeObserver(() => {
      if (sticky.current) scrollToBottom();
    });
    observer.observe(content);
    observer.observe(element);
    element.addEventListener("scroll", onScroll, { passive: true });
    element.addEventListener("wheel", onWheel, { passive: true });
    element.addEventListener("touchstart", onTouchStart, { passive: true });
    element.addEventListener("touchmove", onTouchMove, { passive: true });
    element.addEventListener("keydown", onKeyDown);
    element.addEventListener("pointerdown", onPointerDown);
    return () => {
      observer.disconnect();
      element.removeEventListener("scroll", onScroll);
      element.removeEventListener("wheel", onWheel);
      element.removeEventListener("touchstart", onTouchStart);
      element.removeEventListener("touchmove", onTouchMove);
      element.removeEventListener("keydown", onKeyDown);
      element.removeEventListener("pointerdown", onPointerDown);
    };
  }, [scrollToBottom]);

  /** Stops keeping to the bottom (a link to one answer opened the conversation at that answer). */
  const release = useCallback(() => {
    sticky.current = false;
  }, []);

  return { scrollRef, contentRef, awayFromBottom, follow, release };
}
