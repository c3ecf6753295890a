import type { CatalogueConfig } from "@parley/ai";
import type { Config } from "../config";

/**
 * The model catalogue's configuration from the environment and MODELS_FILE. `ollama` is what
 * start-up discovery found at OLLAMA_BASE_URL (omitted when nothing answered).
 */
export function catalogueConfigFrom(config: Config, ollama?: { baseURL: string; models: string[] }): CatalogueConfig {
  return {
    openai: { apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, models: config.OPENAI_MODELS },
    anthropic: { apiKey: config.ANTHROPIC_API_KEY, baseURL: config.ANTHROPIC_BASE_URL, models: config.ANTHROPIC_MODELS },
    compatible: config.modelsFile.services,
    ollama: ollama && ollama.models.length > 0 ? ollama : undefined,
    demo: config.DEMO_MODEL,
  };
}
