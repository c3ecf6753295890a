import { sql, type SQL } from "drizzle-orm";
import type { KeyPolicy, KeySource } from "@parley/ai";

/**
 * Who pays for a reply: the user's own key (recorded, not charged), the platform's key (charged
 * to the allowance) or nobody (a free model: the demo, a local server).
 */
export type Payer = KeySource;

/**
 * Who pays for a reply of a model with this key policy, for a user who has (or has not) stored
 * their own key for its service: their own key first, then the platform's; a model with neither
 * kind of key is free. Null when nobody can: only an own key reaches the model, and there is none.
 * payerSql states the same rule inside a statement.
 */
export function payerOf(policy: KeyPolicy, ownKeyStored: boolean): Payer | null {
  if (policy.ownKey && ownKeyStored) return "user";
  if (policy.platformKey) return "platform";
  return policy.ownKey ? null : "free";
}

/**
 * payerOf in SQL: `ownKey` is the model's own-key service (null when it has none), `platformKey`
 * whether the platform holds a key for it, `sealed` the user's stored key for that service (null
 * when none). Gives 'user', 'platform', 'free' or null.
 */
export function payerSql(policy: { ownKey: SQL; platformKey: SQL }, sealed: SQL): SQL {
  return sql`(case when ${policy.ownKey} is not null and ${sealed} is not null then 'user' when ${policy.platformKey} then 'platform' when ${policy.ownKey} is null then 'free' end)`;
}
