import { Link } from "@tanstack/react-router";
import type { PostDetail } from "./post-types";
import { POST_TEXTS } from "./texts";

/** Where a post was forked from, and the posts published from its forks. */
export function PostLineage({ post }: { post: Pick<PostDetail, "forked_from" | "public_forks" | "forks"> }) {
  if (!post.forked_from && post.public_forks.length === 0) return null;
  return (
    <nav
      aria-label={POST_TEXTS.lineageLabel}
      className="space-y-3 rounded-2xl border border-zinc-200 bg-white p-4 text-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      {post.forked_from && (
        <p className="text-zinc-700 dark:text-zinc-200">
          {POST_TEXTS.forkedFrom}{" "}
          <Link
            to="/post/$postId"
            params={{ postId: String(post.forked_from.id) }}
            className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
          >
            {post.forked_from.description}
          </Link>{" "}
          by {post.forked_from.username}
        </p>
      )}
      {post.public_forks.length > 0 && (
        <div>
          <h2 className="font-semibold text-zinc-900 dark:text-white">{POST_TEXTS.publicForks(post.forks)}</h2>
          <ul className="mt-2 space-y-1">
            {post.public_forks.map((fork) => (
              <li key={fork.id}>
                <Link to="/post/$postId" params={{ postId: String(fork.id) }} className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
                  {fork.description}
                </Link>{" "}
                <span className="text-zinc-500 dark:text-zinc-400">by {fork.username}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </nav>
  );
}
