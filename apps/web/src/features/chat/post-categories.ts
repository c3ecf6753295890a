import { DEFAULT_CATEGORY } from "@parley/contracts";

/**
 * The categories a conversation is posted under: the one chosen in the picker, now or
 * when its messages were sent; none when the picker was left at its default, so the list is empty.
 */
export function postCategoriesOf(chosenNow: string | undefined, savedCategory: string | undefined): string[] {
  const chosen = chosenNow ?? (savedCategory === DEFAULT_CATEGORY ? undefined : savedCategory);
  return chosen ? [chosen] : [];
}
