/**
 * What the host measures about model replies (time to first token, duration, tokens, replies in
 * flight). Optional: without it a send measures nothing.
 */
export type ReplyMetrics = {
  /** A reply starts streaming from `model` (catalogue id) of `service`. */
  replyStarted: (model: { id: string; service: string }) => ReplyObserver;
};

export type ReplyObserver = {
  /** Text arrived; only the first call of a reply counts. */
  firstToken: () => void;
  /** The reply ended (once): how, and the tokens it used. */
  finished: (outcome: { status: "complete" | "error" | "stopped"; inputTokens: number; outputTokens: number }) => void;
};
