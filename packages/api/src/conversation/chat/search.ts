import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { chatEntries, chatSessions, type Executor } from "@parley/db";
import { decodeRankCursor, encodeRankCursor, headline, toSearchQuery, toSnippet, tsQuery } from "../../kit/search/text-search";
import { toSpecTimestamp } from "./timestamps";

export type SearchSessionsQuery = { q: string; limit: number; cursor?: string };

/**
 * Full-text search of the caller's own conversations (messages and replies, on the exchanges'
 * GIN index): each conversation once, by its best matching exchange, with a highlighted
 * snippet of it. Only the caller's sessions are read: ownership is part of the query.
 */
export async function searchSessionsByUser(db: Executor, userId: string, query: SearchSessionsQuery) {
  const text = toSearchQuery(query.q);
  if (!text) return { sessions: [], next_cursor: null };
  const q = tsQuery(text);
  const best = db
    .selectDistinctOn([chatEntries.sessionId], {
      sessionId: chatEntries.sessionId,
      entryId: sql<number>`${chatEntries.id}`.as("entry_id"),
      rank: sql<number>`ts_rank_cd(${chatEntries.searchVector}, ${q})::float8`.as("rank"),
    })
    .from(chatEntries)
    .innerJoin(chatSessions, eq(chatSessions.id, chatEntries.sessionId))
    .where(and(eq(chatSessions.userId, userId), sql`${chatEntries.searchVector} @@ ${q}`))
    .orderBy(chatEntries.sessionId, desc(sql`rank`), desc(chatEntries.id))
    .as("best");
  const after = query.cursor ? decodeRankCursor(query.cursor) : undefined;
  const rows = await db
    .select({
      id: chatSessions.id,
      description: chatSessions.description,
      category: chatSessions.category,
      lastUpdated: chatSessions.lastUpdated,
      entryId: best.entryId,
      rank: best.rank,
    })
    .from(best)
    .innerJoin(chatSessions, eq(chatSessions.id, best.sessionId))
    .where(after ? sql`(${best.rank} < ${after.rank} or (${best.rank} = ${after.rank} and ${chatSessions.id} < ${after.id}))` : undefined)
    .orderBy(desc(best.rank), desc(chatSessions.id))
    .limit(query.limit);
  const snippets = new Map<number, string>();
  if (rows.length > 0) {
    const cut = await db
      .select({ id: chatEntries.id, snippet: headline(sql`${chatEntries.messageContent} || ' — ' || left(${chatEntries.responseContent}, 20000)`, q) })
      .from(chatEntries)
      .where(
        inArray(
          chatEntries.id,
          rows.map((row) => Number(row.entryId)),
        ),
      );
    for (const row of cut) snippets.set(row.id, row.snippet);
  }
  const last = rows.at(-1);
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      description: row.description,
      category: row.category,
      last_updated: toSpecTimestamp(row.lastUpdated),
      snippet: toSnippet(snippets.get(Number(row.entryId)) ?? ""),
    })),
    next_cursor: last && rows.length === query.limit ? encodeRankCursor(last.rank, last.id) : null,
  };
}
