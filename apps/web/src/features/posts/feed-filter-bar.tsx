import { FEED_FILTERS, type FeedFilter } from "@parley/contracts";

/** The Discover filter buttons: All, Most Popular, Latest, Creative, Technical. */
export function FeedFilterBar({ value, onChange }: { value: FeedFilter; onChange: (filter: FeedFilter) => void }) {
  return (
    <div role="group" aria-label="Filter posts" className="flex flex-wrap gap-2">
      {FEED_FILTERS.map((filter) => {
        const active = filter.id === value;
        return (
          <button
            key={filter.id}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(filter.id)}
            className={`h-9 rounded-full px-4 text-sm font-medium transition-colors ${
              active
                ? "bg-zinc-900 text-white shadow-sm dark:bg-white dark:text-zinc-900"
                : "border border-zinc-200 bg-white text-zinc-700 hover:border-zinc-300 hover:bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:border-zinc-700 dark:hover:bg-zinc-800"
            }`}
          >
            {filter.label}
          </button>
        );
      })}
    </div>
  );
}
