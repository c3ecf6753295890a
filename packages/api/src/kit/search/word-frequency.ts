import { sql } from "drizzle-orm";
import { resultRows, type Executor } from "@parley/db";
import { perDatabase } from "../per-database";

/** How long the words' frequencies are reused before they are read again. */
const STATS_TTL_MS = 5 * 60_000;

type Frequencies = { readAt: number; byWord: Map<string, number> };
/** Per database, per "table.column". */
const cacheOf = perDatabase(() => new Map<string, Frequencies>());

/** A word of a search, and whether it also matches as the start of longer words. */
export type SearchTerm = { word: string; prefix: boolean };

/**
 * The most common words of a table's search column and the share of rows holding each, from
 * PostgreSQL's own statistics (`pg_stats.most_common_elems`, kept by ANALYZE and autovacuum),
 * read at most every few minutes. Empty before the table was ever analyzed (a new or embedded
 * database), which reads as "every word is rare".
 */
async function frequencies(db: Executor, table: string, column: string): Promise<Map<string, number>> {
  const columns = cacheOf(db);
  const cached = columns.get(`${table}.${column}`);
  if (cached && Date.now() - cached.readAt < STATS_TTL_MS) return cached.byWord;
  const [row] = resultRows<{ words: string[] | null; shares: number[] | null }>(
    await db.execute(sql`
      select most_common_elems::text::text[] as words, most_common_elem_freqs::float8[] as shares
      from pg_stats where schemaname = current_schema() and tablename = ${table} and attname = ${column}`),
  );
  const byWord = new Map<string, number>();
  // The shares line up with the words; PostgreSQL appends three summary values after them.
  (row?.words ?? []).forEach((word, i) => byWord.set(word, Number(row!.shares![i] ?? 0)));
  columns.set(`${table}.${column}`, { readAt: Date.now(), byWord });
  return byWord;
}

/**
 * About what share of the rows match every term: the least common term's share, where a prefix
 * term counts every common word it starts (an overestimate, which errs towards "common").
 */
export async function matchingShare(db: Executor, table: string, column: string, terms: SearchTerm[]): Promise<number> {
  const byWord = await frequencies(db, table, column);
  let least = 1;
  for (const { word, prefix } of terms) {
    let share = byWord.get(word) ?? 0;
    if (prefix) for (const [common, frequency] of byWord) if (common !== word && common.startsWith(word)) share += frequency;
    least = Math.min(least, share);
  }
  return Math.min(1, least);
}

/** Reads the frequencies anew on the next search (after an ANALYZE that should count at once). */
export function forgetWordFrequencies(db: Executor): void {
  cacheOf(db).clear();
}
