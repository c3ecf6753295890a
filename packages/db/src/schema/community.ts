import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { chatSessions } from "./chat";
import { tsvector } from "./columns";
import { users } from "./users";

/** One message of a post's snapshot. */
export type PostMessage = {
  isUser: boolean;
  model_name: string | null;
  user: string | null;
  content: string;
  timestamp: string;
  /** Where the privacy check's markers sit in `content` ("[redacted e-mail]"), when its author redacted anything (docs/privacy.md). */
  redactions?: { kind: string; start: number; end: number }[];
};

/** A comparison post's snapshot: one column per model, each turn's prompt and the answers in column order. */
export type PostComparison = {
  models: { modelId: string | null; modelName: string }[];
  turns: { prompt: string; answers: { content: string; status: string }[] }[];
};

/** A published conversation: a snapshot, unaffected by later edits or deletion of its source. */
export const posts = pgTable(
  "posts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sourceSessionId: bigint({ mode: "number" }).references(() => chatSessions.id, { onDelete: "set null" }),
    description: varchar({ length: 255 }).notNull(),
    categories: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    modelVersions: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    messages: jsonb()
      .$type<PostMessage[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** For a comparison post: the models side by side and each turn's answers; null otherwise. */
    comparison: jsonb().$type<PostComparison>(),
    likeCount: integer().notNull().default(0),
    commentCount: integer().notNull().default(0),
    /** Conversations cloned from this post that still exist (kept by a trigger on chat_sessions). */
    forkCount: integer().notNull().default(0),
    /** Comparison votes cast on this post (kept by a trigger on post_votes). */
    voteCount: integer().notNull().default(0),
    /** The post whose clone this post was published from, while that post exists (set by a trigger). */
    forkedFromPostId: integer().references((): AnyPgColumn => posts.id, { onDelete: "set null" }),
    /**
     * For a comparison post: the first post of its blind set, the comparisons forked from one
     * another, which share their models (so whoever knows one post's models knows them all); null
     * otherwise. Set by a trigger when the post is written, from its origin's, and kept when the
     * origin is deleted: the forks still share its models.
     */
    blindRootId: integer(),
    /** The 'Most Popular' order, computed by a trigger from the counters and the age (docs/discovery.md). */
    hotScore: doublePrecision().notNull().default(0),
    /** Description, categories, models and conversation text for search, computed by a trigger. */
    searchVector: tsvector(),
    /** Set while a moderator keeps the post hidden: only its author still sees it. */
    hiddenAt: timestamp({ withTimezone: true }),
    /** When its author last redacted the snapshot (the privacy check before its public link opens): its preview image is drawn again. */
    redactedAt: timestamp({ withTimezone: true }),
    /** The library prompt and version its conversation started from (copied by a trigger): the prompt page's 'Answers'. */
    promptId: integer(),
    promptVersion: integer(),
    /**
     * A secret of the post's own, never sent: the order a comparison's answers are shown in is
     * derived from it and the viewer (community/post/shown-order.ts), so no one can work out
     * another viewer's order, nor the column order, from what they are shown.
     */
    shuffleKey: uuid().notNull().defaultRandom(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("posts_prompt_idx")
      .on(t.promptId)
      .where(sql`${t.promptId} is not null`),
    index("posts_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("posts_hot_idx").on(t.hotScore.desc(), t.id.desc()),
    index("posts_search_idx").using("gin", t.searchVector),
    index("posts_forked_from_idx").on(t.forkedFromPostId),
    index("posts_blind_root_idx")
      .on(t.blindRootId)
      .where(sql`${t.blindRootId} is not null`),
    index("posts_categories_idx").using("gin", t.categories),
    index("posts_user_idx").on(t.userId),
  ],
);

/** A like; the primary key makes liking idempotent (`already_liked`). */
export const postLikes = pgTable(
  "post_likes",
  {
    postId: integer()
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index("post_likes_user_idx").on(t.userId)],
);

/** A comment on a post. */
export const comments = pgTable(
  "comments",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    postId: integer()
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text().notNull(),
    /** The answer of the post the comment is about, by its key ('3', or '2-k3x9q1' in a comparison); null for the whole post. */
    answer: varchar({ length: 24 }),
    /** Set while a moderator keeps the comment hidden: only its author still sees it, and the post's count leaves it out. */
    hiddenAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("comments_post_created_idx").on(t.postId, t.createdAt)],
);

/** A viewer's vote for the best answer of a comparison post: one per viewer, cast blind and final. */
export const postVotes = pgTable(
  "post_votes",
  {
    postId: integer()
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The column voted for, as an index into the post's `comparison.models`. */
    column: smallint().notNull(),
    /**
     * The columns in the order the voter was shown them, labelled A, B, C, D in that order
     * (`shownOrder[i]` is the column shown i-th). Null for a vote cast before answers were
     * shuffled per viewer: those were shown in column order.
     */
    shownOrder: smallint().array(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index("post_votes_post_idx").on(t.postId, t.column),
    // A person's votes of one day, in the order cast: the daily cap on counted votes.
    index("post_votes_user_created_idx").on(t.userId, t.createdAt),
  ],
);
