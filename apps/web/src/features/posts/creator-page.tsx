import type { ReactNode } from "react";
import { Avatar } from "../../components/avatar";
import { buttonClass } from "../../components/button-styles";
import { Spinner } from "../../components/spinner";
import { useAuth } from "../../lib/auth";
import { errorCodeOf, trpc } from "../../lib/trpc";
import { PostCard } from "./post-card";
import { PostSkeletons } from "./post-skeleton";
import { POST_TEXTS } from "./texts";
import { useDeletePost } from "./use-delete-post";

/** Posts per page of a creator's list. */
export const CREATOR_PAGE_SIZE = 20;

/** A person's page (/u/{handle}): avatar, name, handle, what their posts earned, their posts, and what the route adds below (`extra`). */
export function CreatorPage({ handle, extra }: { handle: string; extra?: ReactNode }) {
  const { user } = useAuth();
  const creator = trpc.creator.byHandle.useQuery({ handle });
  const posts = trpc.creator.posts.useInfiniteQuery({ handle, limit: CREATOR_PAGE_SIZE }, { getNextPageParam: (page) => page.next_cursor ?? undefined });
  const remove = useDeletePost("feed");

  if (creator.isError) {
    const missing = ["NOT_FOUND", "BAD_REQUEST"].includes(errorCodeOf(creator.error) ?? "");
    return (
      <section className="mx-auto w-full max-w-xl px-4 py-20 text-center sm:px-6">
        <p role="alert" className="text-zinc-700 dark:text-zinc-200">
          {missing ? POST_TEXTS.creatorMissing : POST_TEXTS.creatorFailed}
        </p>
      </section>
    );
  }
  const list = posts.data?.pages.flatMap((page) => page.posts) ?? [];
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      {creator.isPending ? (
        <Spinner />
      ) : (
        <header className="flex items-center gap-4">
          <Avatar avatar={creator.data.avatar} username={creator.data.username} size="xl" />
          <div className="min-w-0">
            <h1 className="truncate text-3xl font-bold tracking-tight text-zinc-950 dark:text-white">{creator.data.username}</h1>
            <p className="text-zinc-600 dark:text-zinc-300">@{creator.data.handle}</p>
            <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-zinc-700 dark:text-zinc-200">
              <Stat label={creator.data.posts === 1 ? "post" : "posts"} value={creator.data.posts} />
              <Stat label={creator.data.likes_received === 1 ? "like received" : "likes received"} value={creator.data.likes_received} />
              <Stat label={creator.data.forks_received === 1 ? "fork of their posts" : "forks of their posts"} value={creator.data.forks_received} />
            </ul>
          </div>
        </header>
      )}
      <h2 className="mt-10 text-xl font-semibold text-zinc-950 dark:text-white">{POST_TEXTS.creatorPosts}</h2>
      <div className="mt-4">
        {posts.isPending ? (
          <PostSkeletons label={POST_TEXTS.feedLoading} />
        ) : list.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-zinc-300 px-6 py-14 text-center text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
            {POST_TEXTS.creatorNoPosts}
          </p>
        ) : (
          <ul className="space-y-4" aria-label={POST_TEXTS.creatorPosts}>
            {list.map((post) => (
              <li key={post.id}>
                <PostCard
                  post={post}
                  variant="feed"
                  own={post.user_id === user?.profile.sub}
                  onDelete={() => void remove.run(post.id).then((done) => done && void posts.refetch())}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      {posts.hasNextPage && (
        <div className="mt-6 flex justify-center">
          <button type="button" onClick={() => void posts.fetchNextPage()} disabled={posts.isFetchingNextPage} className={buttonClass("secondary", "sm")}>
            {posts.isFetchingNextPage ? <Spinner size="sm" /> : null}
            {POST_TEXTS.loadMore}
          </button>
        </div>
      )}
      {extra}
    </section>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <li>
      <span className="font-semibold tabular-nums">{value}</span> {label}
    </li>
  );
}
