import { keepPreviousData } from "@tanstack/react-query";
import { trpc } from "../../lib/trpc";
import { useDebouncedValue } from "../../lib/debounce/use-debounced-value";

/** How long typing pauses before a search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Search results for what is typed, once typing pauses; paged on with the cursor. */
export function usePostSearch(text: string) {
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const query = trpc.post.search.useInfiniteQuery(
    { q },
    { enabled: q.length > 0, getNextPageParam: (page) => page.next_cursor ?? undefined, placeholderData: keepPreviousData },
  );
  return {
    active: q.length > 0,
    q,
    posts: query.data?.pages.flatMap((page) => page.posts) ?? [],
    loading: query.isPending && q.length > 0,
    failed: query.isError && !query.data,
    hasMore: query.hasNextPage,
    loadMore: () => void query.fetchNextPage(),
    loadingMore: query.isFetchingNextPage,
    moreFailed: query.isFetchNextPageError,
  };
}
