import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { createContextWith, type Context, type ContextDefaults, type CreateContextInnerOptions } from "../kit/context";
import { createCallerFactory, router } from "../kit/trpc";
import { accounts } from "../account/user/require-user";
import { emptyModelGateway } from "../conversation/chat/model-gateway";
import { columnStops } from "../conversation/chat/compare/stops";
import { admin } from "./admin";
import { archive } from "./archive";
import { chat } from "./chat";
import { creator } from "./creator";
import { messages } from "./messages";
import { post } from "./post";
import { privacy } from "./privacy";
import { prompt } from "./prompt";
import { publicLink } from "./public-link";
import { subscription } from "./subscription";
import { user } from "./user";

// The app's procedures, one namespace per file of this folder (root/<namespace>.ts), each a
// plain record of procedures declared once: REST meta, input, output, guards, one domain call.

export const appRouter = router({ user, subscription, chat, post, messages, archive, publicLink, privacy, creator, prompt, admin });

/**
 * The same procedures without the admin ones: what the host serves to anyone who is not an
 * admin, so an admin path answers exactly like a path that does not exist, whatever the method.
 */
export const nonAdminRouter = router({ user, subscription, chat, post, messages, archive, publicLink, privacy, creator, prompt });

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** tRPC's server-side caller of the app's procedures (createCallerFactory), used by tests. */
export const createCaller = createCallerFactory(appRouter);

/** What the ports of the context are when the host gives none: no models, this process's column stops, the account tables. */
const contextDefaults: ContextDefaults = { models: emptyModelGateway, stops: columnStops, accounts };

/** A procedure's context: built by the host per request; tests call it with a PGlite database and a fake identity. */
export function createContextInner(options: CreateContextInnerOptions): Context {
  return createContextWith(contextDefaults, options);
}
