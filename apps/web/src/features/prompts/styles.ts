/** Class names shared by the prompt screens (the app's card, field and notice looks). */
export const CARD =
  "rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm shadow-zinc-900/[0.03] sm:p-5 dark:border-zinc-800 dark:bg-zinc-900 dark:shadow-none";
export const FIELD =
  "w-full rounded-xl border border-zinc-300 bg-white px-3 text-sm font-normal text-zinc-900 shadow-xs placeholder:text-zinc-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-400";
export const LABEL = "flex flex-col gap-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200";
export const EMPTY = "rounded-2xl border border-dashed border-zinc-300 px-6 py-14 text-center text-zinc-600 dark:border-zinc-700 dark:text-zinc-400";
export const NOTICE =
  "rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100";
export const TAG = "rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700 dark:bg-brand-950 dark:text-brand-200";
