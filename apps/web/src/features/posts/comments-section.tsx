import { useState, type FormEvent } from "react";
import { avatarEmojiFor, isImageAvatar } from "@parley/contracts";
import { buttonClass } from "../../components/button-styles";
import { trpc } from "../../lib/trpc";
import { POST_TEXTS } from "./texts";

/**
 * 'Comments (N)' (spec §2, §4): collapsed at first, loaded on first opening; after adding one the
 * list reloads and the count rises by one.
 */
export function CommentsSection({ postId, count, signedIn, onAdded }: { postId: number; count: number; signedIn: boolean; onAdded: () => void }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const comments = trpc.post.comments.useQuery({ postId }, { enabled: open });
  const add = trpc.post.addComment.useMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    if (!content || add.isPending) return;
    setFailure(null);
    try {
      await add.mutateAsync({ postId, content });
      setText("");
      onAdded();
      await utils.post.comments.invalidate({ postId });
    } catch (error) {
      console.error("Adding a comment failed", error);
      setFailure(POST_TEXTS.commentAddFailed);
    }
  };

  return (
    <section aria-labelledby="comments-heading" className="rounded-2xl border border-zinc-200 p-5 dark:border-zinc-800">
      <h2 id="comments-heading">
        <button type="button" aria-expanded={open} onClick={() => setOpen((value) => !value)} className="flex w-full items-center justify-between text-left font-semibold">
          Comments ({count}) <span aria-hidden="true">{open ? "▴" : "▾"}</span>
        </button>
      </h2>
      {open && (
        <div className="mt-4 space-y-4">
          {comments.isPending ? (
            <p role="status">{POST_TEXTS.commentsLoading}</p>
          ) : comments.error ? (
            <p className="text-red-700 dark:text-red-300">{POST_TEXTS.commentsFailed}</p>
          ) : comments.data.length === 0 ? (
            <p className="text-zinc-600 dark:text-zinc-400">{POST_TEXTS.commentsEmpty}</p>
          ) : (
            <ul className="space-y-3">
              {comments.data.map((comment) => (
                <li key={comment.id} className="flex gap-3">
                  {isImageAvatar(comment.avatar) ? (
                    <img src={comment.avatar} alt="" className="size-8 rounded-full" referrerPolicy="no-referrer" />
                  ) : (
                    <span aria-hidden="true" className="inline-flex size-8 items-center justify-center rounded-full bg-zinc-100 dark:bg-zinc-800">
                      {comment.avatar || avatarEmojiFor(comment.username)}
                    </span>
                  )}
                  <div className="min-w-0">
                    <p className="text-sm">
                      <span className="font-semibold">{comment.username}</span>{" "}
                      <time className="text-xs text-zinc-600 dark:text-zinc-400" dateTime={comment.created_at}>
                        {new Date(comment.created_at).toLocaleString()}
                      </time>
                    </p>
                    <p className="text-[0.95rem] whitespace-pre-wrap">{comment.content}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {signedIn ? (
            <form onSubmit={(event) => void submit(event)} className="flex items-end gap-2">
              <label htmlFor="comment-input" className="sr-only">
                Comment
              </label>
              <textarea
                id="comment-input"
                value={text}
                onChange={(event) => setText(event.target.value)}
                placeholder={POST_TEXTS.commentPlaceholder}
                rows={2}
                className="flex-1 rounded-xl border border-zinc-300 bg-white px-3 py-2 dark:border-zinc-700 dark:bg-zinc-900"
              />
              <button type="submit" disabled={!text.trim() || add.isPending} className={buttonClass("primary", "md")}>
                Send
              </button>
            </form>
          ) : (
            <p className="text-sm">{POST_TEXTS.commentSignIn}</p>
          )}
          {failure && <p className="text-sm text-red-700 dark:text-red-300">{failure}</p>}
        </div>
      )}
    </section>
  );
}
