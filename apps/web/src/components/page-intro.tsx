import type { ReactNode } from "react";

/** A page's title and subtitle, the first thing in <main>. */
export function PageIntro({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-zinc-950 sm:text-4xl dark:text-white">{title}</h1>
        {subtitle ? <p className="mt-2 text-zinc-600 dark:text-zinc-300">{subtitle}</p> : null}
      </div>
      {children}
    </div>
  );
}
