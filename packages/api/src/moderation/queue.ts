import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { MODERATION, MODERATION_MESSAGES, REPORT_REASONS, type ReportReason } from "@parley/contracts";
import { chatSessions, comments, contentReports, posts, promptComments, prompts, users, type Database, type Executor } from "@parley/db";
import { AppError } from "../kit/errors";
import { authorColumns, presentAuthor } from "../community/post/authors";
import type { ItemKind, ItemRef } from "./input";
import { setPromptHidden } from "./prompt-copies";

/** Reports loaded for one queue page at most (the oldest open ones first). */
const REPORTS_READ = 2000;
/** Free texts of reports shown per item, newest first. */
const DETAILS_SHOWN = 5;
/** Characters of a post's description or a comment shown in the queue. */
const EXCERPT = 280;

type ReportRow = { postId: number | null; commentId: number | null; sessionId: number | null; promptId: number | null; promptCommentId: number | null; reason: string; details: string | null; createdAt: Date };

type Described = { post_id: number | null; prompt_id: number | null; excerpt: string; author: ReturnType<typeof presentAuthor>; hidden: boolean; created_at: string };

const keyOf = (kind: ItemKind, id: number) => `${kind}:${id}`;

type ItemRow = Parameters<typeof presentAuthor>[0] & { hiddenAt: Date | null; createdAt: Date };

/** One item as moderators read it, whatever its kind. */
const described = (row: ItemRow, where: { postId?: number; promptId?: number }, text: string): Described => ({
  post_id: where.postId ?? null,
  prompt_id: where.promptId ?? null,
  excerpt: text.slice(0, EXCERPT),
  author: presentAuthor(row),
  hidden: row.hiddenAt !== null,
  created_at: row.createdAt.toISOString(),
});

/** What moderators read about each item: its text, author, where it is, and whether it is hidden. */
async function describeItems(db: Executor, postIds: number[], commentIds: number[], sessionIds: number[] = [], promptIds: number[] = [], promptCommentIds: number[] = []) {
  const items = new Map<string, Described>();
  if (promptCommentIds.length > 0) {
    const rows = await db
      .select({ id: promptComments.id, promptId: promptComments.promptId, content: promptComments.content, hiddenAt: promptComments.hiddenAt, createdAt: promptComments.createdAt, ...authorColumns })
      .from(promptComments)
      .innerJoin(users, eq(users.id, promptComments.userId))
      .where(inArray(promptComments.id, promptCommentIds));
    for (const row of rows) {
      items.set(keyOf("prompt_comment", row.id), described(row, { promptId: row.promptId }, row.content));
    }
  }
  if (promptIds.length > 0) {
    const rows = await db
      .select({ id: prompts.id, promptName: prompts.name, hiddenAt: prompts.hiddenAt, createdAt: prompts.createdAt, ...authorColumns })
      .from(prompts)
      .innerJoin(users, eq(users.id, prompts.userId))
      .where(inArray(prompts.id, promptIds));
    for (const row of rows) {
      items.set(keyOf("prompt", row.id), described(row, { promptId: row.id }, row.promptName));
    }
  }
  if (sessionIds.length > 0) {
    const rows = await db
      .select({ id: chatSessions.id, description: chatSessions.description, hiddenAt: chatSessions.hiddenAt, createdAt: chatSessions.createdAt, ...authorColumns })
      .from(chatSessions)
      .innerJoin(users, eq(users.id, chatSessions.userId))
      .where(inArray(chatSessions.id, sessionIds));
    for (const row of rows) {
      items.set(keyOf("conversation", row.id), described(row, {}, row.description));
    }
  }
  if (postIds.length > 0) {
    const rows = await db
      .select({ id: posts.id, description: posts.description, hiddenAt: posts.hiddenAt, createdAt: posts.createdAt, ...authorColumns })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .where(inArray(posts.id, postIds));
    for (const row of rows) {
      items.set(keyOf("post", row.id), described(row, { postId: row.id }, row.description));
    }
  }
  if (commentIds.length > 0) {
    const rows = await db
      .select({ id: comments.id, postId: comments.postId, content: comments.content, hiddenAt: comments.hiddenAt, createdAt: comments.createdAt, ...authorColumns })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .where(inArray(comments.id, commentIds));
    for (const row of rows) {
      items.set(keyOf("comment", row.id), described(row, { postId: row.postId }, row.content));
    }
  }
  return items;
}

