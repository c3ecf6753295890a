import { sql } from "drizzle-orm";
import { chatEntries, chatSessions, promptUses, setColumns, type Database } from "@parley/db";
import type { StoredExchange } from "./store";

/**
 * Takes back a stored exchange whose send could not go on: a session the send created goes with
 * it; a continued one gets back its last update, category and active branch, unless another send
 * touched it since. The prompt uses its store counted (the rows of that very statement) go too.
 */
export async function withdrawExchange(
  db: Database,
  stored: Pick<StoredExchange, "userId" | "columns" | "continued" | "storedAt">,
  createdSession: number | null,
): Promise<void> {
  const { continued } = stored;
  const uses = sql`delete from ${promptUses} where ${promptUses.userId} = ${stored.userId}::uuid and ${promptUses.createdAt} = ${stored.storedAt}::timestamptz`;
  if (createdSession !== null || continued === null) {
    await db.execute(sql`with uses as (${uses}) delete from ${chatSessions} where ${chatSessions.id} = ${createdSession}::bigint`);
    return;
  }
  const exchangeIds = sql.join(
    stored.columns.map((c) => sql`${c.entryId}::bigint`),
    sql`, `,
  );
  await db.execute(
    sql`with uses as (${uses}), entry as (delete from ${chatEntries} where ${chatEntries.id} in (${exchangeIds}) returning ${chatEntries.id})
      update ${chatSessions} set ${setColumns(chatSessions, { lastUpdated: sql`${continued.lastUpdated}::timestamptz`, category: continued.category, activeEntryId: sql`${continued.activeEntryId}::bigint` })}
      where ${chatSessions.id} = ${continued.sessionId}::bigint and ${chatSessions.lastUpdated} = ${continued.touchedAt.toISOString()}::timestamptz`,
  );
}
