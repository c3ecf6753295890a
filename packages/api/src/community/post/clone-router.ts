import { chatInputs } from "@parley/contracts";
import { loadUser, protectedProcedure, rateLimit, router } from "../../kit/trpc";
import { usableModelIds } from "../../conversation/chat/options";
import { clonePostIntoSession } from "./clone";

/**
 * The `chat` namespace's procedure that starts a conversation from a community post: it lives
 * with the posts it reads, and root.ts merges it into `chat`.
 */
export const chatFromPostRouter = router({
  /** Copies a community post's conversation into a new session. */
  clonePost: protectedProcedure
    .input(chatInputs.clonePost)
    .use(rateLimit("clone"))
    .use(loadUser)
    .mutation(async ({ ctx, input }) => clonePostIntoSession(ctx.db, ctx.user.id, input.postId, ctx.now(), () => usableModelIds(ctx, ctx.user.id))),
});
