import { archiveInputs, IMPORT_LIMITS, publicLinkInputs } from "@parley/contracts";
import { loadUser, protectedProcedure, publicProcedure, rateLimit, router } from "../kit/trpc";
import { getImportProgress, importConversations } from "./import-store";
import { tooLarge } from "./import-formats";
import { getPostLinkStatus, getPublicPost, getPublicSession, getPublicSessionShare, getSessionLinkStatus, setPostLink, setSessionLink } from "./public-links";
import { renderTranscript } from "./transcript";
import { getPostTranscript, getSessionTranscript } from "./transcripts";

/** Downloads and imports of conversations (Markdown and JSON out; ChatGPT and Claude exports in). */
export const archiveRouter = router({
  /** The caller's conversation as a file (the branch the chat screen shows). */
  exportSession: protectedProcedure
    .input(archiveInputs.exportSession)
    .use(rateLimit("export"))
    .use(loadUser)
    .query(async ({ ctx, input }) => renderTranscript(await getSessionTranscript(ctx.db, ctx.user.id, input.sessionId, false), input.format, ctx.now())),
  /** Any post the caller can see, as a file. */
  exportPost: protectedProcedure
    .input(archiveInputs.exportPost)
    .use(rateLimit("export"))
    .use(loadUser)
    .query(async ({ ctx, input }) => renderTranscript(await getPostTranscript(ctx.db, ctx.user.id, input.postId), input.format, ctx.now())),
  /** A ChatGPT or Claude conversations.json, as its text, becomes conversations of the caller. */
  import: protectedProcedure
    .input(archiveInputs.import)
    .use(rateLimit("post"))
    .use(loadUser)
    .mutation(async ({ ctx, input }) => {
      if (input.file.length > IMPORT_LIMITS.bytes) throw tooLarge();
      return importConversations(ctx.db, ctx.user.id, input.file, { jobId: input.jobId, quotaBytes: ctx.storageQuotaBytes, now: ctx.now() });
    }),
  /** How far one of the caller's imports got (while it runs, and after). */
  importProgress: protectedProcedure
    .input(archiveInputs.importProgress)
    .use(loadUser)
    .query(async ({ ctx, input }) => getImportProgress(ctx.db, ctx.user.id, input.jobId)),
});

/** 'Anyone with the link' addresses of posts and shared conversations, and reading through them. */
export const publicLinkRouter = router({
  postStatus: protectedProcedure.input(publicLinkInputs.postStatus).use(loadUser).query(async ({ ctx, input }) => getPostLinkStatus(ctx.db, ctx.keys, ctx.user.id, input.postId)),
  setPost: protectedProcedure
    .input(publicLinkInputs.setPost)
    .use(rateLimit("share"))
    .use(loadUser)
    .mutation(async ({ ctx, input }) => setPostLink(ctx.db, ctx.keys, ctx.user.id, input.postId, input)),
  sessionStatus: protectedProcedure
    .input(publicLinkInputs.sessionStatus)
    .use(loadUser)
    .query(async ({ ctx, input }) => getSessionLinkStatus(ctx.db, ctx.keys, ctx.user.id, input.sessionId)),
  setSession: protectedProcedure
    .input(publicLinkInputs.setSession)
    .use(rateLimit("share"))
    .use(loadUser)
    .mutation(async ({ ctx, input }) => setSessionLink(ctx.db, ctx.keys, ctx.user.id, input.sessionId, input, ctx.now())),
  /** A public post, readable without signing in. */
  post: publicProcedure.input(publicLinkInputs.post).query(({ ctx, input }) => getPublicPost(ctx.db, input.token)),
  /** A public conversation, readable without signing in. */
  session: publicProcedure.input(publicLinkInputs.session).query(({ ctx, input }) => getPublicSession(ctx.db, input.token)),
  /** For a signed-in reader of a public conversation (set up or not yet): the share to continue from and clone. */
  sessionShare: protectedProcedure.input(publicLinkInputs.sessionShare).query(({ ctx, input }) => getPublicSessionShare(ctx.db, input.token)),
});
