import { ANSWER_PARAM, isAnswerKey } from "@parley/contracts";

/**
 * `?answer=<key>` in a route's search. The router reads `?answer=2` as the number 2 (and would
 * write the string "2" back quoted), so a key of digits is kept as a number: the address stays
 * `?answer=2`, the form the server's link previews read too.
 */
export type AnswerSearch = { answer?: string | number };

/** The route's `validateSearch` part for `?answer=`: a valid key, or nothing. */
export function validateAnswerSearch(search: Record<string, unknown>): AnswerSearch {
  const raw = search[ANSWER_PARAM];
  const key = typeof raw === "number" && Number.isSafeInteger(raw) ? String(raw) : raw;
  return isAnswerKey(key) ? { answer: answerSearchValue(key) } : {};
}

/** A key as the search holds it (digits as a number). */
export const answerSearchValue = (key: string): string | number => (/^\d+$/.test(key) ? Number(key) : key);

/** The key a search points at, or null. */
export const answerKeyOf = (search: AnswerSearch): string | null => (search.answer === undefined ? null : String(search.answer));
