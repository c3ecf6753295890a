import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * A personal access token a user made for scripts. Only the SHA-256 of the secret is stored
 * (the secret is 256 random bits, so a fast hash is enough); `prefix` is the token's first
 * characters, shown so people can tell their tokens apart. Revoking deletes the row. A token
 * with `expiresAt` is refused from then on; a `readOnly` one is refused on every write.
 */
export const personalAccessTokens = pgTable(
  "personal_access_tokens",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    tokenHash: text().notNull(),
    prefix: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    readOnly: boolean().notNull().default(false),
  },
  (t) => [uniqueIndex("personal_access_tokens_hash_idx").on(t.tokenHash), index("personal_access_tokens_user_idx").on(t.userId)],
);
