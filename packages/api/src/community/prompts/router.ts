import { promptInputs } from "@parley/contracts";
import { isNewSearch, loadUser, loadViewer, protectedProcedure, rateLimit } from "../../kit/trpc";
import { getPromptById } from "../../conversation/prompts/library";
import { getPromptLinkPath } from "../../conversation/prompts/public-link";
import { getCreatorByHandle } from "../creator/profile";
import { voteCountingOf } from "../post/votes";
import { listPromptAnswers } from "./answers";
import { addPromptComment, deletePromptComment, listPromptComments } from "./comments";
import { discoverPrompts, listCreatorPrompts } from "./discover";
import { savePrompt, setPromptLike, setPromptVisibility } from "./sharing";

/** Prompts among people: publishing, likes, saves, comments, Discover, answers and creator pages. */
export const promptCommunityProcedures = {
  /** Publishing counts with posts for the rate limit; making a prompt private again does not count. */
  setVisibility: protectedProcedure.meta({ rest: { method: "PUT", path: "/prompts/:id/visibility", summary: "Publish the caller's prompt (public or unlisted) or make it private" } })
    .input(promptInputs.setVisibility)
    .use(rateLimit("post", (input) => (input as { visibility?: string }).visibility !== "private"))
    .use(loadUser)
    .mutation(async ({ ctx, input }) => {
      await setPromptVisibility(ctx.db, ctx.user, input.id, input.visibility, input, ctx.now());
      return getPromptById(ctx.db, ctx.user.id, input.id, (id) => getPromptLinkPath(ctx.db, ctx.keys, id));
    }),
  like: protectedProcedure
    .meta({
      rest: [
        { method: "PUT", path: "/prompts/:id/like", summary: "Like a prompt", sets: { liked: true } },
        { method: "DELETE", path: "/prompts/:id/like", summary: "Take back a like of a prompt", sets: { liked: false } },
      ],
    })
    .input(promptInputs.like).use(rateLimit("like")).use(loadUser).mutation(({ ctx, input }) => setPromptLike(ctx.db, ctx.user.id, input.id, input.liked)),
  /** A saved copy is a copy: counted with the other copies. */
  save: protectedProcedure.meta({ rest: { method: "POST", path: "/prompts/:id/save", summary: "Save someone else's prompt into the caller's library (a copy that names its origin)" } })
    .input(promptInputs.save)
    .use(rateLimit("clone"))
    .use(loadUser)
    .mutation(async ({ ctx, input }) => getPromptById(ctx.db, ctx.user.id, await savePrompt(ctx.db, ctx.user.id, input.id, ctx.now()))),
  comments: protectedProcedure.meta({ rest: { method: "GET", path: "/prompts/:id/comments", summary: "A prompt's comments, oldest first" } }).input(promptInputs.comments).use(loadViewer).query(({ ctx, input }) => listPromptComments(ctx.db, ctx.user.id, input.id, input.cursor)),
  comment: protectedProcedure.meta({ rest: { method: "POST", path: "/prompts/:id/comments", summary: "Comment on a prompt" } })
    .input(promptInputs.comment)
    .use(rateLimit("comment"))
    .use(loadUser)
    .mutation(({ ctx, input }) => addPromptComment(ctx.db, ctx.user.id, input.id, input.text, ctx.now())),
  deleteComment: protectedProcedure.meta({ rest: { method: "DELETE", path: "/prompts/comments/:commentId", summary: "Delete one of the caller's own comments on a prompt" } }).input(promptInputs.deleteComment).use(loadUser).mutation(({ ctx, input }) => deletePromptComment(ctx.db, ctx.user.id, input.commentId)),
  discover: protectedProcedure.meta({ rest: { method: "GET", path: "/prompts/discover", summary: "Public prompts, trending or newest first, by category and search words" } })
    .input(promptInputs.discover)
    .use(rateLimit("search", isNewSearch))
    .use(loadViewer)
    .query(({ ctx, input }) => discoverPrompts(ctx.db, input)),
  answers: protectedProcedure.meta({ rest: { method: "GET", path: "/prompts/:id/answers", summary: "The posts and comparisons started from a prompt, grouped by model, with each model's votes" } }).input(promptInputs.answers).use(loadViewer).query(({ ctx, input }) => listPromptAnswers(ctx.db, ctx.user.id, input.id, voteCountingOf(ctx))),
  byCreator: protectedProcedure.meta({ rest: { method: "GET", path: "/user/creator/:handle/prompts", summary: "A creator's public prompts, newest first" } }).input(promptInputs.byCreator).query(async ({ ctx, input }) => {
    const { userId } = await getCreatorByHandle(ctx.db, input.handle);
    return listCreatorPrompts(ctx.db, userId, input.cursor);
  }),
};
