import type Anthropic from "@anthropic-ai/sdk";
import type * as AnthropicSdk from "@anthropic-ai/sdk";
import type { MessageCreateParamsStreaming } from "@anthropic-ai/sdk/resources/messages";
import { shapeAnthropicTurns } from "./anthropic-turns";
import { ProviderError } from "./errors";
import { guardStream } from "./guard-stream";
import type { FetchLike } from "./openai-provider";
import { mapApiFailure } from "./sdk-error";
import type { ModelProvider, StreamEvent, StreamRequest } from "./types";

export const ANTHROPIC_BASE_URL = "https://api.anthropic.com";

/** The Messages API requires a reply limit; this one suits a chat answer. */
const DEFAULT_MAX_TOKENS = 4096;

export type AnthropicProviderOptions = {
  apiKey: string;
  baseURL?: string;
  /** Longest wait for the first token and between tokens (default 120 s). */
  timeoutMs?: number;
  /** Retries of a failed request before the reply starts (the SDK's backoff; default 1). */
  maxRetries?: number;
  fetch?: FetchLike;
};

/** The SDK, loaded on the first reply through it (see openai-provider.ts). */
let sdk: typeof AnthropicSdk | undefined;
async function loadSdk() {
  sdk ??= await import("@anthropic-ai/sdk");
  return sdk;
}

function mapAnthropicError(error: unknown): ProviderError {
  if (!sdk) return new ProviderError("unavailable");
  if (error instanceof sdk.APIConnectionTimeoutError) return new ProviderError("timeout");
  if (error instanceof sdk.APIUserAbortError) return new ProviderError("aborted");
  if (error instanceof sdk.APIConnectionError) return new ProviderError("unavailable");
  if (error instanceof sdk.APIError) return mapApiFailure(error);
  return new ProviderError("unavailable");
}

type Usage = { input_tokens: number | null; output_tokens: number; cache_creation_input_tokens: number | null; cache_read_input_tokens: number | null };

/** Anthropic counts cached prompt tokens apart from `input_tokens`; all of them were sent. */
function inputTokensOf(usage: Usage): number {
  return (usage.input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0);
}

/** A model provider for Anthropic's Messages API. */
export function createAnthropicProvider(options: AnthropicProviderOptions): ModelProvider {
  const timeoutMs = options.timeoutMs ?? 120_000;
  let client: Anthropic | undefined;
  const clientFrom = ({ default: AnthropicClient }: typeof AnthropicSdk) =>
    new AnthropicClient({
      apiKey: options.apiKey,
      // Always explicit, so ANTHROPIC_BASE_URL in the environment can never redirect a key.
      baseURL: options.baseURL ?? ANTHROPIC_BASE_URL,
      timeout: timeoutMs,
      maxRetries: options.maxRetries ?? 1,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });

  async function* read(request: StreamRequest, signal: AbortSignal): AsyncGenerator<StreamEvent> {
    client ??= clientFrom(await loadSdk());
    const body: MessageCreateParamsStreaming = {
      model: request.model,
      max_tokens: request.maxTokens ?? DEFAULT_MAX_TOKENS,
      messages: shapeAnthropicTurns(request.messages),
      stream: true,
      ...(request.system ? { system: request.system } : {}),
    };
    const stream = await client.messages.create(body, { signal });
    let inputTokens = 0;
    let outputTokens = 0;
    let stopped = false;
    for await (const event of stream) {
      if (event.type === "message_start") {
        inputTokens = inputTokensOf(event.message.usage);
        outputTokens = event.message.usage.output_tokens;
      } else if (event.type === "content_block_delta" && event.delta.type === "text_delta") {
        yield { type: "text", text: event.delta.text };
      } else if (event.type === "message_delta") {
        // message_delta usage is cumulative; input counts appear there only on some models.
        inputTokens = Math.max(inputTokens, inputTokensOf(event.usage));
        outputTokens = event.usage.output_tokens;
      } else if (event.type === "message_stop") {
        stopped = true;
      }
    }
    if (signal.aborted) return;
    // The stream closed without message_stop: the reply was cut off, not completed.
    if (!stopped) throw new ProviderError("unavailable");
    yield { type: "usage", inputTokens, outputTokens };
  }

  return {
    stream: (request) =>
      guardStream({
        signal: request.signal,
        idleTimeoutMs: timeoutMs,
        open: (signal) => read(request, signal),
        mapError: mapAnthropicError,
      }),
  };
}
