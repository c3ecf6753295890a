import { and, count, desc, eq, ilike, ne, or, sql } from "drizzle-orm";
import { PLANS, type PlanId } from "@parley/contracts";
import { subscriptions, usageLedger, users, type Executor } from "@parley/db";
import { displayNameOf } from "../account/display-name";
import { STAGING_ISSUER } from "../reach/import-store";
import { periodEnd } from "../account/subscription/allowance";

export type ListUsersQuery = { q?: string; limit: number; offset: number };

/** `%`, `_` and `\` match themselves in a search. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * People for the admin console, most recently seen first: who they are, their plan, what they
 * used of this period's allowance and in all (own keys and the demo model included), and when
 * they were last seen. `q` narrows to emails, names, nicknames and handles containing it.
 */
export async function listUsers(db: Executor, query: ListUsersQuery, now: Date) {
  // The stand-in accounts of imports in progress are nobody.
  const people = ne(users.issuer, STAGING_ISSUER);
  const where = query.q
    ? and(
        people,
        or(
          ilike(users.email, likePattern(query.q)),
          ilike(users.nickname, likePattern(query.q)),
          ilike(users.name, likePattern(query.q)),
          ilike(users.handle, likePattern(query.q)),
        ),
      )
    : people;
  const periodStart = sql`coalesce(${subscriptions.periodStart}, ${users.createdAt})`;
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      name: users.name,
      nickname: users.nickname,
      handle: users.handle,
      createdAt: users.createdAt,
      lastSeenAt: users.lastSeenAt,
      subscription: subscriptions,
      periodTokens: sql<number>`(select coalesce(sum(${usageLedger.inputTokens} + ${usageLedger.outputTokens}), 0)::int from ${usageLedger}
        where ${usageLedger.userId} = ${users.id} and ${usageLedger.createdAt} >= ${periodStart})`,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(where)
    .orderBy(sql`${users.lastSeenAt} desc nulls last`, desc(users.createdAt), desc(users.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return {
    total: Number(total?.n ?? 0),
    users: rows.map((row) => {
      const sub = row.subscription;
      const plan: PlanId = sub && sub.plan in PLANS ? (sub.plan as PlanId) : "free";
      // A month that is over counts as renewed, as the subscription screen shows it.
      const renewed = !sub || now >= periodEnd(sub.periodStart);
      const free = plan === "free";
      return {
        id: row.id,
        display_name: displayNameOf(row),
        nickname: row.nickname,
        email: row.email,
        email_verified: row.emailVerified,
        handle: row.handle,
        plan,
        plan_label: PLANS[plan].label,
        tokens_used: renewed ? 0 : free ? sub.freeTokensUsed : sub.tokensUsed,
        tokens_allowed: sub ? (free ? sub.freeTokensAllowed : sub.maxTokensAllowed) : PLANS.free.monthlyTokens,
        tokens_this_period: renewed ? 0 : Number(row.periodTokens),
        period_ends_at: sub ? periodEnd(renewed ? now : sub.periodStart).toISOString() : null,
        last_seen_at: row.lastSeenAt?.toISOString() ?? null,
        created_at: row.createdAt.toISOString(),
      };
    }),
  };
}
