import { and, eq, sql, type AnyColumn } from "drizzle-orm";
import { PROMPT_LIMITS, type Category, type PromptSort } from "@parley/contracts";
import { prompts, users, type Executor } from "@parley/db";
import { decodeRankCursor, encodeRankCursor, toSearchQuery, toSearchTerms, tsQuery } from "../../kit/search/text-search";
import { matchingShare } from "../../kit/search/word-frequency";
import { decodeTimeCursor, encodeTimeCursor } from "../../conversation/prompts/cursors";
import { presentPromptCard, promptCardColumns, promptListed, timeKey } from "../../conversation/prompts/present";
import { getCreatorByHandle } from "../creator/profile";

/** Descending as the partial indexes are built (DESC NULLS LAST), so PostgreSQL walks an index instead of sorting every prompt. */
const newestFirst = (column: AnyColumn) => sql`${column} desc nulls last`;
/** The same order as an expression no index has: the matches of rare words are found by the GIN index and sorted. */
const sortedFirst = (column: AnyColumn) => sql`(${column} + 0) desc`;

/** The share of prompts from which a search's words count as common (as post search decides, docs/discovery.md). */
const COMMON_SHARE = 0.05;

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
  // Common words: walk the order's index and keep the matches (a page is found within its first
  // rows). Rare ones: the few matches from the search index, then sorted; walking the order's
  // index would read nearly every prompt before finding a page of them.
  const rare = words !== null && (await matchingShare(db, "prompts", "search_vector", toSearchTerms(query.q!))) < COMMON_SHARE;
  const order = rare ? sortedFirst : newestFirst;
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
    .orderBy(
      ...(trending
        ? [order(prompts.trendScore), order(prompts.id)]
        : [rare ? sql`${prompts.publishedAt} desc` : newestFirst(prompts.publishedAt), order(prompts.id)]),
    )
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

/** A creator's public prompts by handle, newest first. */
export async function listCreatorPromptsByHandle(db: Executor, handle: string, cursor?: string) {
  const { userId } = await getCreatorByHandle(db, handle);
  return listCreatorPrompts(db, userId, cursor);
}