/** Reports grouped per item: how many, for which reasons, the latest texts. */
function groupReports(reports: ReportRow[]) {
  const groups = new Map<string, { kind: ItemKind; id: number; reports: number; reasons: Record<ReportReason, number>; details: { text: string; at: Date }[]; first: Date; last: Date }>();
  for (const report of reports) {
    const kind: ItemKind =
      report.postId !== null ? "post" : report.commentId !== null ? "comment" : report.promptId !== null ? "prompt" : report.promptCommentId !== null ? "prompt_comment" : "conversation";
    const id = (report.postId ?? report.commentId ?? report.promptId ?? report.promptCommentId ?? report.sessionId)!;
    const key = keyOf(kind, id);
    let group = groups.get(key);
    if (!group) {
      group = { kind, id, reports: 0, reasons: Object.fromEntries(REPORT_REASONS.map((r) => [r, 0])) as Record<ReportReason, number>, details: [], first: report.createdAt, last: report.createdAt };
      groups.set(key, group);
    }
    group.reports += 1;
    group.reasons[report.reason as ReportReason] += 1;
    if (report.details) group.details.push({ text: report.details, at: report.createdAt });
    if (report.createdAt < group.first) group.first = report.createdAt;
    if (report.createdAt > group.last) group.last = report.createdAt;
  }
  return [...groups.values()];
}

const reportColumns = {
  postId: contentReports.postId,
  commentId: contentReports.commentId,
  sessionId: contentReports.sessionId,
  promptId: contentReports.promptId,
  promptCommentId: contentReports.promptCommentId,
  reason: contentReports.reason,
  details: contentReports.details,
  createdAt: contentReports.createdAt,
};

/**
 * The moderation queue. `open`: items with open reports, most reported first (then the longest
 * waiting). `hidden`: items a moderator hid, most recently hidden first, with the reports that led there.
 */
