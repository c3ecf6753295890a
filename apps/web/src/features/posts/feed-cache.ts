import type { InfiniteData } from "@tanstack/react-query";
import type { FeedPage, PostSummary } from "./post-types";

/** What the query cache holds for `post.list`: a plain page, or the pages of the infinite feed. */
export type FeedData = FeedPage | InfiniteData<FeedPage, unknown>;

/**
 * The same data with `change` applied to every post of the feed; `change` returns null to drop
 * a post. Untouched pages keep their identity, so unchanged lists do not re-render.
 */
export function mapFeedPosts<T extends FeedData | undefined>(data: T, change: (post: PostSummary) => PostSummary | null): T {
  if (!data) return data;
  const mapPage = (page: FeedPage): FeedPage => {
    let touched = false;
    const posts: PostSummary[] = [];
    for (const post of page.posts) {
      const next = change(post);
      if (next !== post) touched = true;
      if (next) posts.push(next);
    }
    return touched ? { ...page, posts } : page;
  };
  if ("pages" in data) return { ...data, pages: data.pages.map(mapPage) } as T;
  return mapPage(data) as T;
}

/**
 * A post after the viewer likes or unlikes it: +1 on like, −1 on unlike, never below
 * zero; a like that changes nothing (already liked) leaves the count.
 */
export function withLike<P extends { likes: number; has_liked: boolean }>(post: P, liked: boolean): P {
  if (post.has_liked === liked) return post;
  return { ...post, has_liked: liked, likes: Math.max(0, post.likes + (liked ? 1 : -1)) };
}
