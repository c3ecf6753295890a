import { useMemo } from "react";
import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { getQueryKey } from "@trpc/react-query";
import { trpc } from "../../lib/trpc";
import { mapFeedPosts, type FeedData } from "./feed-cache";
import type { PostDetail, PostSummary } from "./post-types";

/** The cached copies of posts as they were, to put back when a change fails. */
export type PostCacheSnapshot = { entries: [QueryKey, unknown][] };

type Change = (post: PostSummary) => PostSummary | null;

/**
 * One post is cached in every feed variant (All, Creative, Technical...), in search results, on
 * creator pages and on its own page.
 * These operations change all copies at once, which is what an optimistic update needs
 * (the client updates likes and comments at once and rolls back on error).
 */
export function usePostCache() {
  const queryClient = useQueryClient();
  return useMemo(() => {
    // The feed, search results and creator pages: lists of the same page shape.
    const listKeys = [getQueryKey(trpc.post.list), getQueryKey(trpc.post.search), getQueryKey(trpc.creator.posts)];
    const pageKey = (id: number) => getQueryKey(trpc.post.byId, { id }, "query");
    const keysOf = (id: number) => [...listKeys, pageKey(id)];

    return {
      /** Stops in-flight reads of the post, so they cannot overwrite an optimistic change. */
      cancel: async (id: number) => {
        await Promise.all(keysOf(id).map((queryKey) => queryClient.cancelQueries({ queryKey })));
      },
      snapshot: (id: number): PostCacheSnapshot => ({ entries: keysOf(id).flatMap((queryKey) => queryClient.getQueriesData({ queryKey })) }),
      restore: (snapshot: PostCacheSnapshot) => {
        for (const [queryKey, data] of snapshot.entries) queryClient.setQueryData(queryKey, data);
      },
      /** Applies `change` to the post wherever it is cached; null removes it from the feeds. */
      update: (id: number, change: Change) => {
        const onlyThis: Change = (post) => (post.id === id ? change(post) : post);
        for (const queryKey of listKeys) queryClient.setQueriesData<FeedData>({ queryKey }, (data) => mapFeedPosts(data, onlyThis));
        queryClient.setQueryData<PostDetail>(pageKey(id), (data) => {
          if (!data) return data;
          const next = change(data);
          return next ? { ...data, ...next } : data;
        });
      },
      /** Drops the post's own page from the cache (after it was deleted). */
      forgetPage: (id: number) => queryClient.removeQueries({ queryKey: pageKey(id) }),
    };
  }, [queryClient]);
}
