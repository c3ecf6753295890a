import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Settings of the instance that admins change while it runs (the admin console), one row per
 * setting: `privacy_check` is `{ blocking: boolean }` (docs/privacy.md). A missing row is the default.
 * Secrets the servers share are kept here too (`votes_download_key`: `{ secret }`, drawn once; kit/instance-secret.ts).
 */
export const instanceSettings = pgTable("instance_settings", {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
