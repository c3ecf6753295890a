import { and, eq, isNotNull, isNull, or } from "drizzle-orm";
import { MODERATION_MESSAGES, PROMPT_MESSAGES, type ReportReason } from "@parley/contracts";
import { chatSessions, comments, contentReports, posts, promptComments, prompts, type Executor } from "@parley/db";
import { AppError } from "../kit/errors";
import { POST_NOT_FOUND, postVisibleTo } from "../community/post/visibility";
import { isSessionReadableBy, SESSION_NOT_FOUND } from "../conversation/chat/sessions";
import { promptVisibleTo } from "../conversation/prompts/present";
import type { ItemRef } from "./input";

export type ReportInput = ItemRef & { reason: ReportReason; details?: string };

/** The author of an item the reporter can see, or a 404 worded like the item's own. */
async function authorOfVisibleItem(db: Executor, reporterId: string, item: ItemRef) {
  if (item.kind === "conversation") {
    const [session] = await db
      .select({ userId: chatSessions.userId, sharedAt: chatSessions.sharedAt, hiddenAt: chatSessions.hiddenAt })
      .from(chatSessions)
      .where(eq(chatSessions.id, item.id))
      .limit(1);
    if (!session || !isSessionReadableBy(session, reporterId)) throw new AppError("NOT_FOUND", SESSION_NOT_FOUND);
    return session.userId;
  }
  if (item.kind === "prompt") {
    // Only a published prompt can be reported: a built-in one is nobody's.
    const [prompt] = await db
      .select({ userId: prompts.userId })
      .from(prompts)
      .where(and(eq(prompts.id, item.id), promptVisibleTo(reporterId), isNotNull(prompts.userId)))
      .limit(1);
    if (!prompt) throw new AppError("NOT_FOUND", PROMPT_MESSAGES.notFound);
    return prompt.userId!;
  }
  if (item.kind === "prompt_comment") {
    // As a post's comment: one the reporter can read (not hidden, unless their own) on a prompt they can see.
    const [comment] = await db
      .select({ userId: promptComments.userId })
      .from(promptComments)
      .innerJoin(prompts, eq(prompts.id, promptComments.promptId))
      .where(and(eq(promptComments.id, item.id), or(isNull(promptComments.hiddenAt), eq(promptComments.userId, reporterId)), promptVisibleTo(reporterId)))
      .limit(1);
    if (!comment) throw new AppError("NOT_FOUND", PROMPT_MESSAGES.commentNotFound);
    return comment.userId;
  }
  if (item.kind === "post") {
    const [post] = await db.select({ userId: posts.userId }).from(posts).where(and(eq(posts.id, item.id), postVisibleTo(reporterId))).limit(1);
    if (!post) throw new AppError("NOT_FOUND", POST_NOT_FOUND);
    return post.userId;
  }
  const [comment] = await db
    .select({ userId: comments.userId })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(and(eq(comments.id, item.id), or(isNull(comments.hiddenAt), eq(comments.userId, reporterId)), postVisibleTo(reporterId)))
    .limit(1);
  if (!comment) throw new AppError("NOT_FOUND", MODERATION_MESSAGES.commentNotFound);
  return comment.userId;
}

/**
 * Files the caller's report of a post, comment, conversation, prompt or prompt's comment they can see (not their own). One open report
 * per person and item, held by a unique index: reporting again, even at the same moment, keeps
 * the first and says `already_reported`.
 */
export async function reportItem(db: Executor, reporterId: string, input: ReportInput, now: Date) {
  const authorId = await authorOfVisibleItem(db, reporterId, input);
  if (authorId === reporterId) throw new AppError("BAD_REQUEST", input.kind === "prompt" ? PROMPT_MESSAGES.ownPromptReport : MODERATION_MESSAGES.ownItem);
  const inserted = await db
    .insert(contentReports)
    .values({
      postId: input.kind === "post" ? input.id : null,
      commentId: input.kind === "comment" ? input.id : null,
      sessionId: input.kind === "conversation" ? input.id : null,
      promptId: input.kind === "prompt" ? input.id : null,
      promptCommentId: input.kind === "prompt_comment" ? input.id : null,
      reporterId,
      reason: input.reason,
      details: input.details ?? null,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: contentReports.id });
  return { reported: true as const, already_reported: inserted.length === 0, message: MODERATION_MESSAGES.reported };
}
