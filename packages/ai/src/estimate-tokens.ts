import type { StreamRequest } from "./types";

/** About four characters per token for English text: the usual rule of thumb for GPT/Claude tokenizers. */
const CHARS_PER_TOKEN = 4;

/** An estimate of the tokens in a text, used only when a service reports none. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/** An estimate of the prompt tokens of a request (system prompt and every turn). */
export function estimateInputTokens(request: Pick<StreamRequest, "system" | "messages">): number {
  const turns = request.messages.reduce((sum, turn) => sum + estimateTokens(turn.content), 0);
  return turns + estimateTokens(request.system ?? "");
}
