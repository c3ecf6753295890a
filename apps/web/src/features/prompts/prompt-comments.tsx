import { useId, useState, type FormEvent } from "react";
import { PROMPT_LIMITS } from "@parley/contracts";
import { FlagIcon } from "../../components/action-icons";
import { buttonClass } from "../../components/button-styles";
import { HiddenMark, ReportDialog } from "../../components/report-dialog";
import { LocalTime } from "../../lib/time/local-time";
import { messageOf, trpc } from "../../lib/trpc";
import { PromptAuthor } from "./prompt-author";
import { CARD, FIELD, NOTICE } from "./styles";
import { PROMPT_TEXTS } from "./texts";

/**
 * A prompt's comments, oldest first with 'Load more', and the box to add one. The viewer's own can be
 * deleted (and show when a moderator hid them); anyone else's can be reported, as a post's comments.
 */
export function PromptComments({ promptId }: { promptId: number }) {
  const id = useId();
  const utils = trpc.useUtils();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const comments = trpc.prompt.comments.useInfiniteQuery({ id: promptId }, { getNextPageParam: (page) => page.nextCursor ?? undefined });
  const refresh = () => Promise.all([utils.prompt.comments.invalidate({ id: promptId }), utils.prompt.get.invalidate({ id: promptId })]);
  const add = trpc.prompt.comment.useMutation({ onSuccess: refresh });
  const remove = trpc.prompt.deleteComment.useMutation({ onSuccess: refresh, onError: (failure) => setError(messageOf(failure)) });
  const [reporting, setReporting] = useState<number | null>(null);
  const report = trpc.prompt.reportComment.useMutation();
  const list = comments.data?.pages.flatMap((page) => page.items) ?? [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    if (!content || add.isPending) return;
    setError(null);
    try {
      await add.mutateAsync({ id: promptId, text: content });
      setText("");
    } catch (failure) {
      setError(PROMPT_TEXTS.commentFailed(messageOf(failure)));
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className={CARD}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-zinc-950 dark:text-white">
        {PROMPT_TEXTS.commentsTitle}
      </h2>
      {comments.isError && !comments.data ? (
        <p role="alert" className={`mt-3 ${NOTICE}`}>
          {messageOf(comments.error)}
        </p>
      ) : list.length === 0 && !comments.isPending ? (
        <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">{PROMPT_TEXTS.commentsEmpty}</p>
      ) : (
        <ul className="mt-3 space-y-3" aria-label={PROMPT_TEXTS.commentsTitle}>
          {list.map((comment) => (
            <li key={comment.id} className="rounded-xl border border-zinc-200 p-3 dark:border-zinc-800">
              <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className="flex min-w-0 items-center gap-2">
                  <PromptAuthor author={comment.author} size="xs" />
                  <LocalTime iso={comment.createdAt} className="text-xs text-zinc-500 dark:text-zinc-400" />
                </span>
                {comment.isOwner ? (
                  <button
                    type="button"
                    onClick={() => remove.mutate({ commentId: comment.id })}
                    disabled={remove.isPending}
                    className="text-xs font-semibold text-red-700 underline-offset-2 hover:underline dark:text-red-300"
                  >
                    {PROMPT_TEXTS.deleteComment}
                  </button>
                ) : (
                  <button
                    type="button"
                    onClick={() => setReporting(comment.id)}
                    className="inline-flex items-center gap-1 text-xs font-medium text-zinc-600 underline-offset-2 hover:underline dark:text-zinc-300"
                  >
                    <FlagIcon className="size-3.5" />
                    {PROMPT_TEXTS.report}
                    <span className="sr-only"> comment by {comment.author.name}</span>
                  </button>
                )}
              </div>
              <p className="mt-1.5 text-sm break-words whitespace-pre-wrap text-zinc-800 dark:text-zinc-100">{comment.text}</p>
              {comment.hidden && <HiddenMark />}
            </li>
          ))}
        </ul>
      )}
      {comments.hasNextPage && (
        <button
          type="button"
          onClick={() => void comments.fetchNextPage()}
          disabled={comments.isFetchingNextPage}
          className={buttonClass("secondary", "sm", "mt-3")}
        >
          {PROMPT_TEXTS.loadMore}
        </button>
      )}
      <form onSubmit={(event) => void submit(event)} className="mt-4 flex items-end gap-2">
        <label htmlFor={`${id}-input`} className="sr-only">
          {PROMPT_TEXTS.commentLabel}
        </label>
        <textarea
          id={`${id}-input`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={PROMPT_TEXTS.commentPlaceholder}
          maxLength={PROMPT_LIMITS.comment}
          rows={2}
          className={`${FIELD} min-h-11 flex-1 resize-y py-2`}
        />
        <button type="submit" disabled={text.trim() === "" || add.isPending} className={buttonClass("primary", "md", "shrink-0")}>
          {PROMPT_TEXTS.commentSend}
        </button>
      </form>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <ReportDialog
        what="comment"
        open={reporting !== null}
        onClose={() => setReporting(null)}
        onSubmit={(input) => report.mutateAsync({ commentId: reporting!, ...input })}
      />
    </section>
  );
}
