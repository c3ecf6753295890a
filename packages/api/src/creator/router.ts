import { z } from "zod";
import { handleInput, LIMITS } from "@parley/contracts";
import { listRecentPosts } from "../post/posts";
import { protectedProcedure, router } from "../trpc";
import { requireUser } from "../user/require-user";
import { changeHandle } from "./handles";
import { getCreatorByHandle } from "./profile";

const byHandle = z.object({ handle: handleInput });

/** Procedures of creator pages: a person's profile and posts by handle, and the caller's own handle. */
export const creatorRouter = router({
  byHandle: protectedProcedure.input(byHandle).query(async ({ ctx, input }) => (await getCreatorByHandle(ctx.db, input.handle)).creator),
  posts: protectedProcedure
    .input(byHandle.extend({ limit: z.coerce.number().int().min(1).max(LIMITS.recentPostsMax).optional().default(LIMITS.recentPostsDefault), cursor: z.string().max(80).optional() }))
    .query(async ({ ctx, input }) => {
      const viewer = await requireUser(ctx);
      const { userId } = await getCreatorByHandle(ctx.db, input.handle);
      return listRecentPosts(ctx.db, viewer.id, { limit: input.limit, cursor: input.cursor, authorId: userId });
    }),
  me: protectedProcedure.query(async ({ ctx }) => ({ handle: (await requireUser(ctx)).handle })),
  updateHandle: protectedProcedure
    .input(byHandle)
    .mutation(async ({ ctx, input }) => changeHandle(ctx.db, (await requireUser(ctx)).id, input.handle)),
});
