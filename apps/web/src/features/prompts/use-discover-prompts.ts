import { keepPreviousData } from "@tanstack/react-query";
import type { Category, PromptSort } from "@parley/contracts";
import { useDebouncedValue } from "../../lib/debounce/use-debounced-value";
import { trpc } from "../../lib/trpc";
import { discoverInput } from "./inputs";
import { pagedPrompts } from "./use-paged-prompts";

/** How long typing pauses before a search runs (as post search). */
const SEARCH_DEBOUNCE_MS = 300;

/** Discover's prompts for a sort, search and category, paged on with the cursor. */
export function useDiscoverPrompts(sort: PromptSort, text: string, category: Category | "") {
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const query = trpc.prompt.discover.useInfiniteQuery(discoverInput(sort, q, category), {
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  return { q, ...pagedPrompts(query) };
}
