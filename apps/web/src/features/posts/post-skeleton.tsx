/** Placeholder cards while the feed loads; screen readers hear the label instead. */
export function PostSkeletons({ label, count = 3 }: { label: string; count?: number }) {
  return (
    <div role="status" aria-label={label} className="space-y-4">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} aria-hidden="true" className="animate-pulse rounded-2xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900">
          <div className="flex items-center gap-3">
            <div className="size-10 rounded-full bg-zinc-200 dark:bg-zinc-800" />
            <div className="flex-1 space-y-2">
              <div className="h-3 w-1/3 rounded bg-zinc-200 dark:bg-zinc-800" />
              <div className="h-2.5 w-1/4 rounded bg-zinc-100 dark:bg-zinc-800/70" />
            </div>
          </div>
          <div className="mt-4 space-y-2">
            <div className="h-3 rounded bg-zinc-100 dark:bg-zinc-800/70" />
            <div className="h-3 w-4/5 rounded bg-zinc-100 dark:bg-zinc-800/70" />
          </div>
        </div>
      ))}
    </div>
  );
}
