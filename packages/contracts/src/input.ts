import { z } from "zod";

/** Largest value of a PostgreSQL `integer` (int4) column, e.g. the ids of posts, comments and prompts. */
export const INT4_MAX = 2_147_483_647;

/** What a person reads when text cannot be stored as sent. */
export const UNSTORABLE_TEXT_MESSAGE = "must not contain NUL characters or broken Unicode (unpaired surrogates); remove them and try again";

/** An unpaired UTF-16 surrogate: PostgreSQL would store U+FFFD instead (or refuse it in JSON). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when PostgreSQL stores the text exactly as given: no U+0000 and well-formed UTF-16. */
export function isStorableText(value: string): boolean {
  return !value.includes("\u0000") && !LONE_SURROGATE.test(value);
}

/**
 * A string PostgreSQL can store unchanged (text, varchar and jsonb columns all refuse U+0000).
 * Every text input that reaches the database starts from this; chain `.trim()`, `.max()` etc. after it.
 */
export function storableText(message = "must be text") {
  return z.string({ message }).refine(isStorableText, UNSTORABLE_TEXT_MESSAGE);
}

/**
 * A positive id of an int4 column; strings of digits (REST path parameters) are accepted too.
 * `name` completes the messages, e.g. "a post id".
 */
export function int4Id(name: string) {
  return z.coerce
    .number({ message: `must be ${name} (a number)` })
    .int("must be a whole number")
    .positive(`must be ${name} above 0`)
    .max(INT4_MAX, `must be ${name} of at most ${INT4_MAX}`);
}
