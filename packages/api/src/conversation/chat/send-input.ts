import { messageSchema } from "@parley/contracts";
import { AppError } from "../../kit/errors";

/** The message text, trimmed; empty or over-long text is a BAD_REQUEST a person can act on. */
export function parseMessage(message: unknown): string {
  const parsed = messageSchema.safeParse(message);
  if (!parsed.success) throw new AppError("BAD_REQUEST", parsed.error.issues[0]?.message ?? "Type a message first.");
  return parsed.data.content;
}
