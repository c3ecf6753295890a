import { customType, timestamp } from "drizzle-orm/pg-core";

/** createdAt/updatedAt columns every mutable table carries. */
export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** A full-text search document; written by the database (a trigger or a generated column), read only in SQL. */
export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
