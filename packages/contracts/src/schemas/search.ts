import { z } from "zod";
import { DISCOVERY_LIMITS } from "../discovery";
import { storableText } from "../input";
import { cursorSchema } from "./common";

/** A search: the words typed in the box and, for a later page, the previous page's cursor. */
export const searchInput = z.object({
  q: storableText("must be the text to search for")
    .trim()
    .min(1, "Type something to search for.")
    .max(DISCOVERY_LIMITS.searchQuery, `A search can be at most ${DISCOVERY_LIMITS.searchQuery} characters.`),
  cursor: cursorSchema.optional(),
});
