import { creatorInputs } from "@parley/contracts";
import { listRecentPosts } from "../post/posts";
import { loadUser, protectedProcedure, rateLimit, router } from "../../kit/trpc";
import { changeHandle } from "../../account/handles";
import { getCreatorByHandle } from "./profile";

/** Procedures of creator pages: a person's profile and posts by handle, and the caller's own handle. */
export const creatorRouter = router({
  byHandle: protectedProcedure.meta({ rest: { method: "GET", path: "/user/creator/:handle", summary: "A creator's profile by handle" } }).input(creatorInputs.byHandle).query(async ({ ctx, input }) => (await getCreatorByHandle(ctx.db, input.handle)).creator),
  posts: protectedProcedure.meta({ rest: { method: "GET", path: "/user/creator/:handle/posts", summary: "A creator's posts, newest first" } })
    .input(creatorInputs.posts)
    .use(loadUser)
    .query(async ({ ctx, input }) => {
      const { userId } = await getCreatorByHandle(ctx.db, input.handle);
      return listRecentPosts(ctx.db, ctx.user.id, { limit: input.limit, cursor: input.cursor, authorId: userId });
    }),
  me: protectedProcedure.use(loadUser).query(async ({ ctx }) => ({ handle: ctx.user.handle })),
  updateHandle: protectedProcedure.meta({ rest: { method: "POST", path: "/user/handle", summary: "Change the caller's handle" } })
    .input(creatorInputs.updateHandle)
    .use(rateLimit("handle"))
    .use(loadUser)
    .mutation(async ({ ctx, input }) => changeHandle(ctx.db, ctx.user.id, input.handle, ctx.now())),
});
