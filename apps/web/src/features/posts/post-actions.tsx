import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { ReportDialog } from "../../components/report-dialog";
import { trpc } from "../../lib/trpc";
import { copyText, postLink } from "./copy-text";
import { CommentIcon, ForkIcon, HeartIcon } from "./post-icons";
import { FlagIcon, LinkIcon, TrashIcon } from "../../components/action-icons";
import type { PostSummary } from "./post-types";
import { POST_TEXTS } from "./texts";
import { useLikePost } from "./use-like-post";

// Above the card's stretched link, so they stay clickable.
const PLAIN = "relative z-10 inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-zinc-600 dark:text-zinc-300";
const ACTION = `${PLAIN} transition-colors hover:bg-zinc-100 hover:text-zinc-900 disabled:cursor-default disabled:opacity-60 disabled:hover:bg-transparent dark:hover:bg-zinc-800 dark:hover:text-white`;

/** Copies the post's address ('Link copied to clipboard!'); a refusal is only logged. */
async function copyPostLink(postId: number) {
  try {
    await copyText(postLink(postId));
    window.alert(POST_TEXTS.linkCopied);
  } catch (error) {
    console.error("Copying the post link failed", error);
  }
}

/** Like with count, comment count, copy link and, on the viewer's own post, delete; on anyone else's, report. */
export function PostActions({ post, variant, own, onDelete }: { post: PostSummary; variant: "feed" | "page"; own: boolean; onDelete?: () => void }) {
  const like = useLikePost(post);
  const sample = post.id <= 0;
  const [reporting, setReporting] = useState(false);
  const report = trpc.post.report.useMutation();
  const comments = (
    <>
      <CommentIcon />
      <span>{post.comments}</span>
      <span className="sr-only">{post.comments === 1 ? "comment" : "comments"}</span>
    </>
  );
  return (
    <footer className="-mx-2 mt-3 flex items-center gap-0.5 sm:gap-1">
      <button
        type="button"
        aria-pressed={post.has_liked}
        aria-busy={like.pending}
        disabled={sample}
        onClick={like.toggle}
        className={`${ACTION} ${post.has_liked ? "text-rose-600 hover:text-rose-700 dark:text-rose-400 dark:hover:text-rose-300" : "hover:text-rose-600"}`}
      >
        <span className="sr-only">{post.has_liked ? "Unlike" : "Like"}</span>
        <HeartIcon filled={post.has_liked} className={`size-5 transition-transform ${post.has_liked ? "scale-110" : ""}`} />
        <span className="tabular-nums">{post.likes}</span>
        <span className="sr-only">{post.likes === 1 ? " like" : " likes"}</span>
      </button>
      {variant === "feed" && !sample ? (
        <Link to="/post/$postId" params={{ postId: String(post.id) }} className={ACTION}>
          {comments}
        </Link>
      ) : (
        <span className={PLAIN}>{comments}</span>
      )}
      {post.forks > 0 && (
        <span className={PLAIN} title="Forks">
          <ForkIcon />
          <span className="tabular-nums">{post.forks}</span>
          <span className="sr-only">{post.forks === 1 ? " fork" : " forks"}</span>
        </span>
      )}
      {!sample && (
        <button type="button" onClick={() => void copyPostLink(post.id)} className={ACTION} title="Copy link">
          <LinkIcon />
          <span className="sr-only sm:not-sr-only">Copy link</span>
        </button>
      )}
      {!own && !sample && (
        <>
          <button type="button" onClick={() => setReporting(true)} className={`${ACTION} ml-auto`} title="Report post">
            <FlagIcon />
            <span className="sr-only sm:not-sr-only">Report</span>
          </button>
          <ReportDialog
            what="post"
            open={reporting}
            onClose={() => setReporting(false)}
            onSubmit={(input) => report.mutateAsync({ postId: post.id, ...input })}
          />
        </>
      )}
      {own && onDelete && (
        <button
          type="button"
          onClick={onDelete}
          className={`${ACTION} ml-auto text-zinc-500 hover:bg-red-50 hover:text-red-700 dark:text-zinc-400 dark:hover:bg-red-950 dark:hover:text-red-300`}
          title="Delete post"
        >
          <TrashIcon />
          <span className="sr-only sm:not-sr-only">Delete</span>
        </button>
      )}
    </footer>
  );
}
