import { z } from "zod";
import { int4Id } from "../input";
import { EXPORT_FORMATS } from "../reach";
import { sessionIdSchema } from "./common";
import { privacyChoiceFields } from "./privacy";
import { downloadFile } from "./shapes";

const format = z
  .enum(EXPORT_FORMATS, { message: `must be one of ${EXPORT_FORMATS.join(", ")}` })
  .optional()
  .default("md");
const postId = int4Id("a post id");

/** The id of an import, picked by the client to follow its progress. */
const importJobId = z.uuid({ message: "must be an import id (a UUID)" });

/** Inputs of the download and import procedures, by procedure name. */
export const archiveInputs = {
  exportSession: z.object({ sessionId: sessionIdSchema, format, ...privacyChoiceFields }),
  exportPost: z.object({ postId, format }),
  import: z.object({
    file: z.string({ message: "must be the text of the export file (conversations.json)" }),
    /** An id the client picks (a UUID) to follow the import's progress while it runs. */
    jobId: importJobId.optional(),
  }),
  importProgress: z.object({ jobId: importJobId }),
} as const;

/** Answers of the download and import procedures, by procedure name. */
export const archiveOutputs = {
  exportSession: downloadFile("The file: Markdown (text/markdown) or JSON (application/json), sent as an attachment"),
  exportPost: downloadFile("The file: Markdown (text/markdown) or JSON (application/json), sent as an attachment"),
  import: z.object({
    source: z.enum(["chatgpt", "claude"]),
    job_id: z.string().describe("The import's id: its progress reads at GET /chat/import/{jobId}"),
    imported: z.number().int(),
    exchanges: z.number().int(),
    sessions: z.array(z.object({ id: z.number().int(), description: z.string(), exchanges: z.number().int() })),
  }),
  importProgress: z.object({
    job_id: z.string(),
    status: z.enum(["running", "done", "failed"]).describe("'failed': nothing of the import was kept"),
    conversations_done: z.number().int(),
    conversations_total: z.number().int(),
    exchanges_done: z.number().int(),
    exchanges_total: z.number().int(),
  }),
} as const;
