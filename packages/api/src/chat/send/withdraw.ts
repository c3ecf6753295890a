import { runStatement, stmt, type Database } from "@parley/db";
import type { PreparedMessage } from "./prepare";

/**
 * Takes back a stored message whose send could not go on: a session the send created goes with
 * it; a continued one gets back its last update and category, unless another send touched it since.
 */
export async function withdrawMessage(db: Database, prepared: Pick<PreparedMessage, "entryId" | "continued">, createdSession: number | null): Promise<void> {
  const { continued } = prepared;
  if (createdSession !== null || continued === null) {
    await runStatement(db, stmt`delete from chat_sessions where id = ${createdSession}::bigint`);
    return;
  }
  await runStatement(
    db,
    stmt`with entry as (delete from chat_entries where id = ${prepared.entryId}::bigint returning id)
      update chat_sessions set last_updated = ${continued.lastUpdated}::timestamptz, category = ${continued.category}
      where id = ${continued.sessionId}::bigint and last_updated = ${continued.touchedAt.toISOString()}::timestamptz`,
  );
}

