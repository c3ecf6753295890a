import { runStatement, stmt, type Database } from "@parley/db";
import { releaseHoldCtes, type Reservation } from "./budget";

export type FinishedExchange = {
  userId: string;
  sessionId: number;
  entryId: number;
  reply: string;
  status: "complete" | "error" | "stopped";
  error: string | null;
  usage: { inputTokens: number; outputTokens: number };
  model: { id: string; service: string; keySource: string };
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
  const charged = hold ? stmt`coalesce((select charged from held), 0)` : stmt`${done.charged}::int`;
  await runStatement(
    db,
    stmt`
    with entry as (
      update chat_entries set response_content = ${done.reply}, status = ${done.status}, error = ${done.error},
        input_tokens = ${usage.inputTokens}::int, output_tokens = ${usage.outputTokens}::int
      where id = ${done.entryId}::bigint
      returning id
    ),
    session as (
      update chat_sessions set last_updated = ${done.now.toISOString()}::timestamptz where id = ${done.sessionId}::bigint returning id
    ),
    ${hold ? stmt`${hold},` : stmt``}
    ledger as (
      insert into usage_ledger (user_id, session_id, model_id, service, key_source, input_tokens, output_tokens, charged_tokens)
      values (${done.userId}::uuid, (select id from session), ${done.model.id}, ${done.model.service}, ${done.model.keySource},
        ${usage.inputTokens}::int, ${usage.outputTokens}::int, ${charged})
      returning id
    )
    select 1`,
  );
}
