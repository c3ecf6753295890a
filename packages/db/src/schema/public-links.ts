import { sql } from "drizzle-orm";
import { bigint, boolean, check, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
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
 * `postId`, `sessionId`, `promptId` and `shareSessionId` (a share's controls, no public address)
 * is set; deleting the object deletes its link.
 * The owner's controls: an expiry, a password (its scrypt hash) and a cap on views; `views`
 * counts viewers (once per browser session and day), and a view past the cap is refused.
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
    /**
     * The controls of a conversation's share (/chat/share/{id}, for signed-in readers) rather than
     * a public address: such a row has no token (`tokenHash` is a random id of its own, never
     * sealed or shown), is made when the share starts and deleted when it ends.
     */
    shareSessionId: bigint({ mode: "number" })
      .unique()
      .references(() => chatSessions.id, { onDelete: "cascade" }),
    /** A listed post may be indexed by search engines; every other public page says noindex. */
    listed: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** After this the link answers 410 (null: never). */
    expiresAt: timestamp({ withTimezone: true }),
    /** `scrypt$<salt>$<hash>` (base64url) of the link's password; null: no password. */
    passwordHash: text(),
    /** Most viewers the link lets in (null: no cap); once `views` reaches it the link answers 410. */
    viewCap: integer(),
    /** Viewers let in so far (each browser session counted once a day). */
    views: integer().notNull().default(0),
    /**
     * Wrong passwords tried on the link, from any address, since `wrongPasswordsSince` (the start
     * of the current window); reaching the limit locks the link (`lockedAt`) against any further
     * try until its owner lifts the lock or sets a new password.
     */
    wrongPasswords: integer().notNull().default(0),
    wrongPasswordsSince: timestamp({ withTimezone: true }),
    lockedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("public_links_one_target", sql`num_nonnulls(${t.postId}, ${t.sessionId}, ${t.promptId}, ${t.shareSessionId}) = 1`),
    check("public_links_view_cap", sql`${t.viewCap} is null or ${t.viewCap} > 0`),
  ],
);

/**
 * Viewers of a public link per day (UTC, `YYYY-MM-DD`): a counter, nothing about who viewed.
 * A browser session is counted once a day (a signed session cookie says it was).
 */
export const publicLinkViews = pgTable(
  "public_link_views",
  {
    tokenHash: text()
      .notNull()
      .references(() => publicLinks.tokenHash, { onDelete: "cascade" }),
    day: text().notNull(),
    views: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tokenHash, t.day] })],
);

/**
 * Clients that keep no view cookie, per link and day: a keyed hash (HMAC under an instance secret)
 * of the address and browser they read from, so that such a client counts as one viewer a day,
 * as a browser session does, and not once per read. Nothing else about them is kept, and a day's
 * rows go with the day's counters (publicLinkViews).
 */
export const publicLinkViewers = pgTable(
  "public_link_viewers",
  {
    tokenHash: text()
      .notNull()
      .references(() => publicLinks.tokenHash, { onDelete: "cascade" }),
    day: text().notNull(),
    viewer: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.tokenHash, t.day, t.viewer] })],
);
