import { ProviderError } from "./errors";
import type { StreamEvent } from "./types";

type GuardOptions = {
  signal: AbortSignal | undefined;
  /** Longest wait for the first event and between two events. */
  idleTimeoutMs: number;
  /** Reads the upstream reply; must stop when `signal` aborts. */
  open: (signal: AbortSignal) => AsyncIterable<StreamEvent>;
  /** Translates an upstream failure; ProviderErrors pass through unchanged. */
  mapError: (error: unknown) => ProviderError;
};

/**
 * Runs one upstream stream with the caller's abort signal and an idle time-out joined into one
 * upstream AbortController, so a Stop, a time-out or a consumer that stops reading all close the
 * HTTP request. The SDKs end their iterators quietly on abort; this turns that into an `aborted`
 * or `timeout` ProviderError so a cut-off reply is never mistaken for a complete one.
 */
export async function* guardStream({ signal, idleTimeoutMs, open, mapError }: GuardOptions): AsyncGenerator<StreamEvent> {
  if (signal?.aborted) throw new ProviderError("aborted");
  const upstream = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      upstream.abort();
    }, idleTimeoutMs);
  };
  const stop = () => upstream.abort();
  signal?.addEventListener("abort", stop, { once: true });
  let completed = false;
  try {
    arm();
    try {
      for await (const event of open(upstream.signal)) {
        // Nothing more after a Stop, even text the SDK had already buffered.
        if (upstream.signal.aborted) break;
        // The idle clock measures the service, not a slow consumer.
        clearTimeout(timer);
        yield event;
        arm();
      }
    } catch (error) {
      if (!upstream.signal.aborted) throw error instanceof ProviderError ? error : mapError(error);
    }
    if (signal?.aborted) throw new ProviderError("aborted");
    if (timedOut) throw new ProviderError("timeout");
    completed = true;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", stop);
    if (!completed) upstream.abort();
  }
}
