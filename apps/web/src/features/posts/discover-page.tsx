import { useMemo, useState } from "react";
import { PageIntro } from "../../components/page-intro";
import { Spinner } from "../../components/spinner";
import { useAuth } from "../../lib/auth";
import { messageOf, trpc } from "../../lib/trpc";
import { PostCard, type PostSummary } from "./post-card";
import { FEED_FILTERS, type FeedFilter } from "@parley/contracts";
import { POST_TEXTS, SAMPLE_POSTS } from "./texts";
import { useToggleLike } from "./use-toggle-like";

const PAGE_SIZE = 50;

/** The community feed (spec §2 Discover, §4 feed filter). */
export function DiscoverPage() {
  const { user } = useAuth();
  const utils = trpc.useUtils();
  const [filter, setFilter] = useState<FeedFilter>("all");
  const category = filter === "creative" || filter === "technical" ? filter : undefined;
  const input = { limit: PAGE_SIZE, category };
  const feed = trpc.post.list.useQuery(input);
  const remove = trpc.post.delete.useMutation();

  const update = (postId: number, change: (post: PostSummary) => PostSummary) =>
    utils.post.list.setData(input, (data) => data && { ...data, posts: data.posts.map((post) => (post.id === postId ? change(post) : post)) });
  const toggleLike = useToggleLike(update);

  const posts = useMemo(() => {
    const loaded = feed.data?.posts ?? [];
    return filter === "popular" ? [...loaded].sort((a, b) => b.likes - a.likes) : loaded;
  }, [feed.data, filter]);

  const onDelete = async (post: PostSummary) => {
    if (!window.confirm(POST_TEXTS.confirmDeleteFeed)) return;
    try {
      await remove.mutateAsync({ id: post.id });
      utils.post.list.setData(input, (data) => data && { ...data, posts: data.posts.filter((p) => p.id !== post.id) });
    } catch (error) {
      window.alert(error instanceof Error ? POST_TEXTS.deleteFailed(messageOf(error)) : POST_TEXTS.deleteUnexpected);
    }
  };

  const shown = feed.isError ? SAMPLE_POSTS : posts;
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <PageIntro title={POST_TEXTS.feedTitle} subtitle={POST_TEXTS.feedSubtitle} />
      <div role="group" aria-label="Filter posts" className="mt-6 flex flex-wrap gap-2">
        {FEED_FILTERS.map((button) => (
          <button
            key={button.id}
            type="button"
            aria-pressed={filter === button.id}
            onClick={() => setFilter(button.id)}
            className={`rounded-full px-4 py-1.5 text-sm font-medium ${filter === button.id ? "bg-brand-600 text-white" : "border border-zinc-300 hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-900"}`}
          >
            {button.label}
          </button>
        ))}
      </div>
      {feed.isError && <p className="mt-4 text-sm text-amber-800 dark:text-amber-300">{POST_TEXTS.feedFailed}</p>}
      {feed.isPending ? (
        <p className="mt-8 flex items-center gap-3" role="status">
          <Spinner size="sm" /> Loading posts…
        </p>
      ) : shown.length === 0 ? (
        <p className="mt-10 text-center text-zinc-600 dark:text-zinc-400">{POST_TEXTS.empty}</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {shown.map((post) => (
            <li key={post.id}>
              <PostCard
                post={post}
                canDelete={post.user_id === user?.profile.sub}
                onLike={post.id > 0 ? () => void toggleLike(post) : undefined}
                onDelete={() => void onDelete(post)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
