import { useEffect, useMemo } from "react";
import type { FeedFilter } from "@parley/contracts";
import { trpc } from "../../lib/trpc";
import { orderForFilter } from "./feed-cache";
import type { PostSummary } from "./post-types";
import { SAMPLE_POSTS } from "./texts";

/** Posts per feed page (spec §9: the feed asks for 50). */
export const FEED_PAGE_SIZE = 50;

/**
 * The server query behind a filter (spec §4 feed filter): Creative and Technical ask the server
 * for that category; All, Most Popular and Latest share one unfiltered list.
 */
export function feedInput(filter: FeedFilter) {
  return filter === "creative" || filter === "technical" ? { limit: FEED_PAGE_SIZE, category: filter } : { limit: FEED_PAGE_SIZE };
}

/**
 * The Discover list for a filter: newest first, paged on with the cursor; when the first page
 * fails the two sample items stand in (spec §3, §8), and `failed` says so.
 */
export function useFeed(filter: FeedFilter) {
  const query = trpc.post.list.useInfiniteQuery(feedInput(filter), { getNextPageParam: (page) => page.next_cursor ?? undefined });
  const loaded = useMemo(() => query.data?.pages.flatMap((page) => page.posts) ?? [], [query.data]);
  const posts = useMemo(() => orderForFilter(loaded, filter), [loaded, filter]);
  const failed = query.isError && !query.data;
  useEffect(() => {
    if (failed) console.error("Loading the feed failed", query.error);
  }, [failed, query.error]);
  return {
    posts: failed ? (SAMPLE_POSTS as PostSummary[]) : posts,
    failed,
    loading: query.isPending,
    retry: () => void query.refetch(),
    hasMore: query.hasNextPage && !failed,
    loadMore: () => void query.fetchNextPage(),
    loadingMore: query.isFetchingNextPage,
    moreFailed: query.isFetchNextPageError,
  };
}
