import type { StreamRequest } from "./types";

/** About four characters per token for English text: the usual rule of thumb for GPT/Claude tokenizers. */
export const CHARS_PER_TOKEN = 4;

const SURROGATE_PAIR = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;

/**
 * The characters of a text as PostgreSQL's length() counts them (Unicode code points), so an
 * estimate made in SQL over stored text agrees with one made here: an emoji is one character,
 * not the two UTF-16 units of `text.length`.
 */
export function countCharacters(text: string): number {
  return text.length - (text.match(SURROGATE_PAIR)?.length ?? 0);
}

/**
 * An estimate of the tokens in a text: used when a service reports none, and (written in SQL
 * from the same constant) to reserve allowance before a model call.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(countCharacters(text) / CHARS_PER_TOKEN);
}

/** Tokens a request costs beyond its texts (roles and separators), counted once per request. */
export const REQUEST_OVERHEAD_TOKENS = 4;

/**
 * An estimate of the input tokens of a request: all its texts (system prompt and every turn)
 * counted together, rounded up once, plus the request's overhead. The allowance reserved before
 * a model call counts the same texts the same way (in SQL, from these constants), so a reply
 * whose service reports no usage records the input its reservation counted.
 */
export function estimateInputTokens(request: Pick<StreamRequest, "system" | "messages">): number {
  const characters = request.messages.reduce((sum, turn) => sum + countCharacters(turn.content), countCharacters(request.system ?? ""));
  return Math.ceil(characters / CHARS_PER_TOKEN) + REQUEST_OVERHEAD_TOKENS;
}
