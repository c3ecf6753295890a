import { sql } from "drizzle-orm";
import { chatEntries, chatSessions, runStatement, setColumns, type Database } from "@parley/db";
import type { PreparedMessage } from "./prepare";

/**
 * Takes back a stored message whose send could not go on: a session the send created goes with
 * it; a continued one gets back its last update, category and active branch, unless another send touched it since.
 */
export async function withdrawMessage(db: Database, prepared: Pick<PreparedMessage, "entryId" | "continued">, createdSession: number | null): Promise<void> {
  const { continued } = prepared;
  if (createdSession !== null || continued === null) {
    await runStatement(db, sql`delete from ${chatSessions} where ${chatSessions.id} = ${createdSession}::bigint`);
    return;
  }
  await runStatement(
    db,
    sql`with entry as (delete from ${chatEntries} where ${chatEntries.id} = ${prepared.entryId}::bigint returning ${chatEntries.id})
      update ${chatSessions} set ${setColumns(chatSessions, { lastUpdated: sql`${continued.lastUpdated}::timestamptz`, category: continued.category, activeEntryId: sql`${continued.activeEntryId}::bigint` })}
      where ${chatSessions.id} = ${continued.sessionId}::bigint and ${chatSessions.lastUpdated} = ${continued.touchedAt.toISOString()}::timestamptz`,
  );
}
