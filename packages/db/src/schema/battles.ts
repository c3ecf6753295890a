import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { chatSessions } from "./chat";
import { users } from "./users";

/**
 * The one verdict of a blind battle (a comparison session marked `battle`), final once written:
 * the models in the order shown (A first), the choice, and what the rating's style control reads
 * of each answer. Only a battle whose two answers were complete counts on the board.
 */
export const battleVerdicts = pgTable(
  "battle_verdicts",
  {
    sessionId: bigint({ mode: "number" })
      .primaryKey()
      .references(() => chatSessions.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The models as shown: A, then B. */
    shown: text().array().notNull(),
    /** 'a', 'b', 'tie' or 'both_bad'. */
    choice: text().notNull(),
    /** Both answers were complete (not failed or stopped): only such verdicts feed the board. */
    counted: boolean().notNull(),
    /** Each shown answer's length in characters. */
    lengths: integer().array().notNull(),
    /** Each shown answer's markdown headers and list items. */
    markdown: integer().array().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("battle_verdicts_created_idx").on(t.createdAt),
    index("battle_verdicts_user_created_idx").on(t.userId, t.createdAt),
    check("battle_verdicts_choice_check", sql`${t.choice} in ('a', 'b', 'tie', 'both_bad')`),
  ],
);

/**
 * How many battles each pair of models has had (every person's, counted when a battle starts), so
 * the sampling can favour the pairs with few: one row per unordered pair, `modelA` < `modelB`.
 */
export const battlePairs = pgTable(
  "battle_pairs",
  {
    modelA: text().notNull(),
    modelB: text().notNull(),
    battles: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.modelA, t.modelB] }), check("battle_pairs_order_check", sql`${t.modelA} < ${t.modelB}`)],
);

/**
 * Whose votes changed, and when: a row per voter whose post votes or battle verdicts were written
 * or deleted, or who published or deleted a comparison post (written by triggers, whoever writes).
 * The leaderboard's gathering reads it to gather again only the standings of those voters (every
 * rule of which votes count reads a voter's own votes and posts only). Rows older than a day are
 * removed by the gathering; a board last gathered more than half a day before gathers everything again.
 */
export const voteChanges = pgTable(
  "vote_changes",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid().notNull(),
    /** The writing transaction's id: a gathering reads the rows of transactions not yet finished when the last one read the log, and later ones. */
    xid: bigint({ mode: "number" })
      .notNull()
      .default(sql`(pg_current_xact_id()::text)::bigint`),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("vote_changes_xid_idx").on(t.xid), index("vote_changes_changed_idx").on(t.changedAt)],
);
