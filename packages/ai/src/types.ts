/** One turn of a conversation, as the model sees it. */
export type ChatTurn = { role: "user" | "assistant"; content: string };

/** What a provider needs to stream one reply. `model` is the service's own model name. */
export type StreamRequest = {
  model: string;
  messages: ChatTurn[];
  /** The chosen prompt; each provider places it where its API expects. */
  system?: string;
  maxTokens?: number;
  /** Aborting stops the upstream HTTP request; the stream then fails with a `aborted` ProviderError. */
  signal?: AbortSignal;
};

/**
 * A piece of a streamed reply. Text arrives in order; exactly one `usage` event follows the last
 * text when the reply completes. `estimated` is set when the service reported no usage and the
 * figures were derived from text length instead.
 */
export type StreamEvent = { type: "text"; text: string } | { type: "usage"; inputTokens: number; outputTokens: number; estimated?: boolean };

/**
 * The seam every model sits behind. The iterable throws a `ProviderError` on failure; breaking
 * out of the loop early also stops the upstream request.
 */
export interface ModelProvider {
  stream(request: StreamRequest): AsyncIterable<StreamEvent>;
}
