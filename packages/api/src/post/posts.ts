import { and, desc, eq, lt, or, sql } from "drizzle-orm";
import { chatEntries, chatSessions, models, postLikes, posts, users, type Database, type Executor, type PostMessage } from "@parley/db";
import { AppError } from "../errors";
import { branchOf } from "../chat/branches";
import { displayNameOf } from "../chat/display-name";
import { presentAuthor, type AuthorRow } from "./authors";
import { insertComparisonPost } from "./comparison-post";
import { comparisonSummaryFor, presentComparisonPost } from "./votes";

export const POST_NOT_FOUND = "Post not found. It may have been removed.";

export type PublishInput = { sessionId: number; description: string; categories: string[] };

/**
 * Publishes a snapshot of the caller's saved conversation (spec §7 post/postChat): later edits
 * or deletion of the session leave the post as it was. The post holds the branch the author is on.
 */
export async function publishSession(db: Database, userId: string, input: PublishInput, now: Date) {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .select({ id: chatSessions.id, activeEntryId: chatSessions.activeEntryId, compareModels: chatSessions.compareModels })
      .from(chatSessions)
      .where(and(eq(chatSessions.id, input.sessionId), eq(chatSessions.userId, userId)))
      .limit(1);
    if (!session) throw new AppError("NOT_FOUND", "Conversation not found. Save your conversation first before posting.");
    const [author] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    if (session.compareModels) {
      return insertComparisonPost(tx, { userId, sessionId: session.id, modelIds: session.compareModels, author: author ? displayNameOf(author) : "User", input, now });
    }
    const all = await tx
      .select({
        id: chatEntries.id,
        parentEntryId: chatEntries.parentEntryId,
        status: chatEntries.status,
        message: chatEntries.messageContent,
        response: chatEntries.responseContent,
        authorName: chatEntries.authorName,
        createdAt: chatEntries.createdAt,
        modelName: models.name,
        modelVersion: models.version,
      })
      .from(chatEntries)
      .leftJoin(models, eq(models.id, chatEntries.modelId))
      .where(eq(chatEntries.sessionId, session.id))
      .orderBy(chatEntries.createdAt, chatEntries.id);
    // The post snapshots the branch the author is on, its complete exchanges only.
    const entries = branchOf(all, session.activeEntryId).filter((entry) => entry.status === "complete");
    if (entries.length === 0) throw new AppError("BAD_REQUEST", "This conversation has no complete reply yet: send a message first.");
    const username = author ? displayNameOf(author) : "User";
    const messages: PostMessage[] = entries.flatMap((entry) => [
      { isUser: true, model_name: null, user: entry.authorName ?? username, content: entry.message, timestamp: entry.createdAt.toISOString() },
      { isUser: false, model_name: entry.modelName ?? "AI", user: null, content: entry.response, timestamp: entry.createdAt.toISOString() },
    ]);
    const modelVersions = [...new Set(entries.map((e) => e.modelVersion).filter((v): v is string => Boolean(v)))];
    const [post] = await tx
      .insert(posts)
      .values({
        userId,
        sourceSessionId: session.id,
        description: input.description,
        categories: [...new Set(input.categories)],
        modelVersions,
        messages,
        createdAt: now,
      })
      .returning({ id: posts.id });
    return { post_id: post!.id };
  });
}

const postColumns = {
  id: posts.id,
  description: posts.description,
  categories: posts.categories,
  modelVersions: posts.modelVersions,
  likeCount: posts.likeCount,
  commentCount: posts.commentCount,
  createdAt: posts.createdAt,
  subject: users.subject,
  nickname: users.nickname,
  name: users.name,
  email: users.email,
  picture: users.picture,
};

export type PostRow = AuthorRow & {
  id: number;
  description: string;
  categories: string[];
  modelVersions: string[];
  likeCount: number;
  commentCount: number;
  createdAt: Date;
  hasLiked: boolean;
  /** For a comparison post: how many models it compares, and whether the viewer may see which. */
  compareCount?: number | null;
  revealed?: boolean;
};

function presentPost(row: PostRow) {
  const blind = row.compareCount != null && !row.revealed;
  return {
    id: row.id,
    ...presentAuthor(row),
    description: row.description,
    categories: row.categories,
    // A comparison's models stay hidden from a viewer who has not voted on it yet.
    model_versions: blind ? [] : row.modelVersions,
    compare_models: row.compareCount ?? null,
    created_at: row.createdAt.toISOString(),
    likes: row.likeCount,
    comments: row.commentCount,
    has_liked: row.hasLiked,
  };
}

/** Whether the viewer likes the post, in the same query as the post. */
const hasLikedBy = (viewerId: string) =>
  sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.userId} = ${viewerId})`.as("has_liked");

/** One post with its conversation (spec §2 post screen). */
export async function getPostById(db: Executor, viewerId: string, postId: number) {
  const [row] = await db
    .select({ ...postColumns, hasLiked: hasLikedBy(viewerId), messages: posts.messages, userId: posts.userId, comparison: posts.comparison })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(eq(posts.id, postId))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", POST_NOT_FOUND);
  if (row.comparison) return presentComparisonPost(db, viewerId, row, row.comparison, presentPost);
  return { ...presentPost(row), messages: row.messages, comparison: null };
}

export type RecentPostsQuery = { limit: number; category?: string; before?: { createdAt: Date; id: number } };

/**
 * The feed (spec §7 getRecentPosts): newest first, summaries without the conversations, the
 * viewer's like in the same query, keyset-paginated by (created_at, id) on its index.
 */
export async function listRecentPosts(db: Executor, viewerId: string, query: RecentPostsQuery) {
  const conditions = [
    query.category ? sql`${posts.categories} @> array[${query.category}]::text[]` : undefined,
    query.before
      ? or(lt(posts.createdAt, query.before.createdAt), and(eq(posts.createdAt, query.before.createdAt), lt(posts.id, query.before.id)))
      : undefined,
  ].filter((c) => c !== undefined);
  const rows = await db
    .select({ ...postColumns, hasLiked: hasLikedBy(viewerId), ...comparisonSummaryFor(viewerId) })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(query.limit);
  const items = rows.map(presentPost);
  const last = rows.at(-1);
  return {
    posts: items,
    next_cursor: last && rows.length === query.limit ? `${last.createdAt.toISOString()}_${last.id}` : null,
  };
}

/** Deletes the caller's own post; anyone else's is a 404 and stays (DESIGN.md departures). */
export async function deletePost(db: Executor, userId: string, postId: number) {
  const deleted = await db
    .delete(posts)
    .where(and(eq(posts.id, postId), eq(posts.userId, userId)))
    .returning({ id: posts.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND", POST_NOT_FOUND);
  return { deleted: true as const, id: postId };
}
