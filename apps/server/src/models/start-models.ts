import { buildCatalogue, discoverOllamaModels } from "@parley/ai";
import { BUILTIN_PROMPTS, createModelGateway, syncBuiltinPrompts, syncModelCatalogue, type ModelGateway } from "@parley/api";
import type { Database } from "@parley/db";
import type { Config } from "../config";
import { catalogueConfigFrom } from "./catalogue-config";

/** How long start-up waits for a local Ollama to answer. */
const OLLAMA_DISCOVERY_MS = 1500;

/**
 * Start-up for chat: finds a local Ollama, stores the catalogue and the built-in prompts, and
 * returns the gateway requests use with the ids it offers.
 */
export async function startModels(config: Config, db: Database): Promise<{ gateway: ModelGateway; modelIds: string[] }> {
  const baseURL = config.OLLAMA_BASE_URL;
  const ollamaModels = await discoverOllamaModels(baseURL, { timeoutMs: OLLAMA_DISCOVERY_MS });
  const catalogueConfig = catalogueConfigFrom(config, { baseURL, models: ollamaModels });
  const catalogue = buildCatalogue(catalogueConfig);
  await syncModelCatalogue(db, catalogue);
  await syncBuiltinPrompts(db, [...BUILTIN_PROMPTS, ...config.modelsFile.prompts]);
  return { gateway: createModelGateway(catalogueConfig), modelIds: catalogue.map((m) => m.id) };
}
