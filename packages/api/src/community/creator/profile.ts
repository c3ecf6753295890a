import { and, eq, isNull, sql } from "drizzle-orm";
import { posts, users, type Executor } from "@parley/db";
import { AppError } from "../../kit/errors";
import { presentAuthor, authorColumns } from "../post/authors";
import { listRecentPosts } from "../post/posts";

/** A person's public profile by handle (/u/{handle}): who they are and what their posts earned. */
export async function getCreatorByHandle(db: Executor, handle: string) {
  const [row] = await db
    .select({
      id: users.id,
      ...authorColumns,
    })
    .from(users)
    .where(eq(users.handle, handle))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", `No one has the handle '${handle}'. Check the address.`);
  const [stats] = await db
    .select({
      posts: sql<number>`count(*)::int`,
      likesReceived: sql<number>`coalesce(sum(${posts.likeCount}), 0)::int`,
      forksReceived: sql<number>`coalesce(sum(${posts.forkCount}), 0)::int`,
    })
    .from(posts)
    .where(and(eq(posts.userId, row.id), isNull(posts.hiddenAt)));
  return {
    userId: row.id,
    creator: { ...presentAuthor(row), posts: stats?.posts ?? 0, likes_received: stats?.likesReceived ?? 0, forks_received: stats?.forksReceived ?? 0 },
  };
}

/** A creator's profile by handle, as their page shows it. */
export async function getCreatorProfile(db: Executor, handle: string) {
  const { creator } = await getCreatorByHandle(db, handle);
  return { ...creator, handle };
}

/** A creator's posts by handle, newest first, as `viewerId` sees them. */
export async function listCreatorPosts(db: Executor, viewerId: string, handle: string, page: { limit: number; cursor?: string }) {
  const { userId } = await getCreatorByHandle(db, handle);
  return listRecentPosts(db, viewerId, { limit: page.limit, cursor: page.cursor, authorId: userId });
}
