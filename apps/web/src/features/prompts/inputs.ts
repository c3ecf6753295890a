import type { Category, PromptSort } from "@parley/contracts";

// The first pages' inputs, shared by the routes' loaders (which stay in the entry chunk) and the
// pages: kept apart from the pages so a loader does not bring a page's code along.

/** The input of the library's first page, searched or not. */
export const libraryInput = (q = "") => (q ? { q } : {});

/** The Discover input of a sort, search and category. */
export function discoverInput(sort: PromptSort, q = "", category: Category | "" = "") {
  return { sort, ...(q ? { q } : {}), ...(category ? { category } : {}) };
}
