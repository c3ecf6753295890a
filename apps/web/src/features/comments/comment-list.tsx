import type { RouterOutputs } from "@parley/api";
import { Link } from "@tanstack/react-router";
import { Avatar } from "../../components/avatar";
import { LocalTime } from "../../lib/time/local-time";

type Comment = RouterOutputs["post"]["comments"][number];

/** The comments, oldest first: avatar, username, local time and text. */
export function CommentList({ comments }: { comments: Comment[] }) {
  return (
    <ul className="space-y-4" aria-label="Comments">
      {comments.map((comment) => (
        <li key={comment.id} className={`flex gap-3 ${comment.id < 0 ? "opacity-60" : ""}`} aria-busy={comment.id < 0}>
          <Avatar avatar={comment.avatar} username={comment.username} size="sm" />
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
            </p>
            <p className="mt-0.5 whitespace-pre-wrap break-words text-[0.95rem] text-zinc-800 dark:text-zinc-100">{comment.content}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
