import { index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { users } from "./users";

/**
 * One import of a ChatGPT or Claude export, and how far it got. Its conversations are written
 * in short steps under a stand-in account (`stagingUserId`, nobody's), and change owner all at
 * once when the last one is stored: until then nobody sees any of them, and a server that dies
 * mid-import leaves only the stand-in's rows, which a later import clears.
 */
export const importJobs = pgTable(
  "import_jobs",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    stagingUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    /** 'running', 'done' or 'failed'. */
    status: text().notNull().default("running"),
    conversationsTotal: integer().notNull(),
    conversationsDone: integer().notNull().default(0),
    exchangesTotal: integer().notNull(),
    exchangesDone: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [index("import_jobs_status_updated_idx").on(t.status, t.updatedAt)],
);
