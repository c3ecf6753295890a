import { z } from "zod";
import { DISCOVERY_LIMITS, storableText } from "@parley/contracts";

/** A search: the words typed in the box and, for a later page, the previous page's cursor. */
export const searchInput = z.object({
  q: storableText("must be the text to search for")
    .trim()
    .min(1, "Type something to search for.")
    .max(DISCOVERY_LIMITS.searchQuery, `A search can be at most ${DISCOVERY_LIMITS.searchQuery} characters.`),
  cursor: z.string({ message: "must be the next_cursor of a previous page" }).max(80, "must be the next_cursor of a previous page").optional(),
});

