import { Link } from "@tanstack/react-router";
import type { RouterOutputs } from "@parley/api";
import { isImageAvatar } from "@parley/contracts";
import { POST_TEXTS } from "./texts";

export type PostSummary = RouterOutputs["post"]["list"]["posts"][number];

/** A post's author, models, time, text, tags and actions (spec §2 Discover item and post card). */
export function PostCard({
  post,
  link = true,
  canDelete,
  onLike,
  onDelete,
}: {
  post: PostSummary;
  link?: boolean;
  canDelete: boolean;
  onLike?: () => void;
  onDelete?: () => void;
}) {
  const models = post.model_versions.length ? post.model_versions.join(", ") : "AI";
  const copyLink = async () => {
    await navigator.clipboard.writeText(`${window.location.origin}/post/${post.id}`).then(
      () => window.alert(POST_TEXTS.linkCopied),
      (error: unknown) => console.error("Copying the link failed", error),
    );
  };
  const body = <p className="mt-3 text-[0.95rem] whitespace-pre-wrap">{post.description}</p>;
  return (
    <article aria-label={`Post by ${post.username}`} className="rounded-2xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900">
      <header className="flex items-center gap-3">
        {isImageAvatar(post.avatar) ? (
          <img src={post.avatar} alt="" className="size-10 rounded-full object-cover" referrerPolicy="no-referrer" />
        ) : (
          <span className="inline-flex size-10 items-center justify-center rounded-full bg-brand-50 text-xl dark:bg-brand-950" aria-hidden="true">
            {post.avatar}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">{post.username}</p>
          <p className="truncate text-xs text-zinc-600 dark:text-zinc-400">
            Using {models} · {post.created_at ? new Date(post.created_at).toLocaleString() : "Recently"}
          </p>
        </div>
      </header>
      {link && post.id > 0 ? (
        <Link to="/post/$postId" params={{ postId: String(post.id) }} className="block rounded-lg hover:opacity-90">
          {body}
        </Link>
      ) : (
        body
      )}
      {post.categories.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Tags">
          {post.categories.map((category) => (
            <li key={category} className="rounded-full bg-zinc-100 px-2.5 py-0.5 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200">
              #{category}
            </li>
          ))}
        </ul>
      )}
      <footer className="mt-4 flex items-center gap-1 text-sm text-zinc-600 dark:text-zinc-300">
        <button
          type="button"
          onClick={onLike}
          disabled={!onLike}
          aria-pressed={post.has_liked}
          className="inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 hover:bg-zinc-100 disabled:opacity-60 dark:hover:bg-zinc-800"
        >
          <span className="sr-only">{post.has_liked ? "Unlike" : "Like"}</span>
          <span aria-hidden="true" className={post.has_liked ? "text-rose-600" : ""}>
            {post.has_liked ? "♥" : "♡"}
          </span>
          <span>{post.likes}</span>
        </button>
        <span className="inline-flex items-center gap-1.5 px-3 py-1.5" aria-label={`${post.comments} comments`}>
          <span aria-hidden="true">💬</span> {post.comments}
        </span>
        {post.id > 0 && (
          <button type="button" onClick={() => void copyLink()} className="rounded-full px-3 py-1.5 hover:bg-zinc-100 dark:hover:bg-zinc-800">
            Copy link
          </button>
        )}
        {canDelete && onDelete && (
          <button type="button" onClick={onDelete} className="ml-auto rounded-full px-3 py-1.5 text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950">
            Delete
          </button>
        )}
      </footer>
    </article>
  );
}
