import type { ChatTurn } from "./types";

/**
 * Shapes a history for the Messages API, which rejects empty content and two turns of the same
 * role in a row: a failed exchange leaves an empty reply in the history, and dropping it would
 * otherwise put two user turns side by side, so same-role neighbours are joined.
 */
export function shapeAnthropicTurns(messages: ChatTurn[]): ChatTurn[] {
  const shaped: ChatTurn[] = [];
  for (const turn of messages) {
    if (!turn.content.trim()) continue;
    const last = shaped.at(-1);
    if (last && last.role === turn.role) last.content = `${last.content}\n\n${turn.content}`;
    else shaped.push({ role: turn.role, content: turn.content });
  }
  return shaped;
}
