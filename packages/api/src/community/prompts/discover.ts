import { and, desc, eq, sql } from "drizzle-orm";
import { PROMPT_LIMITS, type Category, type PromptSort } from "@parley/contracts";
import { prompts, users, type Executor } from "@parley/db";
import { decodeRankCursor, encodeRankCursor, toSearchQuery, tsQuery } from "../../kit/search/text-search";
import { decodeTimeCursor, encodeTimeCursor } from "../../conversation/prompts/cursors";
import { presentPromptCard, promptCardColumns, promptListed, timeKey } from "../../conversation/prompts/present";

export type DiscoverQuery = { sort: PromptSort; q?: string; category?: Category; cursor?: string; limit: number };

/**
 * Discover's Prompts tab: public prompts no moderator hid, trending (docs/prompts.md) or newest
 * first, optionally of one category and matching a search (the post search's engine and words),
 * in keyset pages: the cursor is the last row's score or publication time and id.
 */
export async function discoverPrompts(db: Executor, query: DiscoverQuery, extra?: { userId?: string }) {
  const words = query.q ? toSearchQuery(query.q) : null;
  if (query.q && words === null) return { items: [], nextCursor: null };
  const trending = query.sort === "trending";
  const after = query.cursor ? (trending ? decodeRankCursor(query.cursor) : decodeTimeCursor(query.cursor)) : null;
  const rows = await db
    .select({ ...promptCardColumns, score: prompts.trendScore, key: timeKey(prompts.publishedAt) })
    .from(prompts)
    .innerJoin(users, eq(users.id, prompts.userId))
    .where(
      and(
        promptListed(),
        extra?.userId ? eq(prompts.userId, extra.userId) : undefined,
        query.category ? eq(prompts.category, query.category) : undefined,
        words ? sql`${prompts.searchVector} @@ ${tsQuery(words)}` : undefined,
        after === null
          ? undefined
          : "rank" in after
            ? sql`(${prompts.trendScore}, ${prompts.id}) < (${after.rank}::float8, ${after.id})`
            : sql`(${prompts.publishedAt}, ${prompts.id}) < (${after.time}::timestamp at time zone 'UTC', ${after.id})`,
      ),
    )
    .orderBy(...(trending ? [desc(prompts.trendScore), desc(prompts.id)] : [desc(prompts.publishedAt), desc(prompts.id)]))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > query.limit && last ? (trending ? encodeRankCursor(last.score, last.id) : encodeTimeCursor(last.key, last.id)) : null;
  return { items: page.map(presentPromptCard), nextCursor };
}

/** A creator's public prompts, newest first (the creator page). */
export async function listCreatorPrompts(db: Executor, creatorId: string, cursor?: string) {
  return discoverPrompts(db, { sort: "newest", cursor, limit: PROMPT_LIMITS.pageSize }, { userId: creatorId });
}
