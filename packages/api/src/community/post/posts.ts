import { and, eq, isNull, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { FEED_CATEGORY_MATCHES, INT4_MAX, LIMITS, MODERATION_MESSAGES, type FeedCategory, type FeedSort } from "@parley/contracts";
import { chatSessions, postLikes, posts, users, type Database, type Executor } from "@parley/db";
import { AppError } from "../../kit/errors";
import { perDatabase } from "../../kit/per-database";
import type { CheckedTexts } from "../../account/sharing/privacy-check";
import { refuseBlindBattle } from "../../conversation/chat/blind";
import { displayNameOf } from "../../account/display-name";
import { presentAuthor, authorColumns } from "./authors";
import { snapshotOfSession, snapshotTexts, withCheckedTexts } from "./post-snapshot";
import type { PostRow, PublishInput } from "./post-row";
import { POST_NOT_FOUND, postVisibleTo, type ViewerRef } from "./visibility";
import { comparisonSummaryFor, defaultVoteCounting, presentComparisonPost, type VoteCounting } from "./votes";

/** The categories of the post a conversation was forked from, which a post of the fork keeps (none while it is hidden or gone). */
async function originCategories(tx: Executor, postId: number | null) {
  if (postId === null) return [];
  const [origin] = await tx
    .select({ categories: posts.categories })
    .from(posts)
    .where(and(eq(posts.id, postId), isNull(posts.hiddenAt)))
    .limit(1);
  return origin?.categories ?? [];
}

/**
 * Publishes a snapshot of the caller's saved conversation: later edits
 * or deletion of the session leave the post as it was. The post holds the branch the author is on,
 * its texts and its description as the privacy check (`check`, docs/privacy.md: the messages,
 * then the description) lets them leave.
 */
export async function publishSession(
  db: Database,
  userId: string,
  input: PublishInput,
  now: Date,
  check: (tx: Executor, texts: string[]) => Promise<CheckedTexts>,
) {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .select({
        id: chatSessions.id,
        activeEntryId: chatSessions.activeEntryId,
        compareModels: chatSessions.compareModels,
        forkedFromPostId: chatSessions.forkedFromPostId,
        hiddenAt: chatSessions.hiddenAt,
        battle: chatSessions.battle,
      })
      .from(chatSessions)
      .where(and(eq(chatSessions.id, input.sessionId), eq(chatSessions.userId, userId)))
      .limit(1);
    if (!session) throw new AppError("NOT_FOUND", "Conversation not found. Save your conversation first before posting.");
    refuseBlindBattle(session);
    if (session.hiddenAt !== null) throw new AppError("CONFLICT", MODERATION_MESSAGES.conversationHidden);
    const categories = [...new Set([...input.categories, ...(await originCategories(tx, session.forkedFromPostId))])];
    const [author] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    const snapshot = await snapshotOfSession(tx, session, author ? displayNameOf(author) : "User", now);
    // What leaves is what the privacy check let through: the chosen findings as markers. The
    // description leaves too: it is checked after the messages (the last text).
    const checked = await check(tx, [...snapshotTexts(snapshot), input.description]);
    const { messages, comparison, modelVersions } = withCheckedTexts(snapshot, checked);
    // A marker may be longer than what it replaces: the description still fits its column.
    const description = checked.texts.at(-1)!.slice(0, LIMITS.postDescription);
    const [post] = await tx
      .insert(posts)
      .values({ userId, sourceSessionId: session.id, description, categories, modelVersions, messages, comparison, createdAt: now })
      .returning({ id: posts.id });
    return { post_id: post!.id };
  });
}

/** The columns of a post summary and its author. */
export const postColumns = {
  id: posts.id,
  description: posts.description,
  categories: posts.categories,
  modelVersions: posts.modelVersions,
  likeCount: posts.likeCount,
  commentCount: posts.commentCount,
  forkCount: posts.forkCount,
  forkedFromPostId: posts.forkedFromPostId,
  createdAt: posts.createdAt,
  hiddenAt: posts.hiddenAt,
  ...authorColumns,
};

