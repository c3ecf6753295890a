import { useId, useState } from "react";
import { useAuth } from "../../lib/auth";
import { trpc } from "../../lib/trpc";
import { CommentForm } from "./comment-form";
import { CommentList } from "./comment-list";
import { failureText } from "./failure-text";
import { COMMENT_TEXTS } from "./texts";
import { useAddComment, useCommentAuthor } from "./use-add-comment";
import { useDeleteComment } from "./use-delete-comment";

/**
 * The comments anchored to one answer of a post, beside it: shown at once when the answer has
 * some ('Comments on this answer (N)' folds them), and a box to comment on that answer.
 * They come from the post's one comment list, which loads as soon as any answer has comments.
 */
export function AnswerComments({ postId, answer, label }: { postId: number; answer: string; label: string }) {
  const { user } = useAuth();
  const panelId = useId();
  const post = trpc.post.byId.useQuery({ id: postId });
  const counts = post.data?.answer_comments ?? {};
  const count = counts[answer] ?? 0;
  const [open, setOpen] = useState<boolean | null>(null);
  const shown = open ?? count > 0;
  const comments = trpc.post.comments.useQuery({ postId }, { enabled: shown || Object.keys(counts).length > 0 });
  const [failure, setFailure] = useState<string | null>(null);
  const add = useAddComment(postId, useCommentAuthor(), label);
  const deleteComment = useDeleteComment(postId, setFailure);
  const mine = comments.data?.filter((comment) => comment.answer === answer) ?? [];

  const send = async (content: string) => {
    setFailure(null);
    try {
      await add.mutateAsync({ postId, content, answer });
      return true;
    } catch (error) {
      setFailure(failureText(error, { answered: COMMENT_TEXTS.addFailed, broken: COMMENT_TEXTS.addError }));
      return false;
    }
  };

  return (
    <div className="w-full min-w-0">
      <button
        type="button"
        aria-expanded={shown}
        aria-controls={panelId}
        onClick={() => setOpen(!shown)}
        className="inline-flex h-7 items-center rounded-full px-2 text-xs font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-white"
      >
        {COMMENT_TEXTS.answerToggle(count)}
        <span className="sr-only"> ({label})</span>
      </button>
      <div
        id={panelId}
        hidden={!shown}
        role="region"
        aria-label={`Comments on ${label}`}
        className="mt-2 space-y-3 border-l-2 border-brand-200 pl-3 dark:border-brand-900"
      >
        {mine.length > 0 && <CommentList postId={postId} comments={mine} onDelete={(id) => void deleteComment(id)} markAnswers={false} />}
        {user ? (
          <CommentForm sending={add.isPending} onSend={send} label={COMMENT_TEXTS.answerInputLabel(label)} placeholder={COMMENT_TEXTS.answerPlaceholder} />
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-300">{COMMENT_TEXTS.signIn}</p>
        )}
        {failure && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {failure}
          </p>
        )}
      </div>
    </div>
  );
}
