/** Token counts a fake reports; when a scenario gives none they are estimated from text length. */
export type FakeUsage = { inputTokens: number; outputTokens: number };

/**
 * How a fake provider server answers the next requests:
 * - `reply`: the text in `chunks`, streamed (or as one JSON body when the request is not
 *   streaming), with `firstTokenDelayMs` before the first chunk and `chunkDelayMs` between chunks;
 * - `http-error`: the status with the provider's error JSON, before any stream starts;
 * - `drop`: streams `afterChunks` chunks, then destroys the connection;
 * - `error-event`: streams `afterChunks` chunks, then an error inside the stream (Anthropic's
 *   `event: error`, OpenAI's `data: {"error": …}`) and a clean end.
 */
export type FakeScenario =
  | { type: "reply"; chunks?: string[]; usage?: FakeUsage; firstTokenDelayMs?: number; chunkDelayMs?: number }
  | { type: "http-error"; status: number; message?: string }
  | { type: "drop"; chunks?: string[]; afterChunks: number }
  | { type: "error-event"; chunks?: string[]; afterChunks: number; errorType?: string; message?: string };

/** One request as the fake received it. `clientClosed` turns true when the client hung up mid-answer. */
export type RecordedRequest = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  clientClosed: boolean;
};

export type FakeServerOptions = {
  scenario?: FakeScenario;
  /** When set, any other key is refused with 401, as the real service would. */
  apiKey?: string;
  /** Answers cross-origin requests from any page (for a benchmark run in a browser). */
  cors?: boolean;
};

export type FakeServer = {
  /** The origin, e.g. http://127.0.0.1:40123. */
  url: string;
  /** What to pass to the SDK as its base URL (OpenAI's includes /v1, Anthropic's does not). */
  baseURL: string;
  requests: RecordedRequest[];
  setScenario(scenario: FakeScenario): void;
  close(): Promise<void>;
};

export const DEFAULT_CHUNKS = ["Hello", " from", " the fake", " model."];

/** The scenario's text chunks, or the default reply. */
export function chunksOf(scenario: FakeScenario): string[] {
  return ("chunks" in scenario && scenario.chunks) || DEFAULT_CHUNKS;
}

/** Usage for a reply: the scenario's, or estimated at four characters per token. */
export function usageOf(scenario: FakeScenario, requestBody: unknown): FakeUsage {
  if (scenario.type === "reply" && scenario.usage) return scenario.usage;
  return {
    inputTokens: Math.ceil(JSON.stringify(requestBody ?? "").length / 4),
    outputTokens: Math.ceil(chunksOf(scenario).join("").length / 4),
  };
}
