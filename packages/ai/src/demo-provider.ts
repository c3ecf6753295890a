import { setTimeout as sleep } from "node:timers/promises";
import { composeDemoReply, chunkReply } from "./demo-reply";
import { ProviderError } from "./errors";
import { estimateInputTokens, estimateTokens } from "./estimate-tokens";
import type { ModelProvider, StreamEvent, StreamRequest } from "./types";

export type DemoProviderOptions = {
  /** Pause between chunks so the reply visibly streams (default 15 ms; 0 in tests). */
  chunkDelayMs?: number;
};

/**
 * The offline demo model: a deterministic, clearly labelled reply streamed in small chunks, so a
 * fresh install works with no key. Usage is estimated from text length (the demo is never charged).
 */
export function createDemoProvider(options: DemoProviderOptions = {}): ModelProvider {
  const chunkDelayMs = options.chunkDelayMs ?? 15;

  async function* stream(request: StreamRequest): AsyncGenerator<StreamEvent> {
    const reply = composeDemoReply(request);
    for (const [index, text] of chunkReply(reply).entries()) {
      if (index > 0 && chunkDelayMs > 0) await sleep(chunkDelayMs, undefined, { signal: request.signal }).catch(() => undefined);
      if (request.signal?.aborted) throw new ProviderError("aborted");
      yield { type: "text", text };
    }
    yield { type: "usage", inputTokens: estimateInputTokens(request), outputTokens: estimateTokens(reply), estimated: true };
  }

  return { stream };
}
