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

/** An estimate of the prompt tokens of a request (system prompt and every turn). */
export function estimateInputTokens(request: Pick<StreamRequest, "system" | "messages">): number {
  const turns = request.messages.reduce((sum, turn) => sum + estimateTokens(turn.content), 0);
  return turns + estimateTokens(request.system ?? "");
}
