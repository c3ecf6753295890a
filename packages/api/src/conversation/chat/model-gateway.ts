import {
  createModelRouter,
  listUserModels,
  type CatalogueConfig,
  type CatalogueEntry,
  type KeyPolicy,
  type ModelRoute,
  type RouteProviderOptions,
  type UserKeys,
} from "@parley/ai";

/** The chat domain's view of the model catalogue: what a user may pick, and how to reach it. */
export type ModelGateway = {
  /** Models offered to a user who has (or has not) stored their own OpenAI / Claude key. */
  listForUser: (ownKeys: { openai: boolean; anthropic: boolean }) => CatalogueEntry[];
  resolve: (modelId: string, keys: UserKeys) => ModelRoute | null;
  /** Which keys can pay for a model (null when it is not in the catalogue), before any key is read. */
  keyPolicy: (modelId: string) => KeyPolicy | null;
};

/** A gateway over the configured catalogue; `options` tune the providers (tests shorten waits). */
export function createModelGateway(config: CatalogueConfig, options: RouteProviderOptions = {}): ModelGateway {
  const router = createModelRouter(config, options);
  return {
    // Only the presence of a key matters for what is offered; no key is decrypted for a listing.
    listForUser: (own) => listUserModels(config, { openai: own.openai ? "stored" : null, anthropic: own.anthropic ? "stored" : null }),
    resolve: router.resolve,
    keyPolicy: router.keyPolicy,
  };
}

/** No models at all: the default for contexts that never chat. */
export const emptyModelGateway: ModelGateway = createModelGateway({ demo: false, openai: { models: [] }, anthropic: { models: [] } });
