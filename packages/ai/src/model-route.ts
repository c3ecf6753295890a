import { ANTHROPIC_BASE_URL, createAnthropicProvider } from "./anthropic-provider";
import { buildCatalogue, ollamaChatBaseURL, type CatalogueConfig, type CatalogueEntry } from "./catalogue";
import { createDemoProvider } from "./demo-provider";
import { createOpenAIProvider, OPENAI_BASE_URL, type FetchLike } from "./openai-provider";
import type { ModelProvider } from "./types";

/** A user's own keys from the API Keys tab, decrypted. */
export type UserKeys = { openai?: string | null; anthropic?: string | null };

/** Whose key pays: the user's own (recorded, not charged), the platform's (charged), or nobody's (demo). */
export type KeySource = "user" | "platform" | "free";

/** How one model is reached for one user. The key stays inside `provider`, so a route is safe to log. */
export type ModelRoute = {
  entry: CatalogueEntry;
  keySource: KeySource;
  /** Where requests go; always from the server's configuration, never from a user or a stored row. */
  baseURL: string | null;
  provider: ModelProvider;
};

/** Options for the providers a route builds; tests shorten waits here. */
export type RouteProviderOptions = { timeoutMs?: number; maxRetries?: number; fetch?: FetchLike; demoChunkDelayMs?: number };

type RoutePlan = { protocol: "openai" | "anthropic" | "demo"; baseURL: string | null; apiKey: string | null; keySource: KeySource };

/** Keyless local servers (Ollama, vLLM, llama.cpp) ignore the key, but the SDK requires one. */
const NO_KEY = "none";

function usableKey(key: string | null | undefined): string | undefined {
  const trimmed = key?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * Decides who serves an entry. Each key is read from its own service's section only: a user's
 * OpenAI key can reach nothing but the configured OpenAI base URL, and a compatible service only
 * ever gets its own configured key. Null means the model is not offered to this user.
 */
function planRoute(config: CatalogueConfig, entry: CatalogueEntry, userKeys: UserKeys): RoutePlan | null {
  if (entry.service === "openai" || entry.service === "anthropic") {
    const section = config[entry.service];
    const userKey = usableKey(userKeys[entry.service]);
    const apiKey = userKey ?? usableKey(section?.apiKey);
    if (!apiKey) return null;
    const baseURL = section?.baseURL ?? (entry.service === "openai" ? OPENAI_BASE_URL : ANTHROPIC_BASE_URL);
    return { protocol: entry.service, baseURL, apiKey, keySource: userKey ? "user" : "platform" };
  }
  if (entry.service === "demo") return config.demo ? { protocol: "demo", baseURL: null, apiKey: null, keySource: "free" } : null;
  if (entry.service === "ollama") {
    // A local model costs the platform nothing, so it is not charged to anyone's allowance.
    return config.ollama ? { protocol: "openai", baseURL: ollamaChatBaseURL(config.ollama.baseURL), apiKey: null, keySource: "free" } : null;
  }
  const service = config.compatible?.find((candidate) => candidate.id === entry.service);
  if (!service) return null;
  // A keyless compatible service is a local server (vLLM, llama.cpp): free like Ollama.
  const apiKey = usableKey(service.apiKey) ?? null;
  return { protocol: "openai", baseURL: service.baseURL, apiKey, keySource: apiKey ? "platform" : "free" };
}

/** The models offered to a user: those whose service has a usable key for them. */
export function listUserModels(config: CatalogueConfig, userKeys: UserKeys): CatalogueEntry[] {
  return buildCatalogue(config).filter((entry) => planRoute(config, entry, userKeys) !== null);
}

function createProvider(plan: RoutePlan, options: RouteProviderOptions): ModelProvider {
  if (plan.protocol === "demo") return createDemoProvider({ chunkDelayMs: options.demoChunkDelayMs });
  const common = {
    apiKey: plan.apiKey ?? NO_KEY,
    baseURL: plan.baseURL ?? undefined,
    timeoutMs: options.timeoutMs,
    maxRetries: options.maxRetries,
    fetch: options.fetch,
  };
  return plan.protocol === "anthropic" ? createAnthropicProvider(common) : createOpenAIProvider(common);
}

/**
 * Which keys can pay for a model, known before any key is read: `ownKey` names the service whose
 * user key takes precedence (OpenAI and Claude only), `platformKey` says whether the server holds
 * a key for it (the user's allowance is then charged). Neither means the model is free. `service`
 * is the catalogue entry's service, as the usage ledger records it.
 */
export type KeyPolicy = { ownKey: "openai" | "anthropic" | null; platformKey: boolean; service: string };

export type ModelRoutes = {
  /** How a model is reached for one user, or null when it is not offered to them. */
  resolve: (modelId: string, userKeys: UserKeys) => ModelRoute | null;
  /** The model's key policy, or null when the id is not in the catalogue. */
  keyPolicy: (modelId: string) => KeyPolicy | null;
};

/**
 * The model routes: how each model id reaches its provider. Ids are looked up in the catalogue built from configuration,
 * so a stored or submitted value can never choose the destination. Providers on the server's own
 * keys (or none) are built once and reused, keeping their connections warm; a provider on a
 * user's own key is built for its one request, so no user key outlives it.
 */
export function createModelRoutes(config: CatalogueConfig, options: RouteProviderOptions = {}): ModelRoutes {
  const entries = new Map(buildCatalogue(config).map((entry) => [entry.id, entry]));
  const shared = new Map<string, ModelProvider>();
  const sharedProvider = (plan: RoutePlan) => {
    const key = JSON.stringify([plan.protocol, plan.baseURL, plan.apiKey]);
    let provider = shared.get(key);
    if (!provider) shared.set(key, (provider = createProvider(plan, options)));
    return provider;
  };
  return {
    resolve(modelId, userKeys) {
      const entry = entries.get(modelId);
      const plan = entry ? planRoute(config, entry, userKeys) : null;
      if (!entry || !plan) return null;
      const provider = plan.keySource === "user" ? createProvider(plan, options) : sharedProvider(plan);
      return { entry, keySource: plan.keySource, baseURL: plan.baseURL, provider };
    },
    keyPolicy(modelId) {
      const entry = entries.get(modelId);
      if (!entry) return null;
      if (entry.service === "openai" || entry.service === "anthropic") {
        return { ownKey: entry.service, platformKey: usableKey(config[entry.service]?.apiKey) !== undefined, service: entry.service };
      }
      const plan = planRoute(config, entry, {});
      return plan ? { ownKey: null, platformKey: plan.keySource === "platform", service: entry.service } : null;
    },
  };
}

/** One lookup of `createModelRoutes` (which see), building nothing to reuse. */
export function resolveModelRoute(config: CatalogueConfig, modelId: string, userKeys: UserKeys, options: RouteProviderOptions = {}): ModelRoute | null {
  return createModelRoutes(config, options).resolve(modelId, userKeys);
}
