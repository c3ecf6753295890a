import { countCharacters } from "@parley/ai";

const FENCE = /^\s{0,3}(```|~~~)/;
const HEADER = /^\s{0,3}#{1,6}\s/;
const LIST_ITEM = /^\s*(?:[-*+]|\d{1,9}[.)])\s+\S/;

/**
 * What the rating's style control reads of an answer, for battles and comparison posts alike: its
 * length in characters and its markdown headers and list items (lines inside code fences are not counted).
 */
export function styleOf(answer: string): { length: number; markdown: number } {
  let fenced = false;
  let markdown = 0;
  for (const line of answer.split("\n")) {
    if (FENCE.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (!fenced && (HEADER.test(line) || LIST_ITEM.test(line))) markdown++;
  }
  return { length: countCharacters(answer), markdown };
}
