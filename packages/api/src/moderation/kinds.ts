import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { MODERATION_MESSAGES, PROMPT_MESSAGES } from "@parley/contracts";
import { chatSessions, comments, contentReports, posts, promptComments, prompts, users, type Executor } from "@parley/db";
import { AppError } from "../kit/errors";
import { authorColumns, presentAuthor } from "../community/post/authors";
import { POST_NOT_FOUND, postVisibleTo } from "../community/post/visibility";
import { isSessionReadableBy, SESSION_NOT_FOUND } from "../conversation/chat/sessions";
import { promptVisibleTo } from "../conversation/prompts/present";
import type { ItemKind } from "./input";
import { setPromptHidden } from "./prompt-copies";

/** Characters of an item's text shown in the queue. */
const EXCERPT = 280;

/** One item as moderators read it, whatever its kind. */
export type Described = {
  post_id: number | null;
  prompt_id: number | null;
  excerpt: string;
  author: ReturnType<typeof presentAuthor>;
  hidden: boolean;
  created_at: string;
};

type ItemRow = Parameters<typeof presentAuthor>[0] & { id: number; hiddenAt: Date | null; createdAt: Date };

const described = (row: ItemRow, where: { postId?: number | null; promptId?: number | null }, text: string): Described => ({
  post_id: where.postId ?? null,
  prompt_id: where.promptId ?? null,
  excerpt: text.slice(0, EXCERPT),
  author: presentAuthor(row),
  hidden: row.hiddenAt !== null,
  created_at: row.createdAt.toISOString(),
});

/** The columns of content_reports that name a report's item: one per kind, one of them set per report. */
export const REPORT_ITEM_COLUMNS = {
  postId: contentReports.postId,
  commentId: contentReports.commentId,
  sessionId: contentReports.sessionId,
  promptId: contentReports.promptId,
  promptCommentId: contentReports.promptCommentId,
} as const;
type ReportKey = keyof typeof REPORT_ITEM_COLUMNS;

/** What moderation knows of one kind of item: the same steps for every kind, each written once here. */
export type ModeratedKind = {
  /** The report's column naming an item of this kind. */
  report: ReportKey;
  /** The item's id column (its table is what an item of this kind is looked up in). */
  id: typeof posts.id | typeof comments.id | typeof chatSessions.id | typeof prompts.id | typeof promptComments.id;
  /** The items with these ids as moderators read them, by id. */
  describe(db: Executor, ids: number[]): Promise<Map<number, Described>>;
  /** The hidden ones, most recently hidden first, `limit` at most, that the queue's 'hidden' view lists under this kind. */
  hidden(db: Executor, limit: number): Promise<{ id: number; at: Date | null }[]>;
  /** Hides or restores one (and what goes with it); answers whether it changed. */
  setHidden(tx: Executor, id: number, hidden: boolean, now: Date): Promise<boolean>;
  /** The author of one the reporter can see, or a 404 worded like the item's own. */
  authorVisibleTo(db: Executor, reporterId: string, id: number): Promise<string>;
  /** Why its author may not report it. */
  ownReport: string;
};

/** Hides or restores one row of `table` (by its id column) if it is not so already; answers the changed row's `returned` columns. */
const setHiddenAt = <T extends typeof posts | typeof comments | typeof promptComments | typeof chatSessions>(table: T, now: Date, hidden: boolean) => ({
  set: { hiddenAt: hidden ? now : null },
  where: (id: number) => and(eq(table.id, id), hidden ? isNull(table.hiddenAt) : isNotNull(table.hiddenAt)),
});

/**
 * Hides or restores a conversation and every post made from it: all public copies of its text
 * (its share, its public link, its posts) go or come back together, and a hidden conversation
 * cannot be posted again.
 */
async function setConversationHidden(tx: Executor, sessionId: number, hidden: boolean, now: Date): Promise<boolean> {
  const change = setHiddenAt(chatSessions, now, hidden);
  const changed = await tx.update(chatSessions).set(change.set).where(change.where(sessionId)).returning({ id: chatSessions.id });
  await tx
    .update(posts)
    .set({ hiddenAt: hidden ? now : null })
    .where(and(eq(posts.sourceSessionId, sessionId), hidden ? isNull(posts.hiddenAt) : isNotNull(posts.hiddenAt)));
  return changed.length > 0;
}

