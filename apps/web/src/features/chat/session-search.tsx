import { keepPreviousData } from "@tanstack/react-query";
import { SearchBox } from "../../components/search-box";
import { SnippetText } from "../../components/snippet-text";
import { useDebouncedValue } from "../../lib/debounce/use-debounced-value";
import { trpc } from "../../lib/trpc";

/** How long typing pauses before a search runs. */
const DEBOUNCE_MS = 300;

/** The search box of 'Your Conversations'. */
export function SessionSearchBox({ text, onText }: { text: string; onText: (text: string) => void }) {
  return <SearchBox label="Search your conversations" placeholder="Search your conversations…" value={text} onChange={onText} />;
}

/** Your conversations that contain what is typed, best match first, with the matching words highlighted. */
export function SessionSearchResults({ text, onSelect }: { text: string; onSelect: (id: number) => void }) {
  const q = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const search = trpc.chat.search.useInfiniteQuery(
    { q },
    { enabled: q.length > 0, getNextPageParam: (page) => page.next_cursor ?? undefined, placeholderData: keepPreviousData },
  );
  const sessions = search.data?.pages.flatMap((page) => page.sessions) ?? [];
  if (q.length === 0 || search.isPending) return <p className="px-2 text-sm text-zinc-500 dark:text-zinc-400">Searching…</p>;
  if (search.isError && !search.data)
    return (
      <p role="alert" className="px-2 text-sm text-red-700 dark:text-red-300">
        Search is not available right now. Try again in a moment.
      </p>
    );
  if (sessions.length === 0) return <p className="px-2 text-sm text-zinc-600 dark:text-zinc-400">No conversations match “{q}”.</p>;
  return (
    <div className="-mx-1 min-h-0 flex-1 overflow-y-auto px-1 pb-2">
      <ul aria-label="Matching conversations" className="space-y-0.5">
        {sessions.map((session) => (
          <li key={session.id}>
            <button
              type="button"
              onClick={() => onSelect(session.id)}
              className="w-full rounded-lg px-2.5 py-2 text-left transition hover:bg-zinc-200/50 dark:hover:bg-zinc-800/60"
            >
              <span className="block truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">{session.description || "Untitled conversation"}</span>
              <SnippetText parts={session.snippet} className="mt-0.5 line-clamp-3 text-xs" />
            </button>
          </li>
        ))}
      </ul>
      {search.hasNextPage && (
        <button
          type="button"
          onClick={() => void search.fetchNextPage()}
          disabled={search.isFetchingNextPage}
          className="mt-2 w-full rounded-lg px-2 py-1.5 text-sm font-medium text-brand-700 hover:bg-zinc-200/50 dark:text-brand-300 dark:hover:bg-zinc-800/60"
        >
          Load more
        </button>
      )}
    </div>
  );
}
