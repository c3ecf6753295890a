import type { TRPCRouterRecord } from "@trpc/server";
import { creatorInputs, creatorOutputs } from "@parley/contracts";
import { answer } from "../kit/answers";
import { loadUser, protectedProcedure, rateLimit } from "../kit/trpc";
import { changeHandle, ownHandleOf } from "../account/handles";
import { getCreatorProfile, listCreatorPosts } from "../community/creator/profile";

/** The `creator` namespace: a person's profile and posts by handle, and the caller's own handle. */
export const creator = {
  byHandle: protectedProcedure
    .meta({ rest: { method: "GET", path: "/user/creator/:handle", summary: "A creator's profile by handle" } })
    .input(creatorInputs.byHandle)
    .output(answer(creatorOutputs.byHandle))
    .query(({ ctx, input }) => getCreatorProfile(ctx.db, input.handle)),
  posts: protectedProcedure
    .meta({ rest: { method: "GET", path: "/user/creator/:handle/posts", summary: "A creator's posts, newest first" } })
    .input(creatorInputs.posts)
    .output(answer(creatorOutputs.posts))
    .use(loadUser)
    .query(({ ctx, input }) => listCreatorPosts(ctx.db, ctx.user.id, input.handle, input)),
  me: protectedProcedure
    .output(answer(creatorOutputs.me))
    .use(loadUser)
    .query(({ ctx }) => ownHandleOf(ctx.user)),
  updateHandle: protectedProcedure
    .meta({ rest: { method: "POST", path: "/user/handle", summary: "Change the caller's handle" } })
    .input(creatorInputs.updateHandle)
    .output(answer(creatorOutputs.updateHandle))
    .use(rateLimit("handle"))
    .use(loadUser)
    .mutation(({ ctx, input }) => changeHandle(ctx.db, ctx.user.id, input.handle, ctx.now())),
} satisfies TRPCRouterRecord;
