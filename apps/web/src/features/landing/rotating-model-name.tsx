import { HEADLINE_MODELS, TIMINGS } from "@parley/contracts";
import { useRotatingIndex } from "./use-rotating-index";

/** The headline's model name, changing every 2000 ms. */
export function RotatingModelName() {
  const index = useRotatingIndex(HEADLINE_MODELS.length, TIMINGS.headlineRotationMs);
  const name = HEADLINE_MODELS[index];
  return (
    <span
      key={name}
      className="inline-block animate-headline-in bg-gradient-to-r from-brand-600 via-violet-600 to-fuchsia-600 bg-clip-text text-transparent dark:from-brand-400 dark:via-violet-400 dark:to-fuchsia-400"
    >
      {name}
    </span>
  );
}

/**
 * What screen readers hear for the headline: every model once, instead of a change every two
 * seconds.
 */
export function rotatingHeadlineLabel(before: string, after: string): string {
  const names = `${HEADLINE_MODELS.slice(0, -1).join(", ")} or ${HEADLINE_MODELS.at(-1) ?? ""}`;
  return `${before} ${names}${after}`;
}
