import { z } from "zod";

let checking = true;

/**
 * Whether procedures check what they answer against their `.output()` schema, for this process.
 * On unless turned off: the server's entry turns it off at boot unless NODE_ENV is test or
 * development (apps/server/src/main.ts), so tests and development check, production does not.
 * The check never changes an answer: docs/api.md, "Answers", says why production skips it.
 */
export function setAnswerChecks(on: boolean) {
  checking = on;
}

/**
 * A procedure's answer schema, as tRPC's `.output()` takes it: a parser that keeps the schema for
 * the OpenAPI document, and says whether it checks (when not, it is the identity, and the
 * server's procedure runner skips the middleware tRPC made of it).
 */
export type AnswerParser<T extends z.ZodType> = ((value: unknown) => z.output<T>) & { readonly schema: T; readonly checks: boolean };

/**
 * The `.output()` of a procedure: its answer is `schema` (the OpenAPI document's answer, the
 * client's type). Where answers are checked (setAnswerChecks), an answer the schema refuses, or
 * one with a field the schema does not name (zod would drop it), fails the call with a 500
 * naming where; `check` fixes it for this schema instead. Either way the answer leaves as the
 * procedure made it.
 */
export function answer<T extends z.ZodType>(schema: T, check?: boolean): AnswerParser<T> {
  const parse = (value: unknown): z.output<T> => {
    if (!(check ?? checking)) return value as z.output<T>;
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new Error(`The answer does not match its .output() schema: ${z.prettifyError(parsed.error)}`);
    const dropped = droppedField(value, parsed.data, "answer");
    if (dropped) throw new Error(`The answer has a field its .output() schema does not name: ${dropped}`);
    return value as z.output<T>;
  };
  // `checks` is read when asked: the process's setting may change after the schema is made (at boot).
  return Object.defineProperty(Object.assign(parse, { schema }), "checks", { get: () => check ?? checking, enumerable: true }) as AnswerParser<T>;
}

/** The first field of `sent` that `parsed` (its parse) lost, as a path, or null. */
function droppedField(sent: unknown, parsed: unknown, path: string): string | null {
  if (sent === parsed || typeof sent !== "object" || sent === null || typeof parsed !== "object" || parsed === null) return null;
  if (Array.isArray(sent)) {
    if (!Array.isArray(parsed)) return null;
    for (let i = 0; i < sent.length; i++) {
      const dropped = droppedField(sent[i], parsed[i], `${path}[${i}]`);
      if (dropped) return dropped;
    }
    return null;
  }
  if (Object.getPrototypeOf(sent) !== Object.prototype) return null;
  for (const [key, value] of Object.entries(sent)) {
    if (value === undefined) continue;
    if (!(key in parsed)) return `${path}.${key}`;
    const dropped = droppedField(value, (parsed as Record<string, unknown>)[key], `${path}.${key}`);
    if (dropped) return dropped;
  }
  return null;
}

/** The answer of a procedure that streams: its events, as an async generator (not checked one by one). */
export const eventStream = <E>() =>
  z.custom<AsyncGenerator<E>>((value) => typeof value === "object" && value !== null && Symbol.asyncIterator in value, "must be a stream of events");
