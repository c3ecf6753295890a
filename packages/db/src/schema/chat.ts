import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { timestamps, tsvector } from "./columns";
import { users } from "./users";

/** A model of the catalogue (config file + environment), offered per user when its service has a key. */
export const models = pgTable("models", {
  id: text().primaryKey(),
  name: text().notNull(),
  version: text().notNull(),
  service: text().notNull(),
  baseUrl: text(),
  enabled: boolean().notNull().default(true),
  sortOrder: integer().notNull().default(0),
  ...timestamps,
});

/**
 * A finding redacted from a share: its kind (the marker it reads as), its text, and where it is:
 * the exchange (`entry`), its message or its reply (`field`) and its UTF-16 offsets there, as the
 * text read when it was chosen: after the redactions of the rounds before (`round`, from 1; each
 * privacy check that added redactions is one round). Redactions stored before positions were
 * kept have none of these and replace their text wherever the share shows it.
 */
export type ShareRedaction = {
  kind: string;
  text: string;
  entry?: number;
  /** Where: an exchange's message or reply (with `entry`), or the conversation's title. */
  field?: "message" | "response" | "title";
  start?: number;
  end?: number;
  round?: number;
  /** Made by a check that had the title as its own text: it redacts only its place, never its text in the title. */
  titled?: boolean;
};

/**
 * A conversation. Ids are random positive integers below 2^53: numeric in every URL and answer,
 * not enumerable. `sharedAt` is set while the session is shared read-only.
 */
export const chatSessions = pgTable(
  "chat_sessions",
  {
    id: bigint({ mode: "number" }).primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    description: text().notNull().default(""),
    category: text().notNull().default("general"),
    sharedAt: timestamp({ withTimezone: true }),
    forkedFromSessionId: bigint({ mode: "number" }),
    forkedFromUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    forkedFromPostId: integer(),
    /**
     * The leaf of the branch the owner is on: reads (the chat screen, history, share, post,
     * clone) follow parents up from here. Null for a session without entries. No foreign key:
     * an entry and its session point at each other, and the entry is always looked up within
     * its session.
     */
    activeEntryId: bigint({ mode: "number" }),
    /** The exchange whose branch a read-only share shows (the active one when it was shared). */
    sharedEntryId: bigint({ mode: "number" }),
    /**
     * What the owner chose to redact from the share when the privacy check found it
     * (docs/privacy.md): every read of the share (its page, public link, preview, clones) shows
     * a marker instead. The conversation itself keeps its text.
     */
    shareRedactions: jsonb().$type<ShareRedaction[]>(),
    /** The models of a comparison, one per column (2 to 4); null for an ordinary chat. */
    compareModels: text().array(),
    /**
     * The library prompt and version that started the conversation (its first exchange's), copied
     * into its posts and the conversations cloned from it, by triggers (docs/prompts.md).
     */
    promptId: integer(),
    promptVersion: integer(),
    /**
     * Set while a moderator keeps the conversation hidden (directly, or by hiding a post made
     * from it): its share and public link lead nowhere, and it cannot be posted again.
     */
    hiddenAt: timestamp({ withTimezone: true }),
    /**
     * A blind battle (docs/leaderboard.md, "Battles"): 'blind' until its owner's verdict (nothing
     * read from it names its models), 'decided' after it (battle_verdicts); null otherwise.
     */
    battle: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUpdated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("chat_sessions_user_updated_idx").on(t.userId, t.lastUpdated.desc()),
    check("chat_sessions_battle_check", sql`${t.battle} in ('blind', 'decided')`),
  ],
);

/**
 * One exchange: the user's message and the model's reply, with its status and token usage.
 * Exchanges form a tree through `parentEntryId` (null for the first exchange): an edited
 * message or a regenerated reply is a sibling of the exchange it replaces.
 */
export const chatEntries = pgTable(
  "chat_entries",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    sessionId: bigint({ mode: "number" })
      .notNull()
      .references(() => chatSessions.id, { onDelete: "cascade" }),
    parentEntryId: bigint({ mode: "number" }),
    /** The column of a comparison this exchange belongs to (0-3); null outside comparisons. */
    compareColumn: smallint(),
    messageContent: text().notNull(),
    responseContent: text().notNull().default(""),
    modelId: text(),
    /** The prompt the exchange was sent with: a library prompt the message came from, else the prompt picked as system prompt. */
    promptId: integer(),
    /** The version of that library prompt the message was filled from; null when the send named none. */
    promptVersion: integer(),
    /** Display name of the author when the entry was copied from someone else's post. */
    authorName: text(),
    status: text().notNull().default("complete"),
    error: text(),
    inputTokens: integer().notNull().default(0),
    outputTokens: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The message and the reply for the owner's search of their conversations: the first 100,000
     * characters of each, so the document stays under PostgreSQL's 1 MB for a tsvector however
     * long an imported message is (at most 4 bytes a character).
     */
    searchVector: tsvector().generatedAlwaysAs(sql`to_tsvector('simple', left(message_content, 100000) || ' ' || left(response_content, 100000))`),
  },
  (t) => [
    index("chat_entries_search_idx").using("gin", t.searchVector),
    index("chat_entries_session_created_idx").on(t.sessionId, t.createdAt, t.id),
    index("chat_entries_parent_idx").on(t.sessionId, t.parentEntryId),
    // Replies still streaming, found cheaply when interrupted ones are settled.
    index("chat_entries_pending_idx")
      .on(t.createdAt)
      .where(sql`status = 'pending'`),
  ],
);
