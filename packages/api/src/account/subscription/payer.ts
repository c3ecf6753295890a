import { sql, type SQL } from "drizzle-orm";
import type { KeySource } from "@parley/ai";

/**
 * Who pays for a reply: the user's own key (recorded, not charged), the platform's key (charged
 * to the allowance) or nobody (a free model: the demo, a local server).
 */
export type Payer = KeySource;

/**
 * Who pays for a reply, the one statement of the rule: the user's own key first, then the
 * platform's; a model with neither kind of key is free; null when nobody can (only an own key
 * reaches the model, and there is none). `ownKey` is the model's own-key service (null when it has
 * none), `platformKey` whether the platform holds a key for it (a model's KeyPolicy), `sealed` the
 * user's stored key for that service (null when none). Gives 'user', 'platform', 'free' or null.
 * test/account/payer.test.ts runs it over every case and checks it against @parley/ai's routing.
 */
export function payerSql(policy: { ownKey: SQL; platformKey: SQL }, sealed: SQL): SQL {
  return sql`(case when ${policy.ownKey} is not null and ${sealed} is not null then 'user' when ${policy.platformKey} then 'platform' when ${policy.ownKey} is null then 'free' end)`;
}
