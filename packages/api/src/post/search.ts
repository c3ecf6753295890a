import { and, desc, eq, inArray, lte, sql } from "drizzle-orm";
import { posts, users, type Executor } from "@parley/db";
import { decodeRankCursor, encodeRankCursor, headline, toSearchQuery, toSnippet, tsQuery } from "../search/text-search";
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
 * million posts); the newest ones are read straight from the primary key, and a rare word's few
 * matches from the search index. See docs/discovery.md.
 */
export const SEARCH_CANDIDATES = 1000;

/**
 * Full-text search of the posts (description, categories, model names, conversation) on the
 * search column's GIN index: the newest SEARCH_CANDIDATES matches, best match first (ts_rank_cd,
 * ties newest id first), with a highlighted snippet. Keyset-paginated on (rank, id), and every
 * page after the first ranks the first page's candidates (the cursor carries the newest id it
 * could see), so new posts never shift a later page.
 */
export async function searchPosts(db: Executor, viewerId: string, query: SearchPostsQuery) {
  const text = toSearchQuery(query.q);
  if (!text) return { posts: [], next_cursor: null };
  const q = tsQuery(text);
  const rank = sql<number>`ts_rank_cd(${posts.searchVector}, ${q})::float8`;
  const after = query.cursor ? decodeRankCursor(query.cursor) : undefined;
  const candidates = db.$with("candidates").as(
    db
      .select({ id: posts.id })
      .from(posts)
      .where(and(sql`${posts.searchVector} @@ ${q}`, postVisibleTo(viewerId), after?.upTo === undefined ? undefined : lte(posts.id, after.upTo)))
      .orderBy(desc(posts.id))
      .limit(SEARCH_CANDIDATES),
  );
  const rows = await db
    .with(candidates)
    .select({
      ...postColumns,
      hasLiked: hasLikedBy(viewerId),
      ...comparisonSummaryFor(viewerId),
      rank: rank.as("rank"),
      upTo: sql<number>`(select max(id) from ${candidates})`.mapWith(Number).as("up_to"),
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(
      and(
        inArray(posts.id, db.select({ id: candidates.id }).from(candidates)),
        after ? sql`(${rank} < ${after.rank} or (${rank} = ${after.rank} and ${posts.id} < ${after.id}))` : undefined,
      ),
    )
    .orderBy(desc(sql`rank`), desc(posts.id))
    .limit(query.limit);
  // Snippets only for the page's rows: ts_headline reads the whole text.
  const snippets = new Map<number, string>();
  if (rows.length > 0) {
    const cut = await db
      .select({ id: posts.id, snippet: headline(snippetDocument, q) })
      .from(posts)
      .where(inArray(posts.id, rows.map((row) => row.id)));
    for (const row of cut) snippets.set(row.id, row.snippet);
  }
  const last = rows.at(-1);
  return {
    // A comparison the viewer has not voted on stays blind: its text names the models, so no snippet.
    posts: rows.map((row) => ({ ...presentPost(row), snippet: toSnippet(row.compareCount != null && !row.revealed ? "" : (snippets.get(row.id) ?? "")) })),
    next_cursor: last && rows.length === query.limit ? encodeRankCursor(last.rank, last.id, after?.upTo ?? last.upTo) : null,
  };
}
