import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { createContextWith, type Context, type ContextDefaults, type CreateContextInnerOptions } from "./kit/context";
import { accounts } from "./account/user/require-user";
import { emptyModelGateway } from "./conversation/chat/model-gateway";
import { columnStops } from "./conversation/chat/compare/stops";
import { createCallerFactory, mergeRouters, router } from "./kit/trpc";
import { promptCommunityProcedures } from "./community/prompts/router";
import { promptLibraryProcedures } from "./conversation/prompts/router";
import { promptModerationProcedures } from "./moderation/prompt-router";
import { userRouter } from "./account/user/router";
import { subscriptionRouter } from "./account/subscription/router";
import { chatRouter } from "./conversation/chat/router";
import { messagesRouter } from "./conversation/messages/router";
import { postRouter } from "./community/post/router";
import { verdictsRouter } from "./community/verdicts/router";
import { battleVerdictRouter } from "./community/verdicts/battle-router";
import { chatFromPostRouter } from "./community/post/clone-router";
import { postModerationRouter } from "./moderation/post-router";
import { creatorRouter } from "./community/creator/router";
import { archiveRouter, publicLinkRouter } from "./reach/router";
import { privacyRouter } from "./reach/privacy-router";
import { adminRouter } from "./admin/router";

const everyonesRouters = {
  user: userRouter,
  subscription: subscriptionRouter,
  chat: mergeRouters(chatRouter, chatFromPostRouter, battleVerdictRouter),
  post: mergeRouters(postRouter, verdictsRouter, postModerationRouter),
  messages: messagesRouter,
  archive: archiveRouter,
  publicLink: publicLinkRouter,
  privacy: privacyRouter,
  creator: creatorRouter,
  /** Prompts span layers: the library (conversation), sharing and Discover (community), reports (moderation). */
  prompt: router({ ...promptLibraryProcedures, ...promptCommunityProcedures, ...promptModerationProcedures }),
};

export const appRouter = router({ ...everyonesRouters, admin: adminRouter });

/**
 * The same procedures without the admin ones: what the host serves to anyone who is not an
 * admin, so an admin path answers exactly like a path that does not exist, whatever the method.
 */
export const nonAdminRouter = router(everyonesRouters);

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