/** A post summary as lists and the post screen show it; a comparison stays blind until the viewer has voted. */
export function presentPost(row: PostRow) {
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
    forks: row.forkCount,
    forked_from_post_id: row.forkedFromPostId,
    /** Only ever true for the post's author: a moderator hid it from everyone else. */
    hidden: row.hiddenAt !== null,
  };
}

/** Whether the viewer likes the post, in the same query as the post. */
export const hasLikedBy = (viewerId: ViewerRef) =>
  sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.userId} = ${viewerId})`.as("has_liked");

/**
 * One post with its conversation (a comparison as the viewer is shown it). A post hidden from the
 * viewer is a 404, unless `seesHidden` (asked only then) says the viewer moderates: an admin
 * opening it from the queue. A comparison's tally is counted by `counting`, the request's rules
 * (readers that show no tally, such as transcripts, may leave the default settings).
 */
export async function getPostById(
  db: Executor,
  viewerId: string,
  postId: number,
  seesHidden?: () => Promise<boolean>,
  counting: VoteCounting = defaultVoteCounting(),
) {
  const read = async (visibility: ReturnType<typeof postVisibleTo> | undefined) =>
    (
      await db
        .select({
          ...postColumns,
          hasLiked: hasLikedBy(viewerId),
          messages: posts.messages,
          userId: posts.userId,
          comparison: posts.comparison,
          shuffleKey: posts.shuffleKey,
        })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.userId))
        .where(and(eq(posts.id, postId), visibility))
        .limit(1)
    )[0];
  const row = (await read(postVisibleTo(viewerId))) ?? (seesHidden && (await seesHidden()) ? await read(undefined) : undefined);
  if (!row) throw new AppError("NOT_FOUND", POST_NOT_FOUND);
  if (row.comparison) return presentComparisonPost(db, viewerId, row, row.comparison, presentPost, counting);
  return { ...presentPost(row), messages: row.messages, comparison: null };
}

export type RecentPostsQuery = {
  limit: number;
  category?: FeedCategory;
  sort?: FeedSort;
  /** Only this person's posts (their creator page). */
  authorId?: string;
  cursor?: string;
};

/** The posts a feed category shows (FEED_CATEGORY_MATCHES), on the categories' GIN index. */
function categoryCondition(category: FeedCategory | undefined) {
  if (!category) return undefined;
  const matches = FEED_CATEGORY_MATCHES[category];
  if (matches === "all") return undefined;
  return sql`${posts.categories} && array[${sql.join(
    matches.map((c) => sql`${c}`),
    sql`, `,
  )}]::text[]`;
}

/** Descending in the indexes' order (DESC NULLS LAST); the columns are never null. */
const newestFirst = (column: AnyPgColumn) => sql`${column} desc nulls last`;

const CURSOR_MESSAGE = "cursor: must be the next_cursor of a previous page of the same list";

/** What a page of the feed is asked with, for the query prepared for its shape. */
type FeedValues = { viewer: string; limit: number; author?: string; afterKey?: string | number; afterId?: number };

const feedQueriesOf = perDatabase(() => new Map<string, ReturnType<typeof buildFeedQuery>>());

/**
 * The feed's query for one shape (sort, category, cursor or not, one author or not), built once
 * per database and run with placeholders: building a query with Drizzle costs more CPU than
 * PostgreSQL spends answering this one.
 */
function buildFeedQuery(db: Executor, popular: boolean, category: FeedCategory | undefined, paged: boolean, byAuthor: boolean) {
  // A row comparison, which PostgreSQL turns into a start position in the index (an OR of the
  // two conditions would make it read every newer post first).
  const after = !paged
    ? undefined
    : popular
      ? sql`(${posts.hotScore}, ${posts.id}) < (${sql.placeholder("afterKey")}::float8, ${sql.placeholder("afterId")}::int)`
      : sql`(${posts.createdAt}, ${posts.id}) < (${sql.placeholder("afterKey")}::timestamptz, ${sql.placeholder("afterId")}::int)`;
  const viewer = sql.placeholder("viewer");
  const conditions = [postVisibleTo(viewer), categoryCondition(category), byAuthor ? eq(posts.userId, sql.placeholder("author")) : undefined, after].filter(
    (c) => c !== undefined,
  );
  return (
    db
      .select({ ...postColumns, hasLiked: hasLikedBy(viewer), ...comparisonSummaryFor(viewer), hotScore: posts.hotScore })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .where(and(...conditions))
      // "nulls last" as the indexes are built, so PostgreSQL reads the index instead of sorting every post.
      .orderBy(...(popular ? [newestFirst(posts.hotScore), newestFirst(posts.id)] : [newestFirst(posts.createdAt), newestFirst(posts.id)]))
      .limit(sql.placeholder("limit"))
      .prepare(`feed_${popular ? "popular" : "latest"}_${category ?? "all"}_${paged ? "after" : "first"}_${byAuthor ? "author" : "all"}`)
  );
}

/** The cursor's position in the list's order, or a 400 for anything that is not a next_cursor of it. */
function parseCursor(cursor: string, popular: boolean): { afterKey: string | number; afterId: number } {
  const [key, id] = cursor.split("_") as [string, string | undefined];
  const afterId = Number(id);
  if (!id || !/^\d{1,10}$/.test(id) || afterId > INT4_MAX) throw new AppError("BAD_REQUEST", CURSOR_MESSAGE);
  if (popular) {
    const score = Number(key);
    if (!/^-?\d+(\.\d+)?(e-?\d+)?$/.test(key) || !Number.isFinite(score)) throw new AppError("BAD_REQUEST", CURSOR_MESSAGE);
    return { afterKey: score, afterId };
  }
  const createdAt = new Date(key);
  if (!/^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(key) || Number.isNaN(createdAt.getTime())) throw new AppError("BAD_REQUEST", CURSOR_MESSAGE);
  return { afterKey: createdAt.toISOString(), afterId };
}

/**
 * The feed: summaries without the conversations, the viewer's like in
 * the same query, keyset-paginated on an index: 'latest' by (created_at, id), 'popular' by the
 * stored (hot_score, id), so a page never repeats or skips a post when new ones arrive.
 */
export async function listRecentPosts(db: Executor, viewerId: string, query: RecentPostsQuery) {
  const popular = query.sort === "popular";
  const values: FeedValues = { viewer: viewerId, limit: query.limit, ...(query.cursor ? parseCursor(query.cursor, popular) : {}) };
  if (query.authorId) values.author = query.authorId;
  const shape = `${popular}:${query.category ?? ""}:${Boolean(query.cursor)}:${Boolean(query.authorId)}`;
  const prepared = feedQueriesOf(db);
  let feed = prepared.get(shape);
  if (!feed) prepared.set(shape, (feed = buildFeedQuery(db, popular, query.category, Boolean(query.cursor), Boolean(query.authorId))));
  const rows = await feed.execute(values);
  const items = rows.map(presentPost);
  const last = rows.at(-1);
  return {
    posts: items,
    next_cursor: last && rows.length === query.limit ? `${popular ? String(last.hotScore) : last.createdAt.toISOString()}_${last.id}` : null,
  };
}

/** Deletes the caller's own post; anyone else's is a 404 and stays. */
export async function deletePost(db: Executor, userId: string, postId: number) {
  const deleted = await db
    .delete(posts)
    .where(and(eq(posts.id, postId), eq(posts.userId, userId)))
    .returning({ id: posts.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND", POST_NOT_FOUND);
  return { deleted: true as const, id: postId };
}
