import { Link } from "@tanstack/react-router";
import { Avatar } from "../../components/avatar";
import { LocalTime } from "../../lib/time/local-time";
import { PostActions } from "./post-actions";
import { SparkIcon } from "../../components/action-icons";
import type { SnippetPart } from "@parley/contracts";
import { SnippetText } from "../../components/snippet-text";
import { HiddenMark } from "../../components/report-dialog";
import type { PostSummary } from "./post-types";
import { COMPARE_TEXTS } from "./texts";

type PostCardProps = {
  post: PostSummary & { snippet?: SnippetPart[] };
  /** `feed`: the whole card opens the post; `page`: the post's own page. */
  variant: "feed" | "page";
  /** The viewer's own post (the delete button shows only there). */
  own: boolean;
  onDelete?: () => void;
};

/** 'Using' and the model versions joined by commas, or 'AI'. */
export const modelsOf = (post: Pick<PostSummary, "model_versions">) => (post.model_versions.length ? post.model_versions.join(", ") : "AI");

/** What a card says about its models: 'Compare: 3 models' for a comparison (its models stay hidden until the viewer votes), else 'Using ...'. */
const modelLine = (post: PostSummary) => (post.compare_models ? COMPARE_TEXTS.card(post.compare_models) : `Using ${modelsOf(post)}`);

/** A post's author, models, time, text, tags and actions. */
export function PostCard({ post, variant, own, onDelete }: PostCardProps) {
  const opens = variant === "feed" && post.id > 0;
  const text = (
    <p
      className={`whitespace-pre-wrap break-words text-zinc-800 dark:text-zinc-100 ${variant === "page" ? "text-lg leading-relaxed" : "text-[0.975rem] leading-relaxed"}`}
    >
      {post.description}
    </p>
  );
  return (
    <article
      aria-label={`Post by ${post.username}`}
      className={`relative rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm shadow-zinc-900/[0.03] sm:p-5 dark:border-zinc-800 dark:bg-zinc-900 dark:shadow-none ${
        opens
          ? "transition hover:border-brand-300 hover:shadow-md has-[a[data-card-link]:focus-visible]:ring-2 has-[a[data-card-link]:focus-visible]:ring-brand-500 dark:hover:border-brand-800"
          : ""
      }`}
    >
      <header className="flex items-start gap-3">
        {post.handle ? (
          <Link to="/u/$handle" params={{ handle: post.handle }} tabIndex={-1} aria-hidden="true" className="relative z-10">
            <Avatar avatar={post.avatar} username={post.username} />
          </Link>
        ) : (
          <Avatar avatar={post.avatar} username={post.username} />
        )}
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-baseline gap-x-2">
            {post.handle ? (
              <Link
                to="/u/$handle"
                params={{ handle: post.handle }}
                className="relative z-10 truncate font-semibold text-zinc-950 hover:underline dark:text-white"
              >
                {post.username}
              </Link>
            ) : (
              <span className="truncate font-semibold text-zinc-950 dark:text-white">{post.username}</span>
            )}
            <LocalTime iso={post.created_at} className="text-xs text-zinc-500 dark:text-zinc-400" />
          </p>
          <p className="mt-0.5 inline-flex max-w-full items-center gap-1 text-xs text-zinc-600 dark:text-zinc-300">
            <SparkIcon className="size-3.5 shrink-0 text-brand-500" />
            <span className="truncate">{modelLine(post)}</span>
          </p>
        </div>
      </header>
      <div className="mt-3">
        {opens ? (
          // The link stretches over the card (its ::after), so a click anywhere opens the post;
          // the action buttons sit above it.
          <Link
            to="/post/$postId"
            params={{ postId: String(post.id) }}
            data-card-link=""
            className="outline-none after:absolute after:inset-0 after:rounded-2xl after:content-['']"
          >
            {text}
          </Link>
        ) : (
          text
        )}
      </div>
      {post.hidden && <HiddenMark />}
      {post.snippet && <SnippetText parts={post.snippet} className="mt-2" />}
      {post.categories.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Tags">
          {post.categories.map((category) => (
            <li key={category} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700 dark:bg-brand-950 dark:text-brand-200">
              #{category}
            </li>
          ))}
        </ul>
      )}
      <PostActions post={post} variant={variant} own={own} onDelete={onDelete} />
    </article>
  );
}
