import { IMPORT_LIMITS, type ExportFormat } from "@parley/contracts";
import type { Database, Executor } from "@parley/db";
import type { PrivacyChoice, PrivacyPerson } from "../account/sharing/privacy-check";
import { tooLarge } from "./import-formats";
import { importConversations } from "./import-store";
import { checkedTranscript } from "./privacy-scan";
import { renderTranscript } from "./transcript";
import { getPostTranscript, getSessionTranscript } from "./transcripts";

/** The caller's conversation as a file (the branch the chat screen shows), through the privacy check as anything leaving. */
export async function exportSessionFile(
  db: Executor,
  user: PrivacyPerson & { id: string },
  sessionId: number,
  choice: PrivacyChoice,
  format: ExportFormat,
  now: Date,
) {
  return renderTranscript(await checkedTranscript(db, user, await getSessionTranscript(db, user.id, sessionId, false), choice), format, now);
}

/** Any post the caller can see, as a file. */
export async function exportPostFile(db: Executor, userId: string, postId: number, format: ExportFormat, now: Date) {
  return renderTranscript(await getPostTranscript(db, userId, postId), format, now);
}

/** A ChatGPT or Claude conversations.json, as its text, imported as conversations of the caller (a file over the limit is a 413). */
export async function importConversationsFile(db: Database, userId: string, file: string, options: { jobId?: string; quotaBytes: number; now: Date }) {
  if (file.length > IMPORT_LIMITS.bytes) throw tooLarge();
  return importConversations(db, userId, file, options);
}
