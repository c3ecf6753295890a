import { creatorInputs } from "@parley/contracts";
import { listRecentPosts } from "../post/posts";
import { loadUser, protectedProcedure, rateLimit, router } from "../../kit/trpc";
import { changeHandle } from "../../account/handles";
import { getCreatorByHandle } from "./profile";

/** Procedures of creator pages: a person's profile and posts by handle, and the caller's own handle. */
export const creatorRouter = router({
  byHandle: protectedProcedure.input(creatorInputs.byHandle).query(async ({ ctx, input }) => (await getCreatorByHandle(ctx.db, input.handle)).creator),
  posts: protectedProcedure
    .input(creatorInputs.posts)
    .use(loadUser)
    .query(async ({ ctx, input }) => {
      const { userId } = await getCreatorByHandle(ctx.db, input.handle);
      return listRecentPosts(ctx.db, ctx.user.id, { limit: input.limit, cursor: input.cursor, authorId: userId });
    }),
  me: protectedProcedure.use(loadUser).query(async ({ ctx }) => ({ handle: ctx.user.handle })),
  updateHandle: protectedProcedure
    .input(creatorInputs.updateHandle)
    .use(rateLimit("handle"))
    .use(loadUser)
    .mutation(async ({ ctx, input }) => changeHandle(ctx.db, ctx.user.id, input.handle, ctx.now())),
});
