import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { chatSessions } from "./chat";
import { comments, posts } from "./community";
import { promptComments, prompts } from "./prompts";
import { users } from "./users";

/**
 * A person's report of a post, a comment, a conversation (its share or public link), a
 * prompt or a prompt's comment: exactly one of the five. `status` is 'open' until a
 * moderator hides the item ('actioned') or dismisses the report ('dismissed'). One open report
 * per person and item: reporting again changes nothing.
 */
export const contentReports = pgTable(
  "content_reports",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    postId: integer().references(() => posts.id, { onDelete: "cascade" }),
    commentId: integer().references(() => comments.id, { onDelete: "cascade" }),
    sessionId: bigint({ mode: "number" }).references(() => chatSessions.id, { onDelete: "cascade" }),
    promptId: integer().references(() => prompts.id, { onDelete: "cascade" }),
    promptCommentId: integer().references(() => promptComments.id, { onDelete: "cascade" }),
    reporterId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text().notNull(),
    details: text(),
    status: text().notNull().default("open"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp({ withTimezone: true }),
    resolvedBy: uuid().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    check("content_reports_one_item", sql`num_nonnulls(${t.postId}, ${t.commentId}, ${t.sessionId}, ${t.promptId}, ${t.promptCommentId}) = 1`),
    check("content_reports_reason", sql`${t.reason} in ('spam', 'harassment', 'illegal', 'other')`),
    check("content_reports_status", sql`${t.status} in ('open', 'dismissed', 'actioned')`),
    uniqueIndex("content_reports_open_post_idx")
      .on(t.reporterId, t.postId)
      .where(sql`${t.status} = 'open' and ${t.postId} is not null`),
    uniqueIndex("content_reports_open_comment_idx")
      .on(t.reporterId, t.commentId)
      .where(sql`${t.status} = 'open' and ${t.commentId} is not null`),
    uniqueIndex("content_reports_open_session_idx")
      .on(t.reporterId, t.sessionId)
      .where(sql`${t.status} = 'open' and ${t.sessionId} is not null`),
    uniqueIndex("content_reports_open_prompt_idx")
      .on(t.reporterId, t.promptId)
      .where(sql`${t.status} = 'open' and ${t.promptId} is not null`),
    uniqueIndex("content_reports_open_prompt_comment_idx")
      .on(t.reporterId, t.promptCommentId)
      .where(sql`${t.status} = 'open' and ${t.promptCommentId} is not null`),
    index("content_reports_post_idx").on(t.postId),
    index("content_reports_comment_idx").on(t.commentId),
    index("content_reports_session_idx").on(t.sessionId),
    index("content_reports_prompt_idx").on(t.promptId),
    index("content_reports_prompt_comment_idx").on(t.promptCommentId),
    index("content_reports_open_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
  ],
);
