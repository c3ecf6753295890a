import { sql } from "drizzle-orm";
import { bigint, boolean, check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { chatSessions } from "./chat";
import { posts } from "./community";
import { prompts } from "./prompts";

/**
 * An opt-in 'Anyone with the link' address of a post, a shared conversation or a published prompt:
 * readable without signing in at /p/{token}, /s/{token} or /pp/{token}. The token is random (144 bits, base64url),
 * never derived from an id. Like a personal access token, it is looked up by its SHA-256
 * (`tokenHash`, hex); so that its owner can copy the address again, the token itself is kept
 * only sealed under the server's ENCRYPTION_KEY (`sealedToken`, AES-256-GCM bound to the hash).
 * Revoking deletes the row, and turning the link on again makes a new token. Exactly one of
 * `postId`, `sessionId` and `promptId` is set; deleting the object deletes its link.
 */
export const publicLinks = pgTable(
  "public_links",
  {
    tokenHash: text().primaryKey(),
    sealedToken: text(),
    /**
     * The token in plain text, only on links made before tokens were sealed, and only until the
     * server next starts: start-up seals it into `sealedToken` and clears this column.
     */
    legacyToken: text(),
    postId: integer()
      .unique()
      .references(() => posts.id, { onDelete: "cascade" }),
    sessionId: bigint({ mode: "number" })
      .unique()
      .references(() => chatSessions.id, { onDelete: "cascade" }),
    promptId: integer()
      .unique()
      .references(() => prompts.id, { onDelete: "cascade" }),
    /** A listed post may be indexed by search engines; every other public page says noindex. */
    listed: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("public_links_one_target", sql`num_nonnulls(${t.postId}, ${t.sessionId}, ${t.promptId}) = 1`)],
);
