/**
 * Smoothly scrolls to a landing section (Discover, Share, Compare, Explore) and moves
 * keyboard focus there, so the next Tab continues from the section. People who ask for reduced
 * motion get an instant jump.
 */
export function scrollToSection(id: string) {
  const section = document.getElementById(id);
  if (!section) return;
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  section.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
  section.focus({ preventScroll: true });
}
