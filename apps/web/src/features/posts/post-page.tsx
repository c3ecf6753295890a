import { Link, useNavigate } from "@tanstack/react-router";
import { PageIntro } from "../../components/page-intro";
import { Spinner } from "../../components/spinner";
import { useAuth } from "../../lib/auth";
import { Markdown } from "../../lib/markdown/markdown";
import { buttonClass } from "../../components/button-styles";
import { messageOf, trpc } from "../../lib/trpc";
import { CommentsSection } from "./comments-section";
import { PostCard, type PostSummary } from "./post-card";
import { POST_TEXTS } from "./texts";
import { useToggleLike } from "./use-toggle-like";

/** One post with its comments and read-only conversation (spec §2 post screen). */
export function PostPage({ postId }: { postId: number }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const post = trpc.post.byId.useQuery({ id: postId }, { retry: false, enabled: postId > 0 });
  const remove = trpc.post.delete.useMutation();
  const update = (_id: number, change: (p: PostSummary) => PostSummary) =>
    utils.post.byId.setData({ id: postId }, (data) => data && { ...data, ...change(data) });
  const toggleLike = useToggleLike(update);

  if (postId <= 0 || post.isError) {
    return (
      <section className="mx-auto w-full max-w-3xl px-4 py-16 text-center sm:px-6">
        <h1 className="text-2xl font-semibold">{POST_TEXTS.notFoundTitle}</h1>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">{POST_TEXTS.notFoundText}</p>
      </section>
    );
  }
  if (post.isPending) {
    return (
      <p className="mx-auto mt-16 flex max-w-3xl items-center gap-3 px-6" role="status">
        <Spinner size="sm" /> Loading post…
      </p>
    );
  }
  const data = post.data;
  const onDelete = async () => {
    if (!window.confirm(POST_TEXTS.confirmDeletePage)) return;
    try {
      await remove.mutateAsync({ id: data.id });
      await utils.post.list.invalidate();
      void navigate({ to: "/discover" });
    } catch (error) {
      window.alert(error instanceof Error ? POST_TEXTS.deleteFailed(messageOf(error)) : POST_TEXTS.deleteFailedPlain);
    }
  };

  return (
    <section className="mx-auto w-full max-w-3xl space-y-6 px-4 py-10 sm:px-6">
      <PageIntro title="Post" subtitle="View this shared conversation" />
      <PostCard post={data} link={false} canDelete={data.user_id === user?.profile.sub} onLike={() => void toggleLike(data)} onDelete={() => void onDelete()} />
      <CommentsSection postId={data.id} count={data.comments} signedIn={Boolean(user)} onAdded={() => update(data.id, (p) => ({ ...p, comments: p.comments + 1 }))} />
      <section aria-labelledby="conversation-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="conversation-heading" className="text-lg font-semibold">
            Conversation
          </h2>
          <Link to="/chat" search={{ postId: data.id, cloneChat: true }} className={buttonClass("primary", "sm")}>
            Interact with this conversation
          </Link>
        </div>
        {data.messages.length === 0 ? (
          <p className="text-zinc-600 dark:text-zinc-400">{POST_TEXTS.noMessages}</p>
        ) : (
          <ol className="space-y-4">
            {data.messages.map((message, index) => (
              <li key={index} className={`rounded-2xl border p-4 ${message.isUser ? "border-brand-200 bg-brand-50/60 dark:border-brand-900 dark:bg-brand-950/40" : "border-zinc-200 dark:border-zinc-800"}`}>
                <p className="mb-2 text-xs text-zinc-600 dark:text-zinc-400">
                  <span className="font-semibold text-zinc-800 dark:text-zinc-200">{message.isUser ? (message.user ?? "User") : (message.model_name ?? "AI")}</span>{" "}
                  {new Date(message.timestamp).toLocaleString()}
                </p>
                <Markdown>{message.content}</Markdown>
              </li>
            ))}
          </ol>
        )}
      </section>
    </section>
  );
}
