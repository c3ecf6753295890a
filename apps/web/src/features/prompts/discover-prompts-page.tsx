import { useState, type ReactNode } from "react";
import { Link } from "@tanstack/react-router";
import { CATEGORIES, categoryLabel, type Category, type PromptSort } from "@parley/contracts";
import { PageIntro } from "../../components/page-intro";
import { SearchBox } from "../../components/search-box";
import { PromptList } from "./prompt-list";
import { FIELD } from "./styles";
import { PROMPT_TEXTS } from "./texts";
import { useDiscoverPrompts } from "./use-discover-prompts";

const SORTS: { id: PromptSort; label: string }[] = [
  { id: "trending", label: PROMPT_TEXTS.trending },
  { id: "newest", label: PROMPT_TEXTS.newest },
];

/** Discover's Prompts tab: trending or newest public prompts, a search box and a category filter. The route gives Discover's tabs. */
export function DiscoverPromptsPage({ tabs }: { tabs: ReactNode }) {
  const [sort, setSort] = useState<PromptSort>("trending");
  const [text, setText] = useState("");
  const [category, setCategory] = useState<Category | "">("");
  const prompts = useDiscoverPrompts(sort, text, category);
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <PageIntro title={PROMPT_TEXTS.discoverTitle} subtitle={PROMPT_TEXTS.discoverSubtitle} />
      <div className="mt-6">{tabs}</div>
      <SearchBox label={PROMPT_TEXTS.discoverSearch} placeholder={PROMPT_TEXTS.discoverSearchPlaceholder} value={text} onChange={setText} className="mt-6" />
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label={PROMPT_TEXTS.sortLabel} className="flex flex-wrap gap-2">
          {SORTS.map((option) => (
            <button
              key={option.id}
              type="button"
              aria-pressed={sort === option.id}
              onClick={() => setSort(option.id)}
              className={`h-9 rounded-full px-4 text-sm font-medium transition-colors ${
                sort === option.id
                  ? "bg-zinc-900 text-white shadow-sm dark:bg-white dark:text-zinc-900"
                  : "border border-zinc-200 bg-white text-zinc-700 hover:border-zinc-300 hover:bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:border-zinc-700 dark:hover:bg-zinc-800"
              }`}
            >
              {option.label}
            </button>
          ))}
        </div>
        <Link to="/prompts" className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
          {PROMPT_TEXTS.yourLibrary}
        </Link>
        <label className="flex items-center gap-2 text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {PROMPT_TEXTS.category}
          <select value={category} onChange={(event) => setCategory(event.target.value as Category | "")} className={`${FIELD} h-9 w-auto`}>
            <option value="">{PROMPT_TEXTS.allCategories}</option>
            {CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {categoryLabel(value)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="mt-6">
        <PromptList
          label="Prompts"
          titled
          paged={prompts}
          empty={prompts.q ? PROMPT_TEXTS.discoverNoMatch(prompts.q) : PROMPT_TEXTS.discoverEmpty}
          failed={PROMPT_TEXTS.discoverFailed}
        />
      </div>
    </section>
  );
}
