export type { ChatTurn, ModelProvider, StreamEvent, StreamRequest } from "./types";
export { ProviderError, type ProviderErrorKind } from "./errors";
export { createOpenAIProvider, OPENAI_BASE_URL, type FetchLike, type OpenAIProviderOptions } from "./openai-provider";
export { ANTHROPIC_BASE_URL, createAnthropicProvider, type AnthropicProviderOptions } from "./anthropic-provider";
export { createDemoProvider, type DemoProviderOptions } from "./demo-provider";