export async function listModerationQueue(db: Executor, view: "open" | "hidden") {
  if (view === "open") {
    const reports = await db.select(reportColumns).from(contentReports).where(eq(contentReports.status, "open")).orderBy(asc(contentReports.createdAt)).limit(REPORTS_READ);
    const groups = groupReports(reports).sort((a, b) => b.reports - a.reports || a.first.getTime() - b.first.getTime()).slice(0, MODERATION.queuePage);
    return present(db, groups);
  }
  const hiddenPosts = await db.select({ id: posts.id, at: posts.hiddenAt }).from(posts).where(isNotNull(posts.hiddenAt)).orderBy(desc(posts.hiddenAt)).limit(MODERATION.queuePage);
  const hiddenComments = await db
    .select({ id: comments.id, at: comments.hiddenAt })
    .from(comments)
    .where(isNotNull(comments.hiddenAt))
    .orderBy(desc(comments.hiddenAt))
    .limit(MODERATION.queuePage);
  // A conversation hidden with one of its posts is listed through the post; one hidden by itself, here.
  const hiddenSessions = await db
    .select({ id: chatSessions.id, at: chatSessions.hiddenAt })
    .from(chatSessions)
    .where(and(isNotNull(chatSessions.hiddenAt), sql`not exists (select 1 from ${posts} where ${posts.sourceSessionId} = ${chatSessions.id} and ${posts.hiddenAt} is not null)`))
    .orderBy(desc(chatSessions.hiddenAt))
    .limit(MODERATION.queuePage);
  const hiddenPrompts = await db.select({ id: prompts.id, at: prompts.hiddenAt }).from(prompts).where(isNotNull(prompts.hiddenAt)).orderBy(desc(prompts.hiddenAt)).limit(MODERATION.queuePage);
  const hiddenPromptComments = await db
    .select({ id: promptComments.id, at: promptComments.hiddenAt })
    .from(promptComments)
    .where(isNotNull(promptComments.hiddenAt))
    .orderBy(desc(promptComments.hiddenAt))
    .limit(MODERATION.queuePage);
  const hidden = [
    ...hiddenPromptComments.map((c) => ({ kind: "prompt_comment" as const, ...c })),
    ...hiddenPrompts.map((p) => ({ kind: "prompt" as const, ...p })),
    ...hiddenPosts.map((p) => ({ kind: "post" as const, ...p })),
    ...hiddenComments.map((c) => ({ kind: "comment" as const, ...c })),
    ...hiddenSessions.map((s) => ({ kind: "conversation" as const, ...s })),
  ]
    .sort((a, b) => b.at!.getTime() - a.at!.getTime())
    .slice(0, MODERATION.queuePage);
  const postIds = hidden.filter((h) => h.kind === "post").map((h) => h.id);
  const commentIds = hidden.filter((h) => h.kind === "comment").map((h) => h.id);
  const sessionIds = hidden.filter((h) => h.kind === "conversation").map((h) => h.id);
  const promptIds = hidden.filter((h) => h.kind === "prompt").map((h) => h.id);
  const promptCommentIds = hidden.filter((h) => h.kind === "prompt_comment").map((h) => h.id);
  const reports =
    hidden.length === 0
      ? []
      : await db
          .select(reportColumns)
          .from(contentReports)
          .where(
            or(
              postIds.length ? inArray(contentReports.postId, postIds) : undefined,
              commentIds.length ? inArray(contentReports.commentId, commentIds) : undefined,
              sessionIds.length ? inArray(contentReports.sessionId, sessionIds) : undefined,
              promptIds.length ? inArray(contentReports.promptId, promptIds) : undefined,
              promptCommentIds.length ? inArray(contentReports.promptCommentId, promptCommentIds) : undefined,
            ),
          )
          .limit(REPORTS_READ);
  const grouped = new Map(groupReports(reports).map((g) => [keyOf(g.kind, g.id), g]));
  const groups = hidden.map(
    (h) => grouped.get(keyOf(h.kind, h.id)) ?? { kind: h.kind, id: h.id, reports: 0, reasons: Object.fromEntries(REPORT_REASONS.map((r) => [r, 0])) as Record<ReportReason, number>, details: [], first: h.at!, last: h.at! },
  );
  return present(db, groups);
}

async function present(db: Executor, groups: ReturnType<typeof groupReports>) {
  const described = await describeItems(
    db,
    groups.filter((g) => g.kind === "post").map((g) => g.id),
    groups.filter((g) => g.kind === "comment").map((g) => g.id),
    groups.filter((g) => g.kind === "conversation").map((g) => g.id),
    groups.filter((g) => g.kind === "prompt").map((g) => g.id),
    groups.filter((g) => g.kind === "prompt_comment").map((g) => g.id),
  );
  return {
    items: groups.flatMap((group) => {
      const item = described.get(keyOf(group.kind, group.id));
      if (!item) return [];
      return [
        {
          kind: group.kind,
          id: group.id,
          ...item,
          reports: group.reports,
          reasons: group.reasons,
          details: group.details
            .sort((a, b) => b.at.getTime() - a.at.getTime())
            .slice(0, DETAILS_SHOWN)
            .map((d) => d.text),
          first_reported_at: group.reports > 0 ? group.first.toISOString() : null,
          last_reported_at: group.reports > 0 ? group.last.toISOString() : null,
        },
      ];
    }),
  };
}

/** Marks the item's open reports as settled by `status`; answers how many. */
async function settleReports(db: Executor, item: ItemRef, status: "dismissed" | "actioned", adminId: string, now: Date) {
  const settled = await db
    .update(contentReports)
    .set({ status, resolvedAt: now, resolvedBy: adminId })
    .where(and(eq(contentReports.status, "open"), eq(reportColumnOf(item.kind), item.id)))
    .returning({ id: contentReports.id });
  return settled.length;
}

const reportColumnOf = (kind: ItemKind) =>
  ({ post: contentReports.postId, comment: contentReports.commentId, prompt: contentReports.promptId, prompt_comment: contentReports.promptCommentId, conversation: contentReports.sessionId })[kind];

