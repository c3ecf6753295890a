import type { ReactNode } from "react";
import type { PromptCard as Card } from "@parley/contracts";
import { buttonClass } from "../../components/button-styles";
import { Spinner } from "../../components/spinner";
import { PromptCard } from "./prompt-card";
import { EMPTY, NOTICE } from "./styles";
import { PROMPT_TEXTS } from "./texts";
import type { PagedPrompts } from "./use-paged-prompts";

type PromptListProps = {
  label: string;
  paged: PagedPrompts;
  empty: string;
  failed: string;
  actions?: (prompt: Card) => ReactNode;
  showVisibility?: boolean;
  /**
   * The list sits right under the page's title (h1): it is given a heading of its own (read
   * aloud, not shown), so the cards' headings (h3) skip no level.
   */
  titled?: boolean;
};

/** A paged list of prompt cards: loading, failure, empty, the cards, and 'Load more'. */
export function PromptList({ label, paged, empty, failed, actions, showVisibility, titled = false }: PromptListProps) {
  if (paged.loading)
    return (
      <div role="status" className="flex justify-center py-10">
        <Spinner />
        <span className="sr-only">{PROMPT_TEXTS.loading}</span>
      </div>
    );
  if (paged.failed)
    return (
      <div role="alert" className={`flex flex-wrap items-center justify-between gap-3 ${NOTICE}`}>
        <span>{failed}</span>
        <button type="button" onClick={paged.retry} className={buttonClass("secondary", "sm")}>
          {PROMPT_TEXTS.tryAgain}
        </button>
      </div>
    );
  if (paged.items.length === 0) return <p className={EMPTY}>{empty}</p>;
  return (
    <>
      {titled && <h2 className="sr-only">{label}</h2>}
      <ul className="space-y-4" aria-label={label}>
        {paged.items.map((prompt) => (
          <li key={prompt.id}>
            <PromptCard prompt={prompt} actions={actions?.(prompt)} showVisibility={showVisibility} />
          </li>
        ))}
      </ul>
      {paged.hasMore && (
        <div className="mt-6 flex flex-col items-center gap-2">
          {paged.moreFailed && <p className="text-sm text-red-700 dark:text-red-300">{PROMPT_TEXTS.loadMoreFailed}</p>}
          <button type="button" onClick={paged.loadMore} disabled={paged.loadingMore} className={buttonClass("secondary", "sm")}>
            {paged.loadingMore ? <Spinner size="sm" /> : null}
            {paged.moreFailed ? PROMPT_TEXTS.tryAgain : PROMPT_TEXTS.loadMore}
          </button>
        </div>
      )}
    </>
  );
}
