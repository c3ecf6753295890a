import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { posts, resultRows, users, type Executor } from "@parley/db";
import { decodeRankCursor, encodeRankCursor, headline, toSearchQuery, toSearchTerms, toSnippet, tsQuery } from "../search/text-search";
import { matchingShare } from "../search/word-frequency";
import { hasLikedBy, postColumns, postVisibleTo, presentPost } from "./posts";
import { comparisonSummaryFor } from "./votes";

export type SearchPostsQuery = { q: string; limit: number; cursor?: string };

/** The text a post's snippet is cut from: description, then the conversation (or comparison). */
const snippetDocument = sql`${posts.description} || ' — ' || left(coalesce(
  (select string_agg(m->>'content', ' ') from jsonb_array_elements(${posts.messages}) as m),
  ''
) || ' ' || coalesce(
  (select string_agg(x #>> '{}', ' ') from jsonb_path_query(${posts.comparison}, 'lax $.turns[*].prompt') as x),
  ''
), 20000)`;

/**
 * How many matching posts, newest first, a search ranks. A word found in most posts would
 * otherwise have every one of them ranked before the first page is known (a million ranks at a
 * million posts). See docs/discovery.md.
 */
export const SEARCH_CANDIDATES = 1000;

/**
 * The share of posts from which a search's words count as common (PostgreSQL's statistics say
 * how common each word is): its newest matches are then read backwards on the primary key,
 * which finds them among the newest posts; rarer words are read from the search index, and the
 * newest of their matches kept.
 */
const COMMON_SHARE = 0.05;

type RankedRow = { id: number | string; rank: number; up_to: number | string };

/**
 * Full-text search of the posts (description, categories, model names, conversation) on the
 * search column's GIN index: the newest SEARCH_CANDIDATES matches, best match first (ts_rank_cd,
 * ties newest id first), with a highlighted snippet. Keyset-paginated on (rank, id), and every
 * page after the first ranks the first page's candidates (the cursor carries the newest id it
 * could see), so new posts never shift a later page.
 */
export async function searchPosts(db: Executor, viewerId: string, query: SearchPostsQuery) {
  const terms = toSearchTerms(query.q);
  const text = toSearchQuery(query.q);
  if (!text) return { posts: [], next_cursor: null };
  const q = tsQuery(text);
  const rank = sql<number>`ts_rank_cd(${posts.searchVector}, ${q})::float8`;
  const after = query.cursor ? decodeRankCursor(query.cursor) : undefined;
  const matches = and(sql`${posts.searchVector} @@ ${q}`, postVisibleTo(viewerId), after?.upTo === undefined ? undefined : lte(posts.id, after.upTo));
  const common = (await matchingShare(db, "posts", "search_vector", terms)) >= COMMON_SHARE;
  const candidates = common
    ? sql`select ${posts.id} as id from ${posts} where ${matches} order by ${posts.id} desc limit ${SEARCH_CANDIDATES}`
    : // OFFSET 0 keeps the matches a query of their own, read from the search index, not in id order.
      sql`select id from (select ${posts.id} as id from ${posts} where ${matches} offset 0) m order by id desc limit ${SEARCH_CANDIDATES}`;
  const ranked = resultRows<RankedRow>(
    await db.execute(sql`
      with candidates as (${candidates})
      select ${posts.id} as id, ${rank} as rank, (select max(id) from candidates) as up_to
      from ${posts}
      where ${posts.id} in (select id from candidates)
        ${after ? sql`and (${rank} < ${after.rank} or (${rank} = ${after.rank} and ${posts.id} < ${after.id}))` : sql``}
      order by rank desc, ${posts.id} desc
      limit ${query.limit}`),
  );
  const ids = ranked.map((row) => Number(row.id));
  // The page's posts with their snippets (ts_headline reads the whole text: only for these).
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ ...postColumns, hasLiked: hasLikedBy(viewerId), ...comparisonSummaryFor(viewerId), snippet: headline(snippetDocument, q) })
          .from(posts)
          .innerJoin(users, eq(users.id, posts.userId))
          .where(inArray(posts.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const page = ids.flatMap((id) => byId.get(id) ?? []);
  const last = ranked.at(-1);
  return {
    // A comparison the viewer has not voted on stays blind: its text names the models, so no snippet.
    posts: page.map((row) => ({ ...presentPost(row), snippet: toSnippet(row.compareCount != null && !row.revealed ? "" : row.snippet) })),
    next_cursor: last && ranked.length === query.limit ? encodeRankCursor(Number(last.rank), Number(last.id), after?.upTo ?? Number(last.up_to)) : null,
  };
}