async function requireItem(db: Executor, item: ItemRef) {
  const id = { post: posts.id, comment: comments.id, prompt: prompts.id, prompt_comment: promptComments.id, conversation: chatSessions.id }[item.kind];
  const [row] = await db.select({ id }).from(id.table).where(eq(id, item.id)).limit(1);
  if (!row) throw new AppError("NOT_FOUND", MODERATION_MESSAGES.itemNotFound);
}

/**
 * Hides or restores a conversation and every post made from it: all public copies of its text
 * (its share, its public link, its posts) go or come back together, and a hidden conversation
 * cannot be posted again.
 */
async function setConversationHidden(tx: Executor, sessionId: number, hidden: boolean, now: Date): Promise<boolean> {
  const changed = await tx
    .update(chatSessions)
    .set({ hiddenAt: hidden ? now : null })
    .where(and(eq(chatSessions.id, sessionId), hidden ? isNull(chatSessions.hiddenAt) : isNotNull(chatSessions.hiddenAt)))
    .returning({ id: chatSessions.id });
  await tx
    .update(posts)
    .set({ hiddenAt: hidden ? now : null })
    .where(and(eq(posts.sourceSessionId, sessionId), hidden ? isNull(posts.hiddenAt) : isNotNull(posts.hiddenAt)));
  return changed.length > 0;
}

/**
 * Hides or restores a post, comment, prompt or prompt's comment (hiding settles its open reports as acted on). A post
 * takes its source conversation with it (setConversationHidden). A comment's
 * post counts only visible comments, so its counter moves with it, in the same transaction.
 * Doing what is already done changes nothing.
 */
export async function setItemHidden(db: Database, adminId: string, item: ItemRef, hidden: boolean, now: Date) {
  return db.transaction(async (tx) => {
    await requireItem(tx, item);
    let changed: boolean;
    if (item.kind === "conversation") {
      changed = await setConversationHidden(tx, item.id, hidden, now);
    } else if (item.kind === "prompt") {
      // A hidden prompt leaves Discover, search, its page and its public link (all read hidden_at), and its copies with it.
      changed = await setPromptHidden(tx, item.id, hidden, now);
    } else if (item.kind === "prompt_comment") {
      // The prompt's comment count follows hidden_at in a trigger (prompts_refresh_of_row); the comment list reads hidden_at.
      const rows = await tx
        .update(promptComments)
        .set({ hiddenAt: hidden ? now : null })
        .where(and(eq(promptComments.id, item.id), hidden ? isNull(promptComments.hiddenAt) : isNotNull(promptComments.hiddenAt)))
        .returning({ id: promptComments.id });
      changed = rows.length > 0;
    } else if (item.kind === "post") {
      const rows = await tx
        .update(posts)
        .set({ hiddenAt: hidden ? now : null })
        .where(and(eq(posts.id, item.id), hidden ? isNull(posts.hiddenAt) : isNotNull(posts.hiddenAt)))
        .returning({ id: posts.id, sourceSessionId: posts.sourceSessionId });
      changed = rows.length > 0;
      const sessionId = rows[0]?.sourceSessionId;
      if (sessionId) await setConversationHidden(tx, sessionId, hidden, now);
    } else {
      const [row] = await tx
        .update(comments)
        .set({ hiddenAt: hidden ? now : null })
        .where(and(eq(comments.id, item.id), hidden ? isNull(comments.hiddenAt) : isNotNull(comments.hiddenAt)))
        .returning({ postId: comments.postId });
      changed = row !== undefined;
      if (row) {
        await tx
          .update(posts)
          .set({ commentCount: hidden ? sql`greatest(0, ${posts.commentCount} - 1)` : sql`${posts.commentCount} + 1` })
          .where(eq(posts.id, row.postId));
      }
    }
    const reportsSettled = hidden ? await settleReports(tx, item, "actioned", adminId, now) : 0;
    return { kind: item.kind, id: item.id, hidden, changed, reports_settled: reportsSettled };
  });
}

/** Dismisses the item's open reports: the item stays as it is. */
export async function dismissReports(db: Database, adminId: string, item: ItemRef, now: Date) {
  return db.transaction(async (tx) => {
    await requireItem(tx, item);
    return { kind: item.kind, id: item.id, dismissed: await settleReports(tx, item, "dismissed", adminId, now) };
  });
}
