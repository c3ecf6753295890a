import type OpenAI from "openai";
import type * as OpenAISdk from "openai";
import type { ChatCompletionCreateParamsStreaming, ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { ProviderError } from "./errors";
import { estimateInputTokens, estimateTokens } from "./estimate-tokens";
import { guardStream } from "./guard-stream";
import { mapApiFailure } from "./sdk-error";
import type { ModelProvider, StreamEvent, StreamRequest } from "./types";

/** The official OpenAI endpoint; anything else is an OpenAI-compatible service. */
export const OPENAI_BASE_URL = "https://api.openai.com/v1";

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export type OpenAIProviderOptions = {
  apiKey: string;
  /** Any OpenAI-compatible endpoint (Gemini, Mistral, Groq, Together, OpenRouter, Ollama, vLLM, llama.cpp). */
  baseURL?: string;
  /** Longest wait for the first token and between tokens (default 120 s: reasoning models think first). */
  timeoutMs?: number;
  /** Retries of a failed request before the reply starts (the SDK's backoff; default 1). */
  maxRetries?: number;
  /**
   * How the reply length limit is sent. OpenAI itself wants `max_completion_tokens` (o-series
   * reject `max_tokens`); most compatible servers only know `max_tokens`. Defaults by base URL.
   */
  tokenLimitParam?: "max_tokens" | "max_completion_tokens";
  fetch?: FetchLike;
};

function toMessages(request: StreamRequest): ChatCompletionMessageParam[] {
  const turns: ChatCompletionMessageParam[] = request.messages.map((turn) => ({ role: turn.role, content: turn.content }));
  return request.system ? [{ role: "system", content: request.system }, ...turns] : turns;
}

function isOpenAIItself(baseURL: string): boolean {
  return URL.canParse(baseURL) && new URL(baseURL).hostname === "api.openai.com";
}

/**
 * The SDK, loaded on the first reply through it: a server that never calls an OpenAI-compatible
 * service (the demo model only, or Claude only) starts without its modules' load time and memory.
 */
let sdk: typeof OpenAISdk | undefined;
async function loadSdk() {
  sdk ??= await import("openai");
  return sdk;
}

function mapOpenAIError(error: unknown): ProviderError {
  // No SDK yet means no request was made: the error is ours, from before the call.
  if (!sdk) return new ProviderError("unavailable");
  if (error instanceof sdk.APIConnectionTimeoutError) return new ProviderError("timeout");
  if (error instanceof sdk.APIUserAbortError) return new ProviderError("aborted");
  if (error instanceof sdk.APIConnectionError) return new ProviderError("unavailable");
  if (error instanceof sdk.APIError) return mapApiFailure(error);
  // A connection dropped mid-body surfaces as a fetch TypeError ("terminated").
  return new ProviderError("unavailable");
}

/** A model provider for OpenAI's chat completions API and every service that speaks it. */
export function createOpenAIProvider(options: OpenAIProviderOptions): ModelProvider {
  const baseURL = options.baseURL ?? OPENAI_BASE_URL;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const tokenLimitParam = options.tokenLimitParam ?? (isOpenAIItself(baseURL) ? "max_completion_tokens" : "max_tokens");
  let client: OpenAI | undefined;
  const clientFrom = ({ default: OpenAIClient }: typeof OpenAISdk) =>
    new OpenAIClient({
      apiKey: options.apiKey,
      baseURL,
      // Explicit nulls keep OPENAI_ADMIN_KEY, OPENAI_ORG_ID and OPENAI_PROJECT_ID from the
      // environment out of requests, which may go to a third-party service.
      adminAPIKey: null,
      organization: null,
      project: null,
      webhookSecret: null,
      timeout: timeoutMs,
      maxRetries: options.maxRetries ?? 1,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });

  async function* read(request: StreamRequest, signal: AbortSignal): AsyncGenerator<StreamEvent> {
    client ??= clientFrom(await loadSdk());
    const body: ChatCompletionCreateParamsStreaming = {
      model: request.model,
      messages: toMessages(request),
      stream: true,
      stream_options: { include_usage: true },
      ...(request.maxTokens ? { [tokenLimitParam]: request.maxTokens } : {}),
    };
    const stream = await client.chat.completions.create(body, { signal });
    let finished = false;
    let reply = "";
    let usage: StreamEvent | undefined;
    for await (const chunk of stream) {
      const choice = chunk.choices[0];
      const text = choice?.delta?.content;
      if (text) {
        reply += text;
        yield { type: "text", text };
      }
      if (choice?.finish_reason) finished = true;
      if (chunk.usage) usage = { type: "usage", inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens };
    }
    if (signal.aborted) return;
    // The stream closed without a finish reason: the reply was cut off, not completed.
    if (!finished) throw new ProviderError("unavailable");
    yield usage ?? { type: "usage", inputTokens: estimateInputTokens(request), outputTokens: estimateTokens(reply), estimated: true };
  }

  return {
    stream: (request) =>
      guardStream({
        signal: request.signal,
        idleTimeoutMs: timeoutMs,
        open: (signal) => read(request, signal),
        mapError: mapOpenAIError,
      }),
  };
}
