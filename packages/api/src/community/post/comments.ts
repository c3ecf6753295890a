import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import { MODERATION_MESSAGES } from "@parley/contracts";
import { comments, posts, users, type Database, type Executor } from "@parley/db";
import { AppError } from "../../kit/errors";
import { answersOfPost, requireAnswer } from "./answers";
import { presentAuthor, authorColumns } from "./authors";
import { getPostById } from "./posts";
import { POST_NOT_FOUND, postVisibleTo } from "./visibility";

/** A comment the viewer may see: one no moderator has hidden, or their own. */
const commentVisibleTo = (viewerId: string) => or(isNull(comments.hiddenAt), eq(comments.userId, viewerId));

async function requireVisiblePost(db: Executor, viewerId: string, postId: number) {
  const [post] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, postId), postVisibleTo(viewerId)))
    .limit(1);
  if (!post) throw new AppError("NOT_FOUND", POST_NOT_FOUND);
}

/**
 * A post's comments as the viewer sees them, oldest first: hidden ones only when they are the
 * viewer's own (marked); a comment on one answer names it (docs/reach.md, 'Links to one answer').
 */
export async function listComments(db: Executor, viewerId: string, postId: number) {
  await requireVisiblePost(db, viewerId, postId);
  const rows = await db
    .select({
      id: comments.id,
      userId: comments.userId,
      content: comments.content,
      answer: comments.answer,
      hiddenAt: comments.hiddenAt,
      createdAt: comments.createdAt,
      ...authorColumns,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(and(eq(comments.postId, postId), commentVisibleTo(viewerId)))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  // Comments on one answer name it as this viewer is shown it (a comparison's label is the viewer's own).
  const labels = rows.some((row) => row.answer !== null)
    ? new Map(answersOfPost(await getPostById(db, viewerId, postId)).map((a) => [a.key, a.label]))
    : new Map<string, string>();
  return rows.map((row) => ({
    id: row.id,
    ...presentAuthor(row),
    content: row.content,
    created_at: row.createdAt.toISOString(),
    is_own: row.userId === viewerId,
    hidden: row.hiddenAt !== null,
    answer: row.answer,
    answer_label: row.answer === null ? null : (labels.get(row.answer) ?? null),
  }));
}

/**
 * Adds a comment and moves the post's counter in the same transaction. `answer` anchors it to
 * one answer of the post (docs/reach.md, 'Links to one answer'): a key the post has no answer
 * for is a 400.
 */
export async function addComment(db: Database, userId: string, postId: number, content: string, now: Date, answer?: string) {
  return db.transaction(async (tx) => {
    if (answer !== undefined) {
      const [post] = await tx
        .select({ messages: posts.messages, comparison: posts.comparison })
        .from(posts)
        .where(and(eq(posts.id, postId), postVisibleTo(userId)))
        .limit(1);
      if (!post) throw new AppError("NOT_FOUND", POST_NOT_FOUND);
      requireAnswer(post, answer);
    }
    const updated = await tx
      .update(posts)
      .set({ commentCount: sql`${posts.commentCount} + 1` })
      .where(and(eq(posts.id, postId), postVisibleTo(userId)))
      .returning({ comments: posts.commentCount });
    if (updated.length === 0) throw new AppError("NOT_FOUND", POST_NOT_FOUND);
    const [comment] = await tx
      .insert(comments)
      .values({ postId, userId, content, answer: answer ?? null, createdAt: now })
      .returning({ id: comments.id });
    return { id: comment!.id, comments: updated[0]!.comments };
  });
}

/**
 * Deletes the caller's own comment; anyone else's is a 404 and stays. The post's counter moves in
 * the same transaction (a hidden comment was already out of it).
 */
export async function deleteComment(db: Database, userId: string, commentId: number) {
  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(comments)
      .where(and(eq(comments.id, commentId), eq(comments.userId, userId)))
      .returning({ postId: comments.postId, hiddenAt: comments.hiddenAt });
    if (!deleted) throw new AppError("NOT_FOUND", MODERATION_MESSAGES.commentNotFound);
    const [post] = deleted.hiddenAt
      ? await tx.select({ comments: posts.commentCount }).from(posts).where(eq(posts.id, deleted.postId))
      : await tx
          .update(posts)
          .set({ commentCount: sql`greatest(0, ${posts.commentCount} - 1)` })
          .where(eq(posts.id, deleted.postId))
          .returning({ comments: posts.commentCount });
    return { deleted: true as const, id: commentId, post_id: deleted.postId, comments: post?.comments ?? 0 };
  });
}
