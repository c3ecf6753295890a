import type { TRPCRouterRecord } from "@trpc/server";
import { archiveInputs, archiveOutputs } from "@parley/contracts";
import { answer } from "../kit/answers";
import { loadUser, protectedProcedure, rateLimit } from "../kit/trpc";
import { exportPostFile, exportSessionFile, importConversationsFile } from "../reach/archive";
import { getImportProgress } from "../reach/import-store";

/** The `archive` namespace: downloads and imports of conversations (Markdown and JSON out; ChatGPT and Claude exports in). */
export const archive = {
  /** The caller's conversation as a file (the branch the chat screen shows). */
  exportSession: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/chat/export/:sessionId",
        summary: "Download one of the caller's conversations as Markdown or JSON",
        download: true,
      },
    })
    .input(archiveInputs.exportSession)
    .output(answer(archiveOutputs.exportSession))
    .use(rateLimit("export"))
    .use(loadUser)
    .query(({ ctx, input }) => exportSessionFile(ctx.db, ctx.user, input.sessionId, input, input.format, ctx.now())),
  /** Any post the caller can see, as a file. */
  exportPost: protectedProcedure
    .meta({ rest: { method: "GET", path: "/post/export/:postId", summary: "Download a post as Markdown or JSON", download: true } })
    .input(archiveInputs.exportPost)
    .output(answer(archiveOutputs.exportPost))
    .use(rateLimit("export"))
    .use(loadUser)
    .query(({ ctx, input }) => exportPostFile(ctx.db, ctx.user.id, input.postId, input.format, ctx.now())),
  /** A ChatGPT or Claude conversations.json, as its text, becomes conversations of the caller. */
  import: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/chat/import",
        summary: "Import a ChatGPT or Claude conversations.json as the caller's conversations (the file as text/plain, the export's array, or { file, jobId })",
        description:
          "Send a jobId (a UUID you pick; in the query with a text/plain file or the array) to follow the import's progress at GET " +
          "/chat/import/{jobId} while it runs.",
      },
    })
    .input(archiveInputs.import)
    .output(answer(archiveOutputs.import))
    .use(rateLimit("post"))
    .use(loadUser)
    .mutation(({ ctx, input }) =>
      importConversationsFile(ctx.db, ctx.user.id, input.file, { jobId: input.jobId, quotaBytes: ctx.storageQuotaBytes, now: ctx.now() }),
    ),
  /** How far one of the caller's imports got (while it runs, and after). */
  importProgress: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/chat/import/:jobId",
        summary: "How far one of the caller's imports got: the import id is the one sent as jobId (query or body), or the job_id of its answer",
      },
    })
    .input(archiveInputs.importProgress)
    .output(answer(archiveOutputs.importProgress))
    .use(loadUser)
    .query(({ ctx, input }) => getImportProgress(ctx.db, ctx.user.id, input.jobId)),
} satisfies TRPCRouterRecord;
