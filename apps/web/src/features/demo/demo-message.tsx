import type { ReactNode } from "react";

/** The demo pages' layout: what the page shows and the API's message. */
export function DemoMessage({ title, description, message, badge }: { title: string; description: string; message: ReactNode; badge: string }) {
  return (
    <section aria-labelledby="demo-title" className="mx-auto w-full max-w-3xl px-4 py-16 sm:px-6 sm:py-24">
      <p className="text-sm font-semibold tracking-wide text-brand-600 dark:text-brand-400">{badge}</p>
      <h1 id="demo-title" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
        {title}
      </h1>
      <p className="mt-3 text-zinc-600 dark:text-zinc-300">{description}</p>
      <figure className="mt-10 rounded-2xl border border-zinc-200 bg-zinc-50 p-6 dark:border-zinc-800 dark:bg-zinc-900">
        <figcaption className="text-xs font-semibold tracking-widest text-zinc-500 uppercase dark:text-zinc-400">Message from the API</figcaption>
        <div className="mt-3 text-lg font-medium text-zinc-900 dark:text-zinc-50">{message}</div>
      </figure>
    </section>
  );
}
