import { and, eq, sql } from "drizzle-orm";
import { postLikes, posts, type Database, type Executor } from "@parley/db";
import { AppError } from "../../kit/errors";
import { POST_NOT_FOUND, postVisibleTo } from "./visibility";

async function requirePost(db: Executor, postId: number, viewerId: string) {
  const [post] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, postId), postVisibleTo(viewerId)))
    .limit(1);
  if (!post) throw new AppError("NOT_FOUND", POST_NOT_FOUND);
}

/**
 * Likes a post once (the primary key makes a repeat a no-op that says `already_liked`); the
 * counter moves only with the row, in the same transaction.
 */
export async function likePost(db: Database, userId: string, postId: number) {
  return db.transaction(async (tx) => {
    await requirePost(tx, postId, userId);
    const inserted = await tx.insert(postLikes).values({ postId, userId }).onConflictDoNothing().returning({ postId: postLikes.postId });
    if (inserted.length === 0) return { already_liked: true, likes: await countOf(tx, postId) };
    const [post] = await tx
      .update(posts)
      .set({ likeCount: sql`${posts.likeCount} + 1` })
      .where(eq(posts.id, postId))
      .returning({ likes: posts.likeCount });
    return { already_liked: false, likes: post!.likes };
  });
}

/** Removes the caller's like; the counter never goes below zero. */
export async function unlikePost(db: Database, userId: string, postId: number) {
  return db.transaction(async (tx) => {
    await requirePost(tx, postId, userId);
    const deleted = await tx
      .delete(postLikes)
      .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)))
      .returning({ postId: postLikes.postId });
    if (deleted.length === 0) return { unliked: false, likes: await countOf(tx, postId) };
    const [post] = await tx
      .update(posts)
      .set({ likeCount: sql`greatest(0, ${posts.likeCount} - 1)` })
      .where(eq(posts.id, postId))
      .returning({ likes: posts.likeCount });
    return { unliked: true, likes: post!.likes };
  });
}

export async function hasLikedPost(db: Executor, userId: string, postId: number) {
  await requirePost(db, postId, userId);
  const [row] = await db
    .select({ postId: postLikes.postId })
    .from(postLikes)
    .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)))
    .limit(1);
  return { has_liked: row !== undefined };
}

async function countOf(db: Executor, postId: number) {
  const [post] = await db.select({ likes: posts.likeCount }).from(posts).where(eq(posts.id, postId));
  return post?.likes ?? 0;
}
