import { z } from "zod";
import { int4Id } from "../input";
import { EXPORT_FORMATS } from "../reach";
import { sessionIdSchema } from "./common";
import { privacyChoiceFields } from "./privacy";

const format = z.enum(EXPORT_FORMATS, { message: `must be one of ${EXPORT_FORMATS.join(", ")}` }).optional().default("md");
const postId = int4Id("a post id");
const token = z.string({ message: "must be the token of a public link" }).max(200, "must be the token of a public link");
const enabled = z.boolean({ message: "must be true or false" });

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

/** Inputs of the public link procedures, by procedure name. */
export const publicLinkInputs = {
  postStatus: z.object({ postId }),
  setPost: z.object({ postId, enabled, listed: z.boolean({ message: "must be true or false" }).optional(), ...privacyChoiceFields }),
  sessionStatus: z.object({ sessionId: sessionIdSchema }),
  setSession: z.object({ sessionId: sessionIdSchema, enabled, ...privacyChoiceFields }),
  post: z.object({ token }),
  session: z.object({ token }),
  sessionShare: z.object({ token }),
  /** A published prompt read through its public link. */
  prompt: z.object({ token }),
} as const;
