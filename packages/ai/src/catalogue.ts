import { DEFAULT_ANTHROPIC_MODELS, DEFAULT_OPENAI_MODELS, DEMO_MODEL, KNOWN_MODEL_NAMES } from "./catalogue-defaults";

/** A model of a service: its API name, optionally with a display name. */
export type ModelSpec = string | { version: string; name?: string };

/** OpenAI or Anthropic. Without `models` the defaults are offered; `[]` offers none. */
export type ServiceConfig = { apiKey?: string; baseURL?: string; models?: ModelSpec[] };

/** Any service that speaks OpenAI's chat completions API. `id` becomes the entries' service. */
export type CompatibleServiceConfig = { id: string; name: string; baseURL: string; apiKey?: string; models: ModelSpec[] };

/** Everything the catalogue is built from: the config file plus environment, read once at boot. */
export type CatalogueConfig = {
  openai?: ServiceConfig;
  anthropic?: ServiceConfig;
  compatible?: CompatibleServiceConfig[];
  /** A local Ollama found at start-up: its origin (e.g. http://127.0.0.1:11434) and model names. */
  ollama?: { baseURL: string; models: string[] };
  demo: boolean;
};

/** A row of the `models` table and a model option of the chat. `baseUrl` is set for compatible services. */
export type CatalogueEntry = { id: string; name: string; version: string; service: string; baseUrl: string | null };

const BUILT_IN_SERVICES = new Set(["openai", "anthropic", "ollama", "demo"]);
const SERVICE_ID = /^[a-z][a-z0-9-]{0,31}$/;

/** The configuration cannot make a catalogue (a bad or duplicate service id); stops start-up. */
export class CatalogueConfigError extends Error {
  override name = "CatalogueConfigError";
}

/** Ollama serves the OpenAI wire format under /v1 of its origin. */
export function ollamaChatBaseURL(origin: string): string {
  return `${origin.replace(/\/+$/, "")}/v1`;
}

function toEntries(service: string, specs: ModelSpec[], baseUrl: string | null): CatalogueEntry[] {
  const seen = new Set<string>();
  const entries: CatalogueEntry[] = [];
  for (const spec of specs) {
    const version = typeof spec === "string" ? spec : spec.version;
    if (!version || seen.has(version)) continue;
    seen.add(version);
    const name = (typeof spec === "string" ? undefined : spec.name) ?? KNOWN_MODEL_NAMES[version] ?? version;
    entries.push({ id: `${service}:${version}`, name, version, service, baseUrl });
  }
  return entries;
}

function checkServiceIds(compatible: CompatibleServiceConfig[]): void {
  const seen = new Set<string>();
  for (const { id } of compatible) {
    if (!SERVICE_ID.test(id)) throw new CatalogueConfigError(`Model service id "${id}" must be lower-case letters, digits and dashes.`);
    if (BUILT_IN_SERVICES.has(id)) throw new CatalogueConfigError(`Model service id "${id}" is reserved for a built-in service.`);
    if (seen.has(id)) throw new CatalogueConfigError(`Model service id "${id}" is configured twice.`);
    seen.add(id);
  }
}

/**
 * The whole catalogue, in the order the dropdown offers it: OpenAI, Anthropic, compatible
 * services (config order), Ollama, and the demo last so a real model is selected first.
 * Ids are stable (`service:version`). Which entries a user may use is `listUserModels`.
 */
export function buildCatalogue(config: CatalogueConfig): CatalogueEntry[] {
  const compatible = config.compatible ?? [];
  checkServiceIds(compatible);
  const ollamaNames = config.ollama?.models.map((version) => ({ version, name: version.replace(/:latest$/, "") }));
  return [
    ...toEntries("openai", config.openai?.models ?? DEFAULT_OPENAI_MODELS, null),
    ...toEntries("anthropic", config.anthropic?.models ?? DEFAULT_ANTHROPIC_MODELS, null),
    ...compatible.flatMap((service) => toEntries(service.id, service.models, service.baseURL)),
    ...(config.ollama && ollamaNames ? toEntries("ollama", ollamaNames, ollamaChatBaseURL(config.ollama.baseURL)) : []),
    ...(config.demo ? toEntries(DEMO_MODEL.service, [{ version: DEMO_MODEL.version, name: DEMO_MODEL.name }], null) : []),
  ];
}
