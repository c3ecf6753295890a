/** Models offered for OpenAI when the configuration names none (names as the OpenAI SDK lists them). */
export const DEFAULT_OPENAI_MODELS = ["gpt-5.4-mini", "gpt-5.4", "gpt-4.1-mini"];

/** Models offered for Anthropic when the configuration names none. */
export const DEFAULT_ANTHROPIC_MODELS = ["claude-sonnet-4-6", "claude-haiku-4-5", "claude-opus-4-6"];

/** Display names for well-known models; any other model shows its own name. */
export const KNOWN_MODEL_NAMES: Record<string, string> = {
  "gpt-5.4": "GPT-5.4",
  "gpt-5.4-mini": "GPT-5.4 mini",
  "gpt-5": "GPT-5",
  "gpt-5-mini": "GPT-5 mini",
  "gpt-4.1": "GPT-4.1",
  "gpt-4.1-mini": "GPT-4.1 mini",
  "gpt-4o": "GPT-4o",
  "gpt-4o-mini": "GPT-4o mini",
  "o3-mini": "o3-mini",
  "o4-mini": "o4-mini",
  "claude-sonnet-4-6": "Claude Sonnet 4.6",
  "claude-sonnet-4-5": "Claude Sonnet 4.5",
  "claude-haiku-4-5": "Claude Haiku 4.5",
  "claude-opus-4-6": "Claude Opus 4.6",
  "claude-opus-4-5": "Claude Opus 4.5",
};

/** The demo model's one catalogue entry: its name says it is offline. */
export const DEMO_MODEL = { version: "parley-demo", name: "Parley Demo (offline)", service: "demo" } as const;
