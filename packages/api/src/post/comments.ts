import { asc, eq, sql } from "drizzle-orm";
import { comments, posts, users, type Database, type Executor } from "@parley/db";
import { AppError } from "../errors";
import { presentAuthor, authorColumns } from "./authors";
import { POST_NOT_FOUND } from "./posts";

/** A post's comments, oldest first. */
export async function listComments(db: Executor, postId: number) {
  const [post] = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, postId)).limit(1);
  if (!post) throw new AppError("NOT_FOUND", POST_NOT_FOUND);
  const rows = await db
    .select({
      id: comments.id,
      content: comments.content,
      createdAt: comments.createdAt,
      ...authorColumns,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.postId, postId))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  return rows.map((row) => ({ id: row.id, ...presentAuthor(row), content: row.content, created_at: row.createdAt.toISOString() }));
}

/** Adds a comment and moves the post's counter in the same transaction. */
export async function addComment(db: Database, userId: string, postId: number, content: string, now: Date) {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(posts)
      .set({ commentCount: sql`${posts.commentCount} + 1` })
      .where(eq(posts.id, postId))
      .returning({ comments: posts.commentCount });
    if (updated.length === 0) throw new AppError("NOT_FOUND", POST_NOT_FOUND);
    const [comment] = await tx.insert(comments).values({ postId, userId, content, createdAt: now }).returning({ id: comments.id });
    return { id: comment!.id, comments: updated[0]!.comments };
  });
}
