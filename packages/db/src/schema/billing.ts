import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { chatSessions } from "./chat";
import { users } from "./users";

/**
 * A user's plan and this period's allowance. Counters change only
 * through atomic `set x = x + n` updates.
 */
export const subscriptions = pgTable("subscriptions", {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  plan: text().notNull().default("free"),
  status: text().notNull().default("none"),
  stripeCustomerId: text().unique(),
  stripeSubscriptionId: text().unique(),
  currentPeriodEnd: timestamp({ withTimezone: true }),
  periodStart: timestamp({ withTimezone: true }).notNull().defaultNow(),
  tokensUsed: integer().notNull().default(0),
  maxTokensAllowed: integer().notNull().default(0),
  freeTokensUsed: integer().notNull().default(0),
  freeTokensAllowed: integer().notNull().default(500),
  /** Stripe's `created` of the last event applied, so an older event never overwrites a newer one. */
  stripeEventCreated: bigint({ mode: "number" }),
  ...timestamps,
});

/** Every reply's token usage; `chargedTokens` is what counted against the allowance. */
export const usageLedger = pgTable(
  "usage_ledger",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: bigint({ mode: "number" }).references(() => chatSessions.id, { onDelete: "set null" }),
    modelId: text(),
    service: text().notNull(),
    /** 'platform' (charged), 'user' (own key, recorded only) or 'free' (demo model). */
    keySource: text().notNull(),
    inputTokens: integer().notNull().default(0),
    outputTokens: integer().notNull().default(0),
    chargedTokens: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("usage_ledger_user_created_idx").on(t.userId, t.createdAt), index("usage_ledger_created_idx").on(t.createdAt)],
);

/**
 * Allowance held for a reply in flight, one row per chat entry: taken with the message, given
 * back less what the reply used when it ends, or in full when the process serving it died
 * (settled once the reply time-out is over). No link to the entry: a conversation deleted while
 * its reply streams still gets its hold settled. `free` says which counter it was taken from.
 */
export const allowanceHolds = pgTable(
  "allowance_holds",
  {
    entryId: bigint({ mode: "number" }).primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokens: integer().notNull(),
    free: boolean().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The server instance streaming the reply (its lease in server_instances); null on the embedded database. */
    instanceId: uuid(),
  },
  (t) => [index("allowance_holds_created_idx").on(t.createdAt), index("allowance_holds_instance_idx").on(t.instanceId)],
);

/**
 * A lease per running server on a shared PostgreSQL database: its id and when it last said it
 * was alive. The holds of an instance whose heartbeat stopped are settled by any other instance.
 */
export const serverInstances = pgTable("server_instances", {
  id: uuid().primaryKey(),
  startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Stripe webhook events already processed (each event id is applied once). */
export const stripeEvents = pgTable("stripe_events", {
  id: text().primaryKey(),
  type: text().notNull(),
  processedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
