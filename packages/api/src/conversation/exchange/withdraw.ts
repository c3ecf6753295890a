import { sql } from "drizzle-orm";
import { chatEntries, chatSessions, setColumns, type Database } from "@parley/db";
import type { StoredExchange } from "./store";

/**
 * Takes back a stored exchange whose send could not go on: a session the send created goes with
 * it; a continued one gets back its last update, category and active branch, unless another send touched it since.
 */
export async function withdrawExchange(db: Database, stored: Pick<StoredExchange, "columns" | "continued">, createdSession: number | null): Promise<void> {
  const { continued } = stored;
  if (createdSession !== null || continued === null) {
    await db.execute(sql`delete from ${chatSessions} where ${chatSessions.id} = ${createdSession}::bigint`);
    return;
  }
  const exchangeIds = sql.join(
    stored.columns.map((c) => sql`${c.entryId}::bigint`),
    sql`, `,
  );
  await db.execute(
    sql`with entry as (delete from ${chatEntries} where ${chatEntries.id} in (${exchangeIds}) returning ${chatEntries.id})
      update ${chatSessions} set ${setColumns(chatSessions, { lastUpdated: sql`${continued.lastUpdated}::timestamptz`, category: continued.category, activeEntryId: sql`${continued.activeEntryId}::bigint` })}
      where ${chatSessions.id} = ${continued.sessionId}::bigint and ${chatSessions.lastUpdated} = ${continued.touchedAt.toISOString()}::timestamptz`,
  );
}
