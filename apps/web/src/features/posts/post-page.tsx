import type { ReactNode } from "react";
import { Link, useNavigate } from "@tanstack/react-router";
import { buttonClass } from "../../components/button-styles";
import { PageIntro } from "../../components/page-intro";
import { useAuth } from "../../lib/auth";
import { errorCodeOf, trpc } from "../../lib/trpc";
import { ComparisonView } from "./comparison-view";
import { PostCard } from "./post-card";
import { PostConversation, type AnswerSlot } from "./post-conversation";
import { PostLineage } from "./post-lineage";
import { PostSkeletons } from "./post-skeleton";
import { POST_TEXTS } from "./texts";
import { useDeletePost } from "./use-delete-post";
import { usePostCache } from "./use-post-cache";

/** Answers that mean there is no such post to show (a bad id is a 400, someone's removed post a 404). */
const GONE = new Set(["NOT_FOUND", "BAD_REQUEST"]);

/**
 * One post: its card, the comments the route puts below it, and the
 * read-only conversation. `target` is the answer the page's link points at (`?answer=`), and
 * `answerSlot` what the route shows under each answer (its comments).
 */
export function PostPage({ postId, comments, target, answerSlot }: { postId: number; comments: ReactNode; target?: string | null; answerSlot?: AnswerSlot }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const cache = usePostCache();
  const remove = useDeletePost("page");
  const post = trpc.post.byId.useQuery({ id: postId }, { enabled: postId > 0 });

  if (postId <= 0 || (post.isError && GONE.has(errorCodeOf(post.error) ?? ""))) return <PostMissing />;
  if (post.isError) return <PostUnavailable onRetry={() => void post.refetch()} />;

  const onDelete = async () => {
    if (!(await remove.run(postId))) return;
    await navigate({ to: "/discover" });
    cache.forgetPage(postId);
  };

  return (
    <section className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
      <PageIntro title={POST_TEXTS.pageTitle} subtitle={POST_TEXTS.pageSubtitle} />
      {post.isPending ? (
        <PostSkeletons label="Loading post…" count={1} />
      ) : (
        <>
          <PostCard post={post.data} variant="page" own={post.data.user_id === user?.profile.sub} onDelete={() => void onDelete()} />
          <PostLineage post={post.data} />
          {comments}
          {post.data.comparison ? (
            <ComparisonView postId={postId} comparison={post.data.comparison} target={target} answerSlot={answerSlot} />
          ) : (
            <PostConversation postId={postId} messages={post.data.messages} target={target} answerSlot={answerSlot} />
          )}
        </>
      )}
    </section>
  );
}

function PostMissing() {
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-20 text-center sm:px-6">
      <h1 className="text-2xl font-bold text-zinc-950 dark:text-white">{POST_TEXTS.notFoundTitle}</h1>
      <p className="mt-3 text-zinc-600 dark:text-zinc-300">{POST_TEXTS.notFoundText}</p>
      <Link to="/discover" className={buttonClass("secondary", "md", "mt-8")}>
        {POST_TEXTS.backToDiscover}
      </Link>
    </section>
  );
}

function PostUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <section role="alert" className="mx-auto w-full max-w-xl px-4 py-20 text-center sm:px-6">
      <p className="text-zinc-700 dark:text-zinc-200">{POST_TEXTS.pageFailed}</p>
      <button type="button" onClick={onRetry} className={buttonClass("secondary", "md", "mt-6")}>
        {POST_TEXTS.tryAgain}
      </button>
    </section>
  );
}
