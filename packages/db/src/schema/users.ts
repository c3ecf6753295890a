import { sql } from "drizzle-orm";
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";

/** A person, keyed by the identity provider's issuer + subject (never merged by email). */
export const users = pgTable(
  "users",
  {
    id: uuid().primaryKey().defaultRandom(),
    issuer: text().notNull(),
    subject: text().notNull(),
    email: text(),
    emailVerified: boolean().notNull().default(false),
    name: text(),
    nickname: text(),
    picture: text(),
    /** The address of the person's creator page (/u/{handle}): lowercase, unique, from the nickname. */
    handle: text(),
    /** When the person last used the app, kept to a few minutes (written at most every LAST_SEEN_RESOLUTION). */
    lastSeenAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex("users_issuer_subject_idx").on(t.issuer, t.subject), uniqueIndex("users_handle_idx").on(t.handle)],
);

/** A user's own provider key, encrypted at rest (AES-256-GCM); `last4` is all a read returns. */
export const userProviderKeys = pgTable(
  "user_provider_keys",
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text().notNull(),
    ciphertext: text().notNull(),
    last4: text().notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

/** Local accounts of the embedded OpenID provider (email + password). */
export const localAccounts = pgTable(
  "local_accounts",
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    name: text().notNull(),
    passwordHash: text().notNull(),
    emailVerified: boolean().notNull().default(false),
    /** SHA-256 of the one-time code that verifies the address, while one is outstanding. */
    verificationCodeHash: text(),
    ...timestamps,
  },
  (t) => [uniqueIndex("local_accounts_email_idx").on(sql`lower(${t.email})`)],
);

/** State of the embedded OpenID provider (grants, sessions, codes, refresh tokens...). */
export const oidcPayloads = pgTable(
  "oidc_payloads",
  {
    id: text().notNull(),
    type: text().notNull(),
    payload: text().notNull(),
    grantId: text(),
    userCode: text(),
    uid: text(),
    expiresAt: timestamp({ withTimezone: true }),
    consumedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.type] }),
    index("oidc_payloads_grant_idx").on(t.grantId),
    index("oidc_payloads_uid_idx").on(t.uid),
    index("oidc_payloads_user_code_idx").on(t.userCode),
    index("oidc_payloads_expires_idx").on(t.expiresAt),
  ],
);

/** Server-generated secrets that must survive restarts (e.g. the embedded provider's signing keys). */
export const serverSecrets = pgTable("server_secrets", {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A handle its owner gave up by renaming, kept for them until `heldUntil`: nobody else can take
 * it meanwhile, so links to the old creator page do not start leading to someone else.
 */
export const handleHolds = pgTable(
  "handle_holds",
  {
    handle: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    heldUntil: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("handle_holds_user_idx").on(t.userId)],
);
