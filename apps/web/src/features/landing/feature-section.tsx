import type { ReactNode } from "react";
import { CheckIcon } from "../../components/icons";

type FeatureSectionProps = {
  id: string;
  eyebrow: string;
  title: string;
  children: ReactNode;
  points: readonly string[];
  illustration: ReactNode;
  reversed?: boolean;
};

/** One landing feature: copy and points beside an illustration. Focusable so jumps land in it. */
export function FeatureSection({ id, eyebrow, title, children, points, illustration, reversed = false }: FeatureSectionProps) {
  return (
    <section id={id} tabIndex={-1} aria-labelledby={`${id}-title`} className="border-t border-zinc-200/70 py-20 outline-none sm:py-28 dark:border-zinc-800/70">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:gap-20">
        <div className={reversed ? "lg:order-2" : ""}>
          <p className="text-sm font-semibold tracking-wide text-brand-600 dark:text-brand-400">{eyebrow}</p>
          <h2 id={`${id}-title`} className="mt-3 text-3xl font-bold tracking-tight text-balance text-zinc-950 sm:text-4xl dark:text-white">
            {title}
          </h2>
          <div className="mt-5 text-lg leading-relaxed text-pretty text-zinc-600 dark:text-zinc-300">{children}</div>
          <ul className="mt-8 space-y-3">
            {points.map((point) => (
              <li key={point} className="flex gap-3 text-zinc-700 dark:text-zinc-200">
                <span className="mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
                  <CheckIcon className="size-3.5" />
                </span>
                <span>{point}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className={reversed ? "lg:order-1" : ""} aria-hidden="true">
          {illustration}
        </div>
      </div>
    </section>
  );
}
