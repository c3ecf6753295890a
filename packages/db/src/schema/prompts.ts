import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps, tsvector } from "./columns";
import { users } from "./users";

/**
 * A prompt of someone's library, or a built-in one (no owner, a stable key). Private by default;
 * unlisted ones are reachable by their page, public ones are also on Discover and the creator
 * page. The counters and the trending score are kept by triggers (docs/prompts.md).
 */
export const prompts = pgTable(
  "prompts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    builtinKey: text().unique(),
    userId: uuid().references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** The current text (the highest version's). */
    prompt: text().notNull(),
    description: text(),
    category: text().notNull().default("general"),
    visibility: text().notNull().default("private"),
    /** The prompt this one was saved from, while that prompt exists. */
    forkedFromId: integer().references((): AnyPgColumn => prompts.id, { onDelete: "set null" }),
    /** The current version: 1 when written, one more for each edit of the name or text and each restore. */
    version: integer().notNull().default(1),
    /** When the prompt was first made unlisted or public: Discover's 'newest' order. */
    publishedAt: timestamp({ withTimezone: true }),
    /** Set while a moderator keeps the prompt hidden: only its owner still sees it, in their library. */
    hiddenAt: timestamp({ withTimezone: true }),
    /**
     * The unguessable part of an unlisted prompt's address (`/prompt/{id}?key=...`): without it,
     * an unlisted prompt is missing to everyone but its owner and those who opened it by it.
     */
    unlistedKey: uuid().notNull().defaultRandom(),
    likeCount: integer().notNull().default(0),
    /** Saved copies of this prompt that still exist. */
    saveCount: integer().notNull().default(0),
    /** Distinct people who sent a message with this prompt. */
    useCount: integer().notNull().default(0),
    /** Comments not hidden by a moderator. */
    commentCount: integer().notNull().default(0),
    /** Discover's 'trending' order: uses, saves and likes with time decay (docs/prompts.md). */
    trendScore: doublePrecision().notNull().default(0),
    /** Name (weight A), description and category (B), text (C), as post search. */
    searchVector: tsvector(),
    ...timestamps,
  },
  (t) => [
    check("prompts_visibility", sql`${t.visibility} in ('private', 'unlisted', 'public')`),
    index("prompts_user_updated_idx").on(t.userId, t.updatedAt.desc(), t.id.desc()),
    index("prompts_trending_idx")
      .on(t.trendScore.desc(), t.id.desc())
      .where(sql`${t.visibility} = 'public' and ${t.hiddenAt} is null`),
    index("prompts_newest_idx")
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.visibility} = 'public' and ${t.hiddenAt} is null`),
    index("prompts_category_trending_idx")
      .on(t.category, t.trendScore.desc(), t.id.desc())
      .where(sql`${t.visibility} = 'public' and ${t.hiddenAt} is null`),
    index("prompts_category_newest_idx")
      .on(t.category, t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.visibility} = 'public' and ${t.hiddenAt} is null`),
    index("prompts_search_idx").using("gin", t.searchVector),
    index("prompts_forked_from_idx").on(t.forkedFromId),
    // One saved copy of a prompt per person: saving again answers the copy already made.
    uniqueIndex("prompts_user_forked_from_idx")
      .on(t.userId, t.forkedFromId)
      .where(sql`${t.forkedFromId} is not null`),
    // A copy of a hidden prompt's text is hidden with it (prompts_copy_of_hidden): found by this.
    index("prompts_hidden_text_idx")
      .using("btree", sql`md5(${t.prompt})`)
      .where(sql`${t.hiddenAt} is not null`),
  ],
);

/** Someone who opened an unlisted prompt by its address: from then on it is visible to them by its id. */
export const promptReaders = pgTable(
  "prompt_readers",
  {
    promptId: integer()
      .notNull()
      .references(() => prompts.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.promptId, t.userId] })],
);

/** Every version of a prompt, the current one included (the highest). */
export const promptVersions = pgTable(
  "prompt_versions",
  {
    promptId: integer()
      .notNull()
      .references(() => prompts.id, { onDelete: "cascade" }),
    version: integer().notNull(),
    name: text().notNull(),
    prompt: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.promptId, t.version] })],
);

/** A like of a prompt; the primary key makes liking idempotent. */
export const promptLikes = pgTable(
  "prompt_likes",
  {
    promptId: integer()
      .notNull()
      .references(() => prompts.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.promptId, t.userId] }), index("prompt_likes_user_idx").on(t.userId)],
);

/** A comment on a prompt's page. */
export const promptComments = pgTable(
  "prompt_comments",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    promptId: integer()
      .notNull()
      .references(() => prompts.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text().notNull(),
    /** Set while a moderator keeps the comment hidden: only its author still sees it. */
    hiddenAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("prompt_comments_prompt_created_idx").on(t.promptId, t.createdAt, t.id)],
);

/** A person who sent a message with a prompt, once per person (the first time): trending counts people, not sends. */
export const promptUses = pgTable(
  "prompt_uses",
  {
    promptId: integer()
      .notNull()
      .references(() => prompts.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.promptId, t.userId] })],
);
