import { MODERATION_MESSAGES, type ReportReason } from "@parley/contracts";
import { contentReports, type Executor } from "@parley/db";
import { AppError } from "../kit/errors";
import type { ItemRef } from "./input";
import { MODERATED_KINDS, reportColumnsFor } from "./kinds";

export type ReportInput = ItemRef & { reason: ReportReason; details?: string };

/**
 * Files the caller's report of a post, comment, conversation, prompt or prompt's comment they can see (not their own). One open report
 * per person and item, held by a unique index: reporting again, even at the same moment, keeps
 * the first and says `already_reported`.
 */
export async function reportItem(db: Executor, reporterId: string, input: ReportInput, now: Date) {
  const kind = MODERATED_KINDS[input.kind];
  const authorId = await kind.authorVisibleTo(db, reporterId, input.id);
  if (authorId === reporterId) throw new AppError("BAD_REQUEST", kind.ownReport);
  const inserted = await db
    .insert(contentReports)
    .values({
      ...reportColumnsFor(input),
      reporterId,
      reason: input.reason,
      details: input.details ?? null,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: contentReports.id });
  return { reported: true as const, already_reported: inserted.length === 0, message: MODERATION_MESSAGES.reported };
}
