import { sql } from "drizzle-orm";
import { chatEntries, chatSessions, columnNames, setColumns, usageLedger, type Database } from "@parley/db";
import { releaseHoldCtes, type Reservation } from "../../account/subscription/budget";
import type { Payer } from "../../account/subscription/payer";

export type FinishedExchange = {
  userId: string;
  sessionId: number;
  entryId: number;
  reply: string;
  status: "complete" | "error" | "stopped";
  error: string | null;
  usage: { inputTokens: number; outputTokens: number };
  /** The model's id and service, and who paid for the reply (the ledger's key source). */
  model: { id: string; service: string; payer: Payer };
  /** Tokens that count against the allowance; what the reservation held beyond them goes back. */
  charged: number;
  reservation: Reservation | undefined;
  now: Date;
};

/**
 * Stores the reply with its status, records its usage in the ledger and ends the reply's hold,
 * giving back the unused part of the reservation, in one statement. A session deleted meanwhile
 * keeps the ledger row (without its session), so the usage still counts.
 */
export async function finishExchange(db: Database, done: FinishedExchange): Promise<void> {
  const { usage } = done;
  const hold = done.reservation ? releaseHoldCtes(done.entryId, done.charged) : undefined;
  // A hold already settled as interrupted gave everything back: the reply is then not charged.
  const charged = hold ? sql`coalesce((select charged from held), 0)` : sql`${done.charged}::int`;
  const ledger = usageLedger;
  await db.execute(
    sql`
    with entry as (
      update ${chatEntries} set ${setColumns(chatEntries, {
        responseContent: done.reply,
        status: done.status,
        error: done.error,
        inputTokens: sql`${usage.inputTokens}::int`,
        outputTokens: sql`${usage.outputTokens}::int`,
      })}
      where ${chatEntries.id} = ${done.entryId}::bigint
      returning ${chatEntries.id}
    ),
    session as (
      update ${chatSessions} set ${setColumns(chatSessions, { lastUpdated: sql`${done.now.toISOString()}::timestamptz` })}
      -- Always true, but it makes the exchange's update run first: the exchange's row is locked before
      -- its session's, the order every other writer of both takes (a new exchange is written, then
      -- the prompt it names is named on its session), so two of them never wait on each other.
      where ${chatSessions.id} = ${done.sessionId}::bigint and (select count(*) from entry) >= 0
      returning ${chatSessions.id} as id
    ),
    ${hold ? sql`${hold},` : sql``}
    ledger as (
      insert into ${ledger} (${columnNames(ledger.userId, ledger.sessionId, ledger.modelId, ledger.service, ledger.keySource, ledger.inputTokens, ledger.outputTokens, ledger.chargedTokens)})
      values (${done.userId}::uuid, (select id from session), ${done.model.id}, ${done.model.service}, ${done.model.payer},
        ${usage.inputTokens}::int, ${usage.outputTokens}::int, ${charged})
      returning ${ledger.id}
    )
    select 1`,
  );
}
