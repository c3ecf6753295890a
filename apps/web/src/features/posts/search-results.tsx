import { buttonClass } from "../../components/button-styles";
import { Spinner } from "../../components/spinner";
import { PostCard } from "./post-card";
import { PostSkeletons } from "./post-skeleton";
import { POST_TEXTS } from "./texts";
import type { usePostSearch } from "./use-post-search";

/** The posts a search found, best match first, each with its highlighted snippet. */
export function SearchResults({
  search,
  viewer,
  onDelete,
}: {
  search: ReturnType<typeof usePostSearch>;
  viewer: string | undefined;
  onDelete: (postId: number) => void;
}) {
  if (search.loading) return <PostSkeletons label={POST_TEXTS.searching} />;
  if (search.failed)
    return (
      <p
        role="alert"
        className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
      >
        {POST_TEXTS.searchFailed}
      </p>
    );
  if (search.posts.length === 0)
    return (
      <p className="rounded-2xl border border-dashed border-zinc-300 px-6 py-14 text-center text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
        {POST_TEXTS.searchEmpty(search.q)}
      </p>
    );
  return (
    <>
      <ul className="space-y-4" aria-label="Search results">
        {search.posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} variant="feed" own={post.user_id === viewer} onDelete={() => onDelete(post.id)} />
          </li>
        ))}
      </ul>
      {search.hasMore && (
        <div className="mt-6 flex flex-col items-center gap-2">
          {search.moreFailed && <p className="text-sm text-red-700 dark:text-red-300">{POST_TEXTS.loadMoreFailed}</p>}
          <button type="button" onClick={search.loadMore} disabled={search.loadingMore} className={buttonClass("secondary", "sm")}>
            {search.loadingMore ? <Spinner size="sm" /> : null}
            {search.moreFailed ? POST_TEXTS.tryAgain : POST_TEXTS.loadMore}
          </button>
        </div>
      )}
    </>
  );
}
