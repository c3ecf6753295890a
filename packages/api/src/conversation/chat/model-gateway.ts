import { createModelRoutes, listUserModels, type CatalogueConfig, type RouteProviderOptions } from "@parley/ai";
import type { ModelGateway } from "../../kit/ports";

/** A gateway over the configured catalogue; `options` tune the providers (tests shorten waits). */
export function createModelGateway(config: CatalogueConfig, options: RouteProviderOptions = {}): ModelGateway {
  const routes = createModelRoutes(config, options);
  return {
    // Only the presence of a key matters for what is offered; no key is decrypted for a listing.
    listForUser: (own) => listUserModels(config, { openai: own.openai ? "stored" : null, anthropic: own.anthropic ? "stored" : null }),
    resolve: routes.resolve,
    keyPolicy: routes.keyPolicy,
  };
}

/** No models at all: the default for contexts that never chat. */
export const emptyModelGateway: ModelGateway = createModelGateway({ demo: false, openai: { models: [] }, anthropic: { models: [] } });
