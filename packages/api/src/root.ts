import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { chatRouter } from "./chat/router";
import { messagesRouter } from "./messages/router";
import { postRouter } from "./post/router";
import { archiveRouter, publicLinkRouter } from "./reach/router";
import { subscriptionRouter } from "./subscription/router";
import { createCallerFactory, router } from "./trpc";
import { userRouter } from "./user/router";

export const appRouter = router({
  user: userRouter,
  subscription: subscriptionRouter,
  chat: chatRouter,
  post: postRouter,
  messages: messagesRouter,
  archive: archiveRouter,
  publicLink: publicLinkRouter,
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** Server-side caller, used by the REST adapter and tests. */
export const createCaller = createCallerFactory(appRouter);
