import { useId, useState } from "react";
import { ChevronDownIcon } from "../../components/icons";
import { useAuth } from "../../lib/auth";
import { trpc } from "../../lib/trpc";
import { CommentForm } from "./comment-form";
import { CommentList } from "./comment-list";
import { failureText } from "./failure-text";
import { COMMENT_TEXTS } from "./texts";
import { useAddComment, useCommentAuthor } from "./use-add-comment";
import { useDeleteComment } from "./use-delete-comment";

/**
 * 'Comments (N)' under a post: collapsed at first, the
 * list loads on first opening (and again for another post, whose key differs). Comments anchored
 * to one answer are in the list too, marked 'on answer N'.
 */
export function CommentsSection({ postId }: { postId: number }) {
  const { user } = useAuth();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The count comes with the post; the same cache entry the post page reads.
  const count = trpc.post.byId.useQuery({ id: postId }).data?.comments ?? 0;
  const comments = trpc.post.comments.useQuery({ postId }, { enabled: opened });

  const add = useAddComment(postId, useCommentAuthor());
  const deleteComment = useDeleteComment(postId, setFailure);

  const toggle = () => {
    setOpen((value) => !value);
    setOpened(true);
  };
  const send = async (content: string) => {
    setFailure(null);
    try {
      await add.mutateAsync({ postId, content });
      return true;
    } catch (error) {
      setFailure(failureText(error, { answered: COMMENT_TEXTS.addFailed, broken: COMMENT_TEXTS.addError }));
      return false;
    }
  };

  return (
    <section aria-labelledby={`${panelId}-heading`} className="rounded-2xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
      <h2 id={`${panelId}-heading`}>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={toggle}
          className="flex w-full items-center justify-between gap-3 rounded-2xl px-5 py-4 text-left font-semibold text-zinc-950 hover:bg-zinc-50 dark:text-white dark:hover:bg-zinc-800/60"
        >
          {COMMENT_TEXTS.heading(count)}
          <ChevronDownIcon className={`size-5 text-zinc-500 transition-transform ${open ? "rotate-180" : ""}`} />
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="space-y-5 border-t border-zinc-200 px-5 py-5 dark:border-zinc-800">
        {comments.isPending ? (
          <p role="status" className="text-sm text-zinc-600 dark:text-zinc-300">
            {COMMENT_TEXTS.loading}
          </p>
        ) : comments.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {failureText(comments.error, { answered: COMMENT_TEXTS.loadFailed, broken: COMMENT_TEXTS.loadError })}
          </p>
        ) : comments.data.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-300">{COMMENT_TEXTS.empty}</p>
        ) : (
          <CommentList postId={postId} comments={comments.data} onDelete={(id) => void deleteComment(id)} />
        )}
        {user ? <CommentForm sending={add.isPending} onSend={send} /> : <p className="text-sm text-zinc-600 dark:text-zinc-300">{COMMENT_TEXTS.signIn}</p>}
        {failure && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {failure}
          </p>
        )}
      </div>
    </section>
  );
}
