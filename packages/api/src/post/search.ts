import { and, eq, lte, sql } from "drizzle-orm";
import { posts, resultRows, users, type Executor } from "@parley/db";
import { decodeRankCursor, encodeRankCursor, headline, toSearchQuery, toSearchTerms, toSnippet, tsQuery } from "../search/text-search";
import { matchingShare } from "../search/word-frequency";
import { perDatabase } from "../per-database";
import { hasLikedBy, postColumns, presentPost } from "./posts";
import { postVisibleTo } from "./visibility";
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

/** A page's posts by id with their snippets, built once per database and run with placeholders. */
function buildPageQuery(db: Executor) {
  const viewer = sql.placeholder("viewer");
  return db
    .select({ ...postColumns, hasLiked: hasLikedBy(viewer), ...comparisonSummaryFor(viewer), snippet: headline(snippetDocument, tsQuery(sql.placeholder("query"))) })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(sql`${posts.id} = any(${sql.placeholder("ids")}::int[])`)
    .prepare("search_page");
}

const pageQuery = perDatabase(buildPageQuery);

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
  const after = query.cursor ? decodeRankCursor(query.cursor) : undefined;
  const visible = and(postVisibleTo(viewerId), after?.upTo === undefined ? undefined : lte(posts.id, after.upTo));
  const common = (await matchingShare(db, "posts", "search_vector", terms)) >= COMMON_SHARE;
  // Each way keeps a query of its own behind OFFSET 0, which PostgreSQL neither merges with the
  // rest nor pushes the word match into: a common word reads the newest posts backwards on the
  // primary key until enough match (the search index would hand over every match first); a rare
  // word reads its matches from the search index, then keeps the newest.
  const candidates = common
    ? sql`select id, search_vector from (
          select ${posts.id} as id, ${posts.searchVector} as search_vector from ${posts} where ${visible} order by ${posts.id} desc offset 0
        ) p where search_vector @@ ${q} limit ${SEARCH_CANDIDATES}`
    : sql`select id, search_vector from (
          select ${posts.id} as id, ${posts.searchVector} as search_vector from ${posts} where ${posts.searchVector} @@ ${q} and ${visible} offset 0
        ) m order by id desc limit ${SEARCH_CANDIDATES}`;
  // Ranked from the candidates' own search documents: no second read of the posts.
  const ranked = resultRows<RankedRow>(
    await db.execute(sql`
      with candidates as (${candidates}),
      ranked as (select id, ts_rank_cd(search_vector, ${q})::float8 as rank from candidates)
      select id, rank, (select max(id) from candidates) as up_to
      from ranked
      ${after ? sql`where rank < ${after.rank} or (rank = ${after.rank} and id < ${after.id})` : sql``}
      order by rank desc, id desc
      limit ${query.limit}`),
  );
  const ids = ranked.map((row) => Number(row.id));
  // The page's posts with their snippets (ts_headline reads the whole text: only for these).
  const rows = ids.length === 0 ? [] : await pageQuery(db).execute({ viewer: viewerId, query: text, ids: `{${ids.join(",")}}` });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const page = ids.flatMap((id) => byId.get(id) ?? []);
  const last = ranked.at(-1);
  return {
    // A comparison the viewer has not voted on stays blind: its text names the models, so no snippet.
    posts: page.map((row) => ({ ...presentPost(row), snippet: toSnippet(row.compareCount != null && !row.revealed ? "" : row.snippet) })),
    next_cursor: last && ranked.length === query.limit ? encodeRankCursor(Number(last.rank), Number(last.id), after?.upTo ?? Number(last.up_to)) : null,
  };
}
