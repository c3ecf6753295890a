import { and, eq, sql } from "drizzle-orm";
import { posts, users, type Executor } from "@parley/db";
import { INT4_MAX } from "@parley/contracts";
import { AppError } from "../../kit/errors";
import {
  decodeRankCursor,
  encodeRankCursor,
  RANK_CURSOR_MESSAGE,
  headline,
  toSearchQuery,
  toSearchTerms,
  toSnippet,
  tsQuery,
} from "../../kit/search/text-search";
import { matchingShare } from "../../kit/search/word-frequency";
import { perDatabase } from "../../kit/per-database";
import { hasLikedBy, postColumns, presentPost } from "./posts";
import { postVisibleTo } from "./visibility";
import { comparisonSummaryFor } from "./votes";

/** `now` decides whether a shared ranking is still fresh. */
export type SearchPostsQuery = { q: string; limit: number; cursor?: string; now: Date };

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

/** A search's candidates, best first: the newest SEARCH_CANDIDATES matches up to a post id, ranked. */
type Ranking = { ranked: { id: number; rank: number }[]; upTo: number };
/** A ranking while it is shared: made at `at`, by one query that those who ask meanwhile wait for. */
type SharedRanking = { at: number; ranking: Promise<Ranking> };

/**
 * How long a ranking is shared by everyone who searches the same words: a popular search is
 * ranked once per interval instead of once per request. A post published on this instance
 * clears them at once (forgetSearchRankings); on other instances it is found within this time.
 */
export const SEARCH_RANKING_TTL_MS = 2000;
/** Most rankings kept per database; the oldest goes first. */
const MAX_RANKINGS = 500;

/**
 * The ranking, built once per database and way (common or rare words) and run with placeholders.
 * Each way keeps a query of its own behind OFFSET 0, which PostgreSQL neither merges with the
 * rest nor pushes the word match into: a common word reads the newest posts backwards on the
 * primary key until enough match (the search index would hand over every match first); a rare
 * word reads its matches from the search index, then keeps the newest. Ranked from the
 * candidates' own search documents (no second read of the posts). Hidden posts take part, and
 * each page leaves out what its viewer may not see, so one ranking serves everyone.
 */
function buildRankingQuery(db: Executor, common: boolean) {
  const q = tsQuery(sql.placeholder("query"));
  const bounded = sql`${posts.id} <= ${sql.placeholder("upTo")}::int`;
  const limit = sql.raw(String(SEARCH_CANDIDATES));
  const candidates = common
    ? sql`select id, search_vector from (
          select ${posts.id} as id, ${posts.searchVector} as search_vector from ${posts} where ${bounded} order by ${posts.id} desc offset 0
        ) p where search_vector @@ ${q} limit ${limit}`
    : // The bound stays outside: inside, a plan made for any words (PostgreSQL's generic plan of a
      // prepared query) read every post id up to it from the primary key to combine with the matches.
      sql`select id, search_vector from (
          select ${posts.id} as id, ${posts.searchVector} as search_vector from ${posts} where ${posts.searchVector} @@ ${q} offset 0
        ) m where id <= ${sql.placeholder("upTo")}::int order by id desc limit ${limit}`;
  const ranked = sql`(select id, ts_rank_cd(search_vector, ${q})::float8 as rank from (${candidates}) c) ranked`;
  return db
    .select({ id: sql<number>`ranked.id`.mapWith(Number), rank: sql<number>`ranked.rank`.mapWith(Number) })
    .from(ranked)
    .orderBy(sql`ranked.rank desc`, sql`ranked.id desc`)
    .prepare(`search_rank_${common ? "common" : "rare"}`);
}

/** A page's posts by id, as its viewer may see them, with their snippets (ts_headline reads the whole text: only for these). */
function buildPageQuery(db: Executor) {
  const viewer = sql.placeholder("viewer");
  return db
    .select({
      ...postColumns,
      hasLiked: hasLikedBy(viewer),
      ...comparisonSummaryFor(viewer),
      snippet: headline(snippetDocument, tsQuery(sql.placeholder("query"))),
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(sql`${posts.id} = any(${sql.placeholder("ids")}::int[])`, postVisibleTo(viewer)))
    .prepare("search_page");
}

const queriesOf = perDatabase((db: Executor) => ({
  common: buildRankingQuery(db, true),
  rare: buildRankingQuery(db, false),
  page: buildPageQuery(db),
  rankings: new Map<string, SharedRanking>(),
}));

/** Every ranking of this database is made afresh (a post was published or changed). */
export function forgetSearchRankings(db: Executor): void {
  queriesOf(db).rankings.clear();
}

/** The bound of a search that carries none: every post id (an int4) is at most this. */
const NO_BOUND = INT4_MAX;

/**
 * The ranking of `text` among the posts up to `upTo` (the newest, without one), shared while
 * fresh: those who ask while it is being made wait for the same query.
 */
function rankingOf(db: Executor, text: string, common: boolean, upTo: number | undefined, at: Date): Promise<Ranking> {
  const { rankings, ...queries } = queriesOf(db);
  const way = common ? "common" : "rare";
  const key = `${way}:${upTo ?? "newest"}:${text}`;
  const now = at.getTime();
  const kept = rankings.get(key);
  if (kept && now - kept.at < SEARCH_RANKING_TTL_MS) return kept.ranking;
  const keep = (name: string, shared: SharedRanking) => {
    rankings.delete(name);
    if (rankings.size >= MAX_RANKINGS) rankings.delete(rankings.keys().next().value!);
    rankings.set(name, shared);
  };
  const shared: SharedRanking = {
    at: now,
    ranking: queries[way].execute({ query: text, upTo: upTo ?? NO_BOUND }).then((ranked) => {
      const ranking = { ranked, upTo: upTo ?? ranked.reduce((newest, row) => Math.max(newest, row.id), 0) };
      // The next pages ask with the bound this one saw: the same ranking.
      if (upTo === undefined) keep(`${way}:${ranking.upTo}:${text}`, shared);
      return ranking;
    }),
  };
  keep(key, shared);
  // A failed query is not kept: the next search asks again.
  shared.ranking.catch(() => rankings.get(key) === shared && rankings.delete(key));
  return shared.ranking;
}

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
  const after = query.cursor ? decodeRankCursor(query.cursor) : undefined;
  if (after && (after.id > INT4_MAX || (after.upTo ?? 0) > INT4_MAX)) throw new AppError("BAD_REQUEST", `cursor: ${RANK_CURSOR_MESSAGE}`);
  const common = (await matchingShare(db, "posts", "search_vector", terms)) >= COMMON_SHARE;
  const { ranked, upTo } = await rankingOf(db, text, common, after?.upTo, query.now);
  const start = after ? ranked.findIndex((row) => row.rank < after.rank || (row.rank === after.rank && row.id < after.id)) : 0;
  const slice = start < 0 ? [] : ranked.slice(start, start + query.limit);
  const rows = slice.length === 0 ? [] : await queriesOf(db).page.execute({ viewer: viewerId, query: text, ids: `{${slice.map((row) => row.id).join(",")}}` });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const last = slice.at(-1);
  return {
    // A comparison the viewer has not voted on stays blind: its text names the models, so no snippet.
    posts: slice
      .flatMap(({ id }) => byId.get(id) ?? [])
      .map((row) => ({ ...presentPost(row), snippet: toSnippet(row.compareCount != null && !row.revealed ? "" : row.snippet) })),
    next_cursor: last && start + slice.length < ranked.length ? encodeRankCursor(last.rank, last.id, upTo) : null,
  };
}