/** Every kind moderators act on, in the order the 'hidden' view lists items hidden at the same moment. */
export const MODERATED_KINDS: Record<ItemKind, ModeratedKind> = {
  prompt_comment: {
    report: "promptCommentId",
    id: promptComments.id,
    describe: async (db, ids) => {
      const rows = await db
        .select({
          id: promptComments.id,
          promptId: promptComments.promptId,
          content: promptComments.content,
          hiddenAt: promptComments.hiddenAt,
          createdAt: promptComments.createdAt,
          ...authorColumns,
        })
        .from(promptComments)
        .innerJoin(users, eq(users.id, promptComments.userId))
        .where(inArray(promptComments.id, ids));
      return new Map(rows.map((row) => [row.id, described(row, { promptId: row.promptId }, row.content)]));
    },
    hidden: (db, limit) =>
      db
        .select({ id: promptComments.id, at: promptComments.hiddenAt })
        .from(promptComments)
        .where(isNotNull(promptComments.hiddenAt))
        .orderBy(desc(promptComments.hiddenAt))
        .limit(limit),
    // The prompt's comment count follows hidden_at in a trigger (prompts_refresh_of_row); the comment list reads hidden_at.
    setHidden: async (tx, id, hidden, now) => {
      const change = setHiddenAt(promptComments, now, hidden);
      return (await tx.update(promptComments).set(change.set).where(change.where(id)).returning({ id: promptComments.id })).length > 0;
    },
    // As a post's comment: one the reporter can read (not hidden, unless their own) on a prompt they can see.
    authorVisibleTo: async (db, reporterId, id) => {
      const [comment] = await db
        .select({ userId: promptComments.userId })
        .from(promptComments)
        .innerJoin(prompts, eq(prompts.id, promptComments.promptId))
        .where(and(eq(promptComments.id, id), or(isNull(promptComments.hiddenAt), eq(promptComments.userId, reporterId)), promptVisibleTo(reporterId)))
        .limit(1);
      if (!comment) throw new AppError("NOT_FOUND", PROMPT_MESSAGES.commentNotFound);
      return comment.userId;
    },
    ownReport: MODERATION_MESSAGES.ownItem,
  },
  prompt: {
    report: "promptId",
    id: prompts.id,
    describe: async (db, ids) => {
      const rows = await db
        .select({ id: prompts.id, promptName: prompts.name, hiddenAt: prompts.hiddenAt, createdAt: prompts.createdAt, ...authorColumns })
        .from(prompts)
        .innerJoin(users, eq(users.id, prompts.userId))
        .where(inArray(prompts.id, ids));
      return new Map(rows.map((row) => [row.id, described(row, { promptId: row.id }, row.promptName)]));
    },
    hidden: (db, limit) =>
      db.select({ id: prompts.id, at: prompts.hiddenAt }).from(prompts).where(isNotNull(prompts.hiddenAt)).orderBy(desc(prompts.hiddenAt)).limit(limit),
    // A hidden prompt leaves Discover, search, its page and its public link (all read hidden_at), and its copies with it.
    setHidden: setPromptHidden,
    // Only a published prompt can be reported: a built-in one is nobody's.
    authorVisibleTo: async (db, reporterId, id) => {
      const [prompt] = await db
        .select({ userId: prompts.userId })
        .from(prompts)
        .where(and(eq(prompts.id, id), promptVisibleTo(reporterId), isNotNull(prompts.userId)))
        .limit(1);
      if (!prompt) throw new AppError("NOT_FOUND", PROMPT_MESSAGES.notFound);
      return prompt.userId!;
    },
    ownReport: PROMPT_MESSAGES.ownPromptReport,
  },
  post: {
    report: "postId",
    id: posts.id,
    describe: async (db, ids) => {
      const rows = await db
        .select({ id: posts.id, description: posts.description, hiddenAt: posts.hiddenAt, createdAt: posts.createdAt, ...authorColumns })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.userId))
        .where(inArray(posts.id, ids));
      return new Map(rows.map((row) => [row.id, described(row, { postId: row.id }, row.description)]));
    },
    hidden: (db, limit) =>
      db.select({ id: posts.id, at: posts.hiddenAt }).from(posts).where(isNotNull(posts.hiddenAt)).orderBy(desc(posts.hiddenAt)).limit(limit),
    // A post takes its source conversation with it (setConversationHidden).
    setHidden: async (tx, id, hidden, now) => {
      const change = setHiddenAt(posts, now, hidden);
      const rows = await tx.update(posts).set(change.set).where(change.where(id)).returning({ id: posts.id, sourceSessionId: posts.sourceSessionId });
      const sessionId = rows[0]?.sourceSessionId;
      if (sessionId) await setConversationHidden(tx, sessionId, hidden, now);
      return rows.length > 0;
    },
    authorVisibleTo: async (db, reporterId, id) => {
      const [post] = await db
        .select({ userId: posts.userId })
        .from(posts)
        .where(and(eq(posts.id, id), postVisibleTo(reporterId)))
        .limit(1);
      if (!post) throw new AppError("NOT_FOUND", POST_NOT_FOUND);
      return post.userId;
    },
    ownReport: MODERATION_MESSAGES.ownItem,
  },
  comment: {
    report: "commentId",
    id: comments.id,
    describe: async (db, ids) => {
      const rows = await db
        .select({
          id: comments.id,
          postId: comments.postId,
          content: comments.content,
          hiddenAt: comments.hiddenAt,
          createdAt: comments.createdAt,
          ...authorColumns,
        })
        .from(comments)
        .innerJoin(users, eq(users.id, comments.userId))
        .where(inArray(comments.id, ids));
      return new Map(rows.map((row) => [row.id, described(row, { postId: row.postId }, row.content)]));
    },
    hidden: (db, limit) =>
      db.select({ id: comments.id, at: comments.hiddenAt }).from(comments).where(isNotNull(comments.hiddenAt)).orderBy(desc(comments.hiddenAt)).limit(limit),
    // A comment's post counts only visible comments, so its counter moves with it, in the same transaction.
    setHidden: async (tx, id, hidden, now) => {
      const change = setHiddenAt(comments, now, hidden);
      const [row] = await tx.update(comments).set(change.set).where(change.where(id)).returning({ postId: comments.postId });
      if (!row) return false;
      await tx
        .update(posts)
        .set({ commentCount: hidden ? sql`greatest(0, ${posts.commentCount} - 1)` : sql`${posts.commentCount} + 1` })
        .where(eq(posts.id, row.postId));
      return true;
    },
    authorVisibleTo: async (db, reporterId, id) => {
      const [comment] = await db
        .select({ userId: comments.userId })
        .from(comments)
        .innerJoin(posts, eq(posts.id, comments.postId))
        .where(and(eq(comments.id, id), or(isNull(comments.hiddenAt), eq(comments.userId, reporterId)), postVisibleTo(reporterId)))
        .limit(1);
      if (!comment) throw new AppError("NOT_FOUND", MODERATION_MESSAGES.commentNotFound);
      return comment.userId;
    },
    ownReport: MODERATION_MESSAGES.ownItem,
  },
  conversation: {
    report: "sessionId",
    id: chatSessions.id,
    describe: async (db, ids) => {
      const rows = await db
        .select({
          id: chatSessions.id,
          description: chatSessions.description,
          hiddenAt: chatSessions.hiddenAt,
          createdAt: chatSessions.createdAt,
          ...authorColumns,
        })
        .from(chatSessions)
        .innerJoin(users, eq(users.id, chatSessions.userId))
        .where(inArray(chatSessions.id, ids));
      return new Map(rows.map((row) => [row.id, described(row, {}, row.description)]));
    },
    // A conversation hidden with one of its posts is listed through the post; one hidden by itself, here.
    hidden: (db, limit) =>
      db
        .select({ id: chatSessions.id, at: chatSessions.hiddenAt })
        .from(chatSessions)
        .where(
          and(
            isNotNull(chatSessions.hiddenAt),
            sql`not exists (select 1 from ${posts} where ${posts.sourceSessionId} = ${chatSessions.id} and ${posts.hiddenAt} is not null)`,
          ),
        )
        .orderBy(desc(chatSessions.hiddenAt))
        .limit(limit),
    setHidden: setConversationHidden,
    authorVisibleTo: async (db, reporterId, id) => {
      const [session] = await db
        .select({ userId: chatSessions.userId, sharedAt: chatSessions.sharedAt, hiddenAt: chatSessions.hiddenAt })
        .from(chatSessions)
        .where(eq(chatSessions.id, id))
        .limit(1);
      if (!session || !isSessionReadableBy(session, reporterId)) throw new AppError("NOT_FOUND", SESSION_NOT_FOUND);
      return session.userId;
    },
    ownReport: MODERATION_MESSAGES.ownItem,
  },
};

/** The kinds in the table's order. */
export const KIND_ORDER = Object.keys(MODERATED_KINDS) as ItemKind[];

/** The report's column naming an item of `kind`. */
export const reportColumnOf = (kind: ItemKind) => REPORT_ITEM_COLUMNS[MODERATED_KINDS[kind].report];

/** A report's item: the kind whose column it sets, and the id there. */
export function itemOfReport(report: Record<ReportKey, number | null>): { kind: ItemKind; id: number } | null {
  for (const kind of KIND_ORDER) {
    const id = report[MODERATED_KINDS[kind].report];
    if (id !== null) return { kind, id };
  }
  return null;
}

/** A report's item columns for `item`: its kind's column set to its id, every other one null. */
export const reportColumnsFor = (item: { kind: ItemKind; id: number }) =>
  Object.fromEntries(KIND_ORDER.map((kind) => [MODERATED_KINDS[kind].report, kind === item.kind ? item.id : null])) as Record<ReportKey, number | null>;
