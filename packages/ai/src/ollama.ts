import type { FetchLike } from "./openai-provider";

/** The default address of a local Ollama. */
export const OLLAMA_BASE_URL = "http://127.0.0.1:11434";

export type DiscoverOllamaOptions = { timeoutMs?: number; fetch?: FetchLike };

/**
 * The model names a local Ollama offers (GET /api/tags), sorted, or [] when nothing answers
 * within the time-out or the answer is not Ollama's: start-up must not wait on an absent Ollama.
 * `baseUrl` is the origin; a trailing /v1 (the OpenAI-compatible path) is tolerated.
 */
export async function discoverOllamaModels(baseUrl: string, options: DiscoverOllamaOptions = {}): Promise<string[]> {
  const origin = baseUrl.replace(/\/+$/, "").replace(/\/v1$/, "");
  const fetchFn = options.fetch ?? fetch;
  try {
    const response = await fetchFn(`${origin}/api/tags`, { signal: AbortSignal.timeout(options.timeoutMs ?? 1500) });
    if (!response.ok) return [];
    const body = (await response.json()) as { models?: { name?: unknown }[] };
    if (!Array.isArray(body.models)) return [];
    const names = body.models.map((model) => model.name).filter((name): name is string => typeof name === "string" && name !== "");
    return [...new Set(names)].sort();
  } catch {
    // Not running, refused, timed out or not JSON: all mean "no local Ollama".
    return [];
  }
}
