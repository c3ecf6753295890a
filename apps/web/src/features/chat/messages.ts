import type { RouterOutputs } from "@parley/api";
import type { Siblings } from "./branch-actions";
import { CHAT_TEXTS, DEFAULT_USER_LABEL } from "./texts";

type Entry = RouterOutputs["chat"]["history"]["sessions"][number];

/** A message as the chat window shows it. */
export type UiMessage = {
  key: string;
  isUser: boolean;
  user: string;
  content: string;
  timestamp: string;
  note?: string;
  noteTone?: "error" | "info";
  /** A reply's own link (`?answer=<key>`, the exchange's id, as on the public page) and how it is named ('answer 2'): on a share. */
  answer?: { key: string; label: string };
  /** The stored exchange the message belongs to, for editing, regenerating and switching versions. */
  exchange?: { entryId: number; message: string; modelId: string | null; siblings?: Siblings };
};

/**
 * Each stored exchange as the user's message and the model's reply, oldest first. `author` names
 * the person's messages (DEFAULT_USER_LABEL for the reader's own; a share's owner for a reader of it).
 */
export function messagesOf(
  entries: readonly Entry[],
  modelName: (modelId: string | null) => string,
  author: string = DEFAULT_USER_LABEL,
  answerLinks = false,
): UiMessage[] {
  return entries.flatMap((entry, index) => {
    const exchange = { entryId: entry.id, message: entry.message_content, modelId: entry.model_id, siblings: entry.siblings };
    const reply: UiMessage = {
      exchange,
      key: `${entry.id}-ai`,
      isUser: false,
      user: modelName(entry.model_id),
      content: entry.response_content,
      timestamp: entry.timestamp,
      note: entry.status === "error" ? CHAT_TEXTS.sendFailed : entry.status === "stopped" ? CHAT_TEXTS.stopped : undefined,
      noteTone: entry.status === "stopped" ? "info" : "error",
      ...(answerLinks ? { answer: { key: String(entry.id), label: `answer ${index + 1}` } } : {}),
    };
    return [{ key: `${entry.id}-user`, isUser: true, user: entry.user ?? author, content: entry.message_content, timestamp: entry.timestamp, exchange }, reply];
  });
}
