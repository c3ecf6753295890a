import type { RouterOutputs } from "@parley/api";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { FlagIcon, TrashIcon } from "../../components/action-icons";
import { Avatar } from "../../components/avatar";
import { HiddenMark, ReportDialog } from "../../components/report-dialog";
import { trpc } from "../../lib/trpc";
import { answerSearchValue } from "../../lib/answers/answer-search";
import { LocalTime } from "../../lib/time/local-time";
import { COMMENT_TEXTS } from "./texts";

type Comment = RouterOutputs["post"]["comments"][number];

const ACTION =
  "inline-flex h-7 items-center gap-1 rounded-full px-2 text-xs font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-white";

/**
 * The comments, oldest first: avatar, username, local time and text. The viewer's own can be
 * deleted (and show when a moderator hid them); anyone else's can be reported. A comment on one
 * answer is marked 'on answer N', a link to that answer, unless the list is that answer's own.
 */
export function CommentList({
  postId,
  comments,
  onDelete,
  markAnswers = true,
}: {
  postId: number;
  comments: Comment[];
  onDelete: (commentId: number) => void;
  markAnswers?: boolean;
}) {
  const [reporting, setReporting] = useState<number | null>(null);
  const report = trpc.post.reportComment.useMutation();
  return (
    <>
      <ul className="space-y-4" aria-label="Comments">
        {comments.map((comment) => (
          <li key={comment.id} className={`flex gap-3 ${comment.id < 0 ? "opacity-60" : ""}`} aria-busy={comment.id < 0}>
            {comment.handle ? (
              // The same place as the name's link; one stop for the keyboard and screen readers.
              <Link to="/u/$handle" params={{ handle: comment.handle }} tabIndex={-1} aria-hidden="true" className="shrink-0 self-start">
                <Avatar avatar={comment.avatar} username={comment.username} size="sm" />
              </Link>
            ) : (
              <Avatar avatar={comment.avatar} username={comment.username} size="sm" />
            )}
            <div className="min-w-0 flex-1 rounded-2xl rounded-tl-md bg-zinc-50 px-4 py-2.5 dark:bg-zinc-800/60">
              <p className="flex flex-wrap items-baseline gap-x-2">
                {comment.handle ? (
                  <Link to="/u/$handle" params={{ handle: comment.handle }} className="text-sm font-semibold text-zinc-900 hover:underline dark:text-white">
                    {comment.username}
                  </Link>
                ) : (
                  <span className="text-sm font-semibold text-zinc-900 dark:text-white">{comment.username}</span>
                )}
                <LocalTime iso={comment.created_at} className="text-xs text-zinc-500 dark:text-zinc-400" />
                {markAnswers && comment.answer && comment.answer_label && (
                  <Link
                    to="/post/$postId"
                    params={{ postId: String(postId) }}
                    search={{ answer: answerSearchValue(comment.answer) }}
                    className="text-xs font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
                  >
                    {COMMENT_TEXTS.onAnswer(comment.answer_label)}
                  </Link>
                )}
              </p>
              <p className="mt-0.5 whitespace-pre-wrap break-words text-[0.95rem] text-zinc-800 dark:text-zinc-100">{comment.content}</p>
              {comment.hidden && <HiddenMark />}
              {comment.id > 0 && (
                <div className="-mx-2 mt-1 flex gap-1">
                  {comment.is_own ? (
                    <button type="button" onClick={() => onDelete(comment.id)} className={ACTION}>
                      <TrashIcon className="size-3.5" />
                      Delete<span className="sr-only"> your comment</span>
                    </button>
                  ) : (
                    <button type="button" onClick={() => setReporting(comment.id)} className={ACTION}>
                      <FlagIcon className="size-3.5" />
                      Report<span className="sr-only"> comment by {comment.username}</span>
                    </button>
                  )}
                </div>
              )}
            </div>
          </li>
        ))}
      </ul>
      <ReportDialog
        what="comment"
        open={reporting !== null}
        onClose={() => setReporting(null)}
        onSubmit={(input) => report.mutateAsync({ commentId: reporting!, ...input })}
      />
    </>
  );
}
