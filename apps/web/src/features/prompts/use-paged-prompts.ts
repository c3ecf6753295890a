import type { PromptPage } from "@parley/contracts";

/** What an infinite query of prompt pages gives a list. */
type InfinitePrompts = {
  data?: { pages: PromptPage[] } | undefined;
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
  refetch: () => Promise<unknown>;
};

/** The list's view of an infinite prompt query (library, Discover, creator page). */
export function pagedPrompts(query: InfinitePrompts, enabled = true) {
  return {
    items: query.data?.pages.flatMap((page) => page.items) ?? [],
    loading: enabled && query.isPending,
    failed: query.isError && !query.data,
    retry: () => void query.refetch(),
    hasMore: query.hasNextPage,
    loadMore: () => void query.fetchNextPage(),
    loadingMore: query.isFetchingNextPage,
    moreFailed: query.isFetchNextPageError,
  };
}
export type PagedPrompts = ReturnType<typeof pagedPrompts>;
