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
  (t) => [index("battle_verdicts_created_idx").on(t.createdAt), check("battle_verdicts_choice_check", sql`${t.choice} in ('a', 'b', 'tie', 'both_bad')`)],
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
