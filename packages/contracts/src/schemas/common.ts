import { z } from "zod";

/** Session ids are positive integers below 2^53; strings of digits are accepted too (REST paths). */
export const sessionIdSchema = z.coerce
  .number({ message: "must be a conversation id (a number)" })
  .int("must be a whole number")
  .positive("must be a saved conversation (id above 0)")
  .max(Number.MAX_SAFE_INTEGER);

/** Exchange ids are positive integers; strings of digits are accepted too. */
export const entryIdSchema = z.coerce
  .number({ message: "must be a message id (a number)" })
  .int("must be a whole number")
  .positive("must be a message id above 0")
  .max(Number.MAX_SAFE_INTEGER);

/** A list cursor is the previous page's `next_cursor`; the list checks it matches its order. */
export const cursorSchema = z.string({ message: "must be the next_cursor of a previous page" }).max(80, "must be the next_cursor of a previous page");

/** What every failed call answers: a message a person can act on. */
export const errorBody = z.object({ message: z.string() });

/** The cursor of the next page of a list; null on the last page. */
export const nextCursor = z.string().nullable().describe("Pass as `cursor` for the next page; null on the last page");
