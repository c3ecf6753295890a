import { z } from "zod";
import { handleInput, LIMITS } from "@parley/contracts";
import { listRecentPosts } from "../post/posts";
import { loadUser, protectedProcedure, router } from "../trpc";
import { changeHandle } from "./handles";
import { getCreatorByHandle } from "./profile";

const byHandle = z.object({ handle: handleInput });

/** Procedures of creator pages: a person's profile and posts by handle, and the caller's own handle. */
export const creatorRouter = router({
  byHandle: protectedProcedure.input(byHandle).query(async ({ ctx, input }) => (await getCreatorByHandle(ctx.db, input.handle)).creator),
  posts: protectedProcedure
    .input(byHandle.extend({ limit: z.coerce.number().int().min(1).max(LIMITS.recentPostsMax).optional().default(LIMITS.recentPostsDefault), cursor: z.string().max(80).optional() }))
    .use(loadUser)
    .query(async ({ ctx, input }) => {
      const { userId } = await getCreatorByHandle(ctx.db, input.handle);
      return listRecentPosts(ctx.db, ctx.user.id, { limit: input.limit, cursor: input.cursor, authorId: userId });
    }),
  me: protectedProcedure.use(loadUser).query(async ({ ctx }) => ({ handle: ctx.user.handle })),
  updateHandle: protectedProcedure
    .input(byHandle)
    .use(loadUser)
    .mutation(async ({ ctx, input }) => changeHandle(ctx.db, ctx.user.id, input.handle)),
});
