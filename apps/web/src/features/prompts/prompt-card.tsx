import type { ReactNode } from "react";
import { Link } from "@tanstack/react-router";
import { categoryLabel, type PromptCard as Card } from "@parley/contracts";
import { HiddenMark } from "../../components/report-dialog";
import { LocalTime } from "../../lib/time/local-time";
import { PromptAuthor } from "./prompt-author";
import { PromptCounts } from "./prompt-counts";
import { CARD, TAG } from "./styles";
import { PROMPT_TEXTS } from "./texts";

/**
 * A prompt in a list: name (opening its page), author, preview, category and counts. The
 * library adds the owner's buttons (`actions`) and shows the visibility.
 */
export function PromptCard({ prompt, actions, showVisibility = false }: { prompt: Card; actions?: ReactNode; showVisibility?: boolean }) {
  return (
    <article
      aria-label={prompt.name}
      className={`relative ${CARD} transition hover:border-brand-300 hover:shadow-md has-[a[data-card-link]:focus-visible]:ring-2 has-[a[data-card-link]:focus-visible]:ring-brand-500 dark:hover:border-brand-800`}
    >
      <header className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <PromptAuthor author={prompt.author} size="xs" />
        <LocalTime iso={prompt.updatedAt} className="text-xs text-zinc-500 dark:text-zinc-400" />
      </header>
      <h3 className="mt-2 text-lg font-semibold break-words text-zinc-950 dark:text-white">
        {/* The link stretches over the card, so a click anywhere opens the prompt; buttons sit above it. */}
        <Link
          to="/prompt/$id"
          params={{ id: String(prompt.id) }}
          data-card-link=""
          className="outline-none after:absolute after:inset-0 after:rounded-2xl after:content-['']"
        >
          {prompt.name}
        </Link>
      </h3>
      {prompt.hidden && <HiddenMark />}
      {prompt.description && <p className="mt-1 text-sm break-words text-zinc-700 dark:text-zinc-200">{prompt.description}</p>}
      <p className="mt-2 line-clamp-3 font-mono text-xs leading-5 break-words whitespace-pre-wrap text-zinc-600 dark:text-zinc-300">{prompt.textPreview}</p>
      <div className="mt-3 flex flex-wrap items-center gap-1.5">
        <span className={TAG}>#{prompt.category}</span>
        {showVisibility && (
          <span className="rounded-full bg-zinc-100 px-2.5 py-0.5 text-xs font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200">
            {PROMPT_TEXTS.visibilities[prompt.visibility] ?? categoryLabel(prompt.visibility)}
          </span>
        )}
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <PromptCounts prompt={prompt} />
        {actions && <div className="relative z-10 flex flex-wrap gap-2">{actions}</div>}
      </div>
    </article>
  );
}
