import { useEffect, useMemo } from "react";
import type { FeedFilter } from "@parley/contracts";
import { trpc } from "../../lib/trpc";
import type { PostSummary } from "./post-types";
import { SAMPLE_POSTS } from "./texts";

/** Posts per feed page (the feed asks for 50). */
export const FEED_PAGE_SIZE = 50;

/**
 * The server query behind a filter: Creative and Technical ask the server for that feed category,
 * Most Popular for its ranking over all posts (docs/discovery.md); All and Latest are newest first.
 */
export function feedInput(filter: FeedFilter) {
  if (filter === "creative" || filter === "technical") return { limit: FEED_PAGE_SIZE, category: filter };
  if (filter === "popular") return { limit: FEED_PAGE_SIZE, sort: "popular" as const };
  return { limit: FEED_PAGE_SIZE };
}

/**
 * The Discover list for a filter, in the server's order, paged on with the cursor; when the first page
 * fails the two sample items stand in, and `failed` says so.
 */
export function useFeed(filter: FeedFilter) {
  const query = trpc.post.list.useInfiniteQuery(feedInput(filter), { getNextPageParam: (page) => page.next_cursor ?? undefined });
  const loaded = useMemo(() => query.data?.pages.flatMap((page) => page.posts) ?? [], [query.data]);
  const posts = loaded;
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
