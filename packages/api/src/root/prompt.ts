import type { TRPCRouterRecord } from "@trpc/server";
import { promptInputs, promptOutputs } from "@parley/contracts";
import { answer } from "../kit/answers";
import { isNewSearch, loadUser, loadViewer, protectedProcedure, rateLimit } from "../kit/trpc";
import { deletePrompt, exportPromptLibrary, importPromptLibrary, listPromptLibrary, listPromptVersions } from "../conversation/prompts/library";
import { createPromptPage, readPromptPage, restorePromptVersionPage, setPromptLinkPage, updatePromptPage } from "../conversation/prompts/pages";
import { listPromptAnswers } from "../community/prompts/answers";
import { addPromptComment, deletePromptComment, listPromptComments } from "../community/prompts/comments";
import { discoverPrompts, listCreatorPromptsByHandle } from "../community/prompts/discover";
import { savePromptPage, setPromptLike, setPromptVisibilityPage } from "../community/prompts/sharing";
import { reportItem } from "../moderation/reports";

/**
 * The `prompt` namespace: the caller's library (its versions, its file, a prompt's page and
 * public link), prompts among people (publishing, likes, saves, comments, Discover, answers,
 * creator pages) and reports of prompts to the moderators.
 */
export const prompt = {
  library: protectedProcedure
    .meta({ rest: { method: "GET", path: "/prompts", summary: "The caller's prompt library (own and saved), last changed first; `q` searches it" } })
    .input(promptInputs.library)
    .output(answer(promptOutputs.library))
    .use(rateLimit("search", isNewSearch))
    .use(loadViewer)
    .query(({ ctx, input }) => listPromptLibrary(ctx.db, ctx.user.id, input)),
  get: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/prompts/:id",
        summary: "A prompt's page: its text, variables, counts and lineage; `key` opens an unlisted prompt by its address",
      },
    })
    .input(promptInputs.get)
    .output(answer(promptOutputs.get))
    .use(loadViewer)
    .query(({ ctx, input }) => readPromptPage(ctx.db, ctx.keys, ctx.user.id, input.id, input.key)),
  create: protectedProcedure
    .meta({ rest: { method: "POST", path: "/prompts", summary: "Write a prompt (private until published)" } })
    .input(promptInputs.create)
    .output(answer(promptOutputs.create))
    .use(rateLimit("prompt"))
    .use(loadUser)
    .mutation(({ ctx, input }) => createPromptPage(ctx.db, ctx.user.id, input, ctx.now())),
  update: protectedProcedure
    .meta({ rest: { method: "PATCH", path: "/prompts/:id", summary: "Change the caller's prompt; a changed name or text keeps the earlier one as a version" } })
    .input(promptInputs.update)
    .output(answer(promptOutputs.update))
    .use(rateLimit("prompt"))
    .use(loadUser)
    .mutation(({ ctx, input }) => updatePromptPage(ctx.db, ctx.keys, ctx.user, input.id, input, ctx.now())),
  remove: protectedProcedure
    .meta({ rest: { method: "DELETE", path: "/prompts/:id", summary: "Delete the caller's prompt" } })
    .input(promptInputs.remove)
    .output(answer(promptOutputs.remove))
    .use(loadUser)
    .mutation(({ ctx, input }) => deletePrompt(ctx.db, ctx.user.id, input.id)),
  versions: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/prompts/:id/versions",
        summary: "The kept versions of the caller's prompt, newest first, in pages (`cursor`: the nextCursor of the page before)",
      },
    })
    .input(promptInputs.versions)
    .output(answer(promptOutputs.versions))
    .use(loadViewer)
    .query(({ ctx, input }) => listPromptVersions(ctx.db, ctx.user.id, input.id, input.cursor)),
  restore: protectedProcedure
    .meta({ rest: { method: "POST", path: "/prompts/:id/versions/:version/restore", summary: "Make an earlier version current again, as a new version" } })
    .input(promptInputs.restore)
    .output(answer(promptOutputs.restore))
    .use(rateLimit("prompt"))
    .use(loadUser)
    .mutation(({ ctx, input }) => restorePromptVersionPage(ctx.db, ctx.keys, ctx.user, input.id, input.version, ctx.now())),
  /** A public link is a new public address: counted with sharing changes. */
  setPublicLink: protectedProcedure
    .meta({ rest: { method: "PUT", path: "/prompts/:id/public-link", summary: "Turn the public link of the caller's published prompt on or off" } })
    .input(promptInputs.setPublicLink)
    .output(answer(promptOutputs.setPublicLink))
    .use(rateLimit("share"))
    .use(loadUser)
    .mutation(({ ctx, input }) => setPromptLinkPage(ctx.db, ctx.keys, ctx.user, input.id, input.enabled, input, ctx.now())),
  exportLibrary: protectedProcedure
    .meta({ rest: { method: "GET", path: "/prompts/export", summary: "The caller's prompt library as a file (format parley.prompts, docs/prompts.md)" } })
    .output(answer(promptOutputs.exportLibrary))
    .use(loadViewer)
    .query(({ ctx }) => exportPromptLibrary(ctx.db, ctx.user.id)),
  importLibrary: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/prompts/import",
        summary: "Add a library file's prompts to the caller's library, all or nothing (docs/prompts.md)",
      },
    })
    .input(promptInputs.importLibrary)
    .output(answer(promptOutputs.importLibrary))
    .use(rateLimit("post"))
    .use(loadUser)
    .mutation(({ ctx, input }) => importPromptLibrary(ctx.db, ctx.user.id, input, ctx.now())),
  /** Publishing counts with posts for the rate limit; making a prompt private again does not count. */
  setVisibility: protectedProcedure
    .meta({ rest: { method: "PUT", path: "/prompts/:id/visibility", summary: "Publish the caller's prompt (public or unlisted) or make it private" } })
    .input(promptInputs.setVisibility)
    .output(answer(promptOutputs.setVisibility))
    .use(rateLimit("post", (input) => (input as { visibility?: string }).visibility !== "private"))
    .use(loadUser)
    .mutation(({ ctx, input }) => setPromptVisibilityPage(ctx.db, ctx.keys, ctx.user, input.id, input.visibility, input, ctx.now())),
  like: protectedProcedure
    .meta({
      rest: [
        { method: "PUT", path: "/prompts/:id/like", summary: "Like a prompt", sets: { liked: true } },
        { method: "DELETE", path: "/prompts/:id/like", summary: "Take back a like of a prompt", sets: { liked: false } },
      ],
    })
    .input(promptInputs.like)
    .output(answer(promptOutputs.like))
    .use(rateLimit("like"))
    .use(loadUser)
    .mutation(({ ctx, input }) => setPromptLike(ctx.db, ctx.user.id, input.id, input.liked)),
  /** A saved copy is a copy: counted with the other copies. */
  save: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/prompts/:id/save",
        summary: "Save someone else's prompt into the caller's library (a copy that names its origin)",
      },
    })
    .input(promptInputs.save)
    .output(answer(promptOutputs.save))
    .use(rateLimit("clone"))
    .use(loadUser)
    .mutation(({ ctx, input }) => savePromptPage(ctx.db, ctx.user.id, input.id, ctx.now())),
  comments: protectedProcedure
    .meta({ rest: { method: "GET", path: "/prompts/:id/comments", summary: "A prompt's comments, oldest first" } })
    .input(promptInputs.comments)
    .output(answer(promptOutputs.comments))
    .use(loadViewer)
    .query(({ ctx, input }) => listPromptComments(ctx.db, ctx.user.id, input.id, input.cursor)),
  comment: protectedProcedure
    .meta({ rest: { method: "POST", path: "/prompts/:id/comments", summary: "Comment on a prompt" } })
    .input(promptInputs.comment)
    .output(answer(promptOutputs.comment))
    .use(rateLimit("comment"))
    .use(loadUser)
    .mutation(({ ctx, input }) => addPromptComment(ctx.db, ctx.user.id, input.id, input.text, ctx.now())),
  deleteComment: protectedProcedure
    .meta({ rest: { method: "DELETE", path: "/prompts/comments/:commentId", summary: "Delete one of the caller's own comments on a prompt" } })
    .input(promptInputs.deleteComment)
    .output(answer(promptOutputs.deleteComment))
    .use(loadUser)
    .mutation(({ ctx, input }) => deletePromptComment(ctx.db, ctx.user.id, input.commentId)),
  discover: protectedProcedure
    .meta({ rest: { method: "GET", path: "/prompts/discover", summary: "Public prompts, trending or newest first, by category and search words" } })
    .input(promptInputs.discover)
    .output(answer(promptOutputs.discover))
    .use(rateLimit("search", isNewSearch))
    .use(loadViewer)
    .query(({ ctx, input }) => discoverPrompts(ctx.db, input)),
  answers: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/prompts/:id/answers",
        summary: "The posts and comparisons started from a prompt, grouped by model, with each model's votes",
      },
    })
    .input(promptInputs.answers)
    .output(answer(promptOutputs.answers))
    .use(loadViewer)
    .query(({ ctx, input }) => listPromptAnswers(ctx.db, ctx.user.id, input.id)),
  byCreator: protectedProcedure
    .meta({ rest: { method: "GET", path: "/user/creator/:handle/prompts", summary: "A creator's public prompts, newest first" } })
    .input(promptInputs.byCreator)
    .output(answer(promptOutputs.byCreator))
    .query(({ ctx, input }) => listCreatorPromptsByHandle(ctx.db, input.handle, input.cursor)),
  /** Reports count with comments for the rate limit: the queue takes prompts as it takes posts and comments. */
  report: protectedProcedure
    .meta({ rest: { method: "POST", path: "/prompts/:id/report", summary: "Report a prompt to the moderators (one open report per person and prompt)" } })
    .input(promptInputs.report)
    .output(answer(promptOutputs.report))
    .use(rateLimit("comment"))
    .use(loadUser)
    .mutation(({ ctx, input }) => reportItem(ctx.db, ctx.user.id, { kind: "prompt", id: input.id, reason: input.reason, details: input.details }, ctx.now())),
  /** Reports a comment on a prompt, as a post's comment is reported. */
  reportComment: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/prompts/comments/:commentId/report",
        summary: "Report a comment on a prompt to the moderators (one open report per person and comment)",
      },
    })
    .input(promptInputs.reportComment)
    .output(answer(promptOutputs.reportComment))
    .use(rateLimit("comment"))
    .use(loadUser)
    .mutation(({ ctx, input }) =>
      reportItem(ctx.db, ctx.user.id, { kind: "prompt_comment", id: input.commentId, reason: input.reason, details: input.details }, ctx.now()),
    ),
} satisfies TRPCRouterRecord;
