export type { ChatTurn, ModelProvider, StreamEvent, StreamRequest } from "./types";
export { ProviderError, type ProviderErrorKind } from "./errors";
export { createOpenAIProvider, OPENAI_BASE_URL, type FetchLike, type OpenAIProviderOptions } from "./openai-provider";
export { ANTHROPIC_BASE_URL, createAnthropicProvider, type AnthropicProviderOptions } from "./anthropic-provider";
export { createDemoProvider, type DemoProviderOptions } from "./demo-provider";
export { CHARS_PER_TOKEN, countCharacters, estimateInputTokens, estimateTokens, REQUEST_OVERHEAD_TOKENS } from "./estimate-tokens";
export { DEFAULT_ANTHROPIC_MODELS, DEFAULT_OPENAI_MODELS, DEMO_MODEL } from "./catalogue-defaults";
export {
  buildCatalogue,
  CatalogueConfigError,
  ollamaChatBaseURL,
  type CatalogueConfig,
  type CatalogueEntry,
  type CompatibleServiceConfig,
  type ModelSpec,
  type ServiceConfig,
} from "./catalogue";
export {
  createModelRoutes,
  listUserModels,
  resolveModelRoute,
  type KeyPolicy,
  type KeySource,
  type ModelRoute,
  type ModelRoutes,
  type RouteProviderOptions,
  type UserKeys,
} from "./model-route";
export { discoverOllamaModels, OLLAMA_BASE_URL, type DiscoverOllamaOptions } from "./ollama";
