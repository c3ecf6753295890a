import { useState } from "react";
import type { FeedFilter } from "@parley/contracts";
import { buttonClass } from "../../components/button-styles";
import { PageIntro } from "../../components/page-intro";
import { SearchBox } from "../../components/search-box";
import { Spinner } from "../../components/spinner";
import { useAuth } from "../../lib/auth";
import { DiscoverTabs } from "./discover-tabs";
import { FeedFilterBar } from "./feed-filter-bar";
import { PostCard } from "./post-card";
import { PostSkeletons } from "./post-skeleton";
import { SearchResults } from "./search-results";
import { POST_TEXTS } from "./texts";
import { useDeletePost } from "./use-delete-post";
import { useFeed } from "./use-feed";
import { useLoadOnView } from "./use-load-on-view";
import { usePostCache } from "./use-post-cache";
import { usePostSearch } from "./use-post-search";

/** The community feed, with search above it. */
export function DiscoverPage() {
  const { user } = useAuth();
  const [filter, setFilter] = useState<FeedFilter>("all");
  const [text, setText] = useState("");
  const search = usePostSearch(text);
  const feed = useFeed(filter);
  const remove = useDeletePost("feed");
  const cache = usePostCache();
  const more = useLoadOnView<HTMLDivElement>(!search.active && feed.hasMore && !feed.loadingMore && !feed.moreFailed, feed.loadMore);

  const onDelete = async (postId: number) => {
    if (await remove.run(postId)) cache.forgetPage(postId);
  };

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <PageIntro title={POST_TEXTS.feedTitle} subtitle={POST_TEXTS.feedSubtitle} />
      <div className="mt-6">
        <DiscoverTabs current="posts" />
      </div>
      <SearchBox label={POST_TEXTS.searchLabel} placeholder={POST_TEXTS.searchPlaceholder} value={text} onChange={setText} className="mt-6" />
      {search.active ? (
        <div className="mt-6">
          <SearchResults search={search} viewer={user?.profile.sub} onDelete={(postId) => void onDelete(postId)} />
        </div>
      ) : (
        <>
          <div className="mt-4">
            <FeedFilterBar value={filter} onChange={setFilter} />
          </div>
          {feed.failed && (
            <div
              role="alert"
              className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
            >
              <span>{POST_TEXTS.feedFailed}</span>
              <button type="button" onClick={feed.retry} className={buttonClass("secondary", "sm")}>
                {POST_TEXTS.tryAgain}
              </button>
            </div>
          )}
          <div className="mt-6">
            {feed.loading ? (
              <PostSkeletons label={POST_TEXTS.feedLoading} />
            ) : feed.posts.length === 0 ? (
              <p className="rounded-2xl border border-dashed border-zinc-300 px-6 py-14 text-center text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
                {POST_TEXTS.empty}
              </p>
            ) : (
              <ul className="space-y-4" aria-label="Posts">
                {feed.posts.map((post) => (
                  <li key={post.id}>
                    <PostCard post={post} variant="feed" own={Boolean(user) && post.user_id === user?.profile.sub} onDelete={() => void onDelete(post.id)} />
                  </li>
                ))}
              </ul>
            )}
          </div>
          {feed.hasMore && (
            <div ref={more} className="mt-6 flex flex-col items-center gap-2">
              {feed.moreFailed && <p className="text-sm text-red-700 dark:text-red-300">{POST_TEXTS.loadMoreFailed}</p>}
              <button type="button" onClick={feed.loadMore} disabled={feed.loadingMore} className={buttonClass("secondary", "sm")}>
                {feed.loadingMore ? <Spinner size="sm" /> : null}
                {feed.moreFailed ? POST_TEXTS.tryAgain : POST_TEXTS.loadMore}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
