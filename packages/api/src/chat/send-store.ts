import { sql, type SQL } from "drizzle-orm";
import { resultRows, type Executor } from "@parley/db";
import type { AuthIdentity } from "../context";
import { AppError } from "../errors";
import { refundSql, refusal, reservationCtes, type Budget, type Reservation } from "../subscription/allowance";
import type { ProviderKeyName } from "../user/provider-keys";
import { SETUP_REQUIRED_MESSAGE } from "../user/require-user";
import { SESSION_NOT_FOUND } from "./sessions";

// The statements of a send, each one round trip: a reply's first token waits only for the
// sender lookup, the conversation's context (when it continues one) and the store.

/** Who is sending, with their own key for the model's service when they stored one (still sealed). */
export type Sender = { userId: string; sealedKey: string | null };

/** The caller's account and, for `keyName`, their sealed key, in one query; NOT_FOUND before account setup. */
export async function findSender(db: Executor, identity: Pick<AuthIdentity, "issuer" | "subject">, keyName: ProviderKeyName | null): Promise<Sender> {
  const account = sql`from users u where u.issuer = ${identity.issuer} and u.subject = ${identity.subject}`;
  const query = keyName
    ? sql`select u.id, (select k.ciphertext from user_provider_keys k where k.user_id = u.id and k.provider = ${keyName}) as sealed ${account}`
    : sql`select u.id, null as sealed ${account}`;
  const [row] = resultRows<{ id: string; sealed: string | null }>(await db.execute(query));
  if (!row) throw new AppError("NOT_FOUND", SETUP_REQUIRED_MESSAGE);
  return { userId: row.id, sealedKey: row.sealed };
}

/** A conversation being continued: its description and its last complete exchanges, oldest first. */
export type SendContext = { description: string; history: { message: string; response: string }[] };

/** The caller's session with its last `exchanges` complete exchanges; NOT_FOUND when it is not theirs. */
export async function loadContext(db: Executor, userId: string, sessionId: number, exchanges: number): Promise<SendContext> {
  const rows = resultRows<{ description: string; message: string | null; response: string | null }>(
    await db.execute(sql`
      select s.description, e.message_content as message, e.response_content as response
      from chat_sessions s
      left join lateral (
        select message_content, response_content, created_at, id from chat_entries
        where session_id = s.id and status = 'complete'
        order by created_at desc, id desc
        limit ${exchanges}
      ) e on true
      where s.id = ${sessionId}::bigint and s.user_id = ${userId}::uuid
      order by e.created_at, e.id`),
  );
  if (rows.length === 0) throw new AppError("NOT_FOUND", SESSION_NOT_FOUND);
  return {
    description: rows[0]!.description,
    history: rows.flatMap((row) => (row.message === null ? [] : [{ message: row.message, response: row.response ?? "" }])),
  };
}

export type NewMessage = {
  userId: string;
  /** The session to add to (already checked to be the caller's), or a new one with this id. */
  session: { existing: number } | { create: number; description: string };
  category: string | null;
  defaultCategory: string;
  content: string;
  modelId: string;
  promptId: number | null;
  /** Reserve this much of the allowance first (platform keys); nothing is stored when it cannot. */
  budget: Budget | undefined;
  now: Date;
};

/**
 * Stores the user's message, creating the session when needed, in one statement that first
 * reserves the allowance when a budget is given: a refused send leaves nothing behind, and an
 * accepted one is saved before the model is called.
 */
export async function storeMessage(db: Executor, message: NewMessage): Promise<{ entryId: number; reservation: Reservation | undefined }> {
  const { userId, now, budget } = message;
  const at = sql`${now.toISOString()}::timestamptz`;
  const allowed = budget ? sql`where exists (select 1 from reserved)` : sql``;
  const session: SQL =
    "create" in message.session
      ? sql`insert into chat_sessions (id, user_id, description, category, created_at, last_updated)
          select ${message.session.create}::bigint, ${userId}::uuid, ${message.session.description}, ${message.category ?? message.defaultCategory}, ${at}, ${at}
          ${allowed}
          returning id`
      : sql`update chat_sessions set last_updated = ${at}, category = coalesce(${message.category}, category)
          where id = ${message.session.existing}::bigint and user_id = ${userId}::uuid ${budget ? sql`and exists (select 1 from reserved)` : sql``}
          returning id`;
  const ctes = sql.join(
    [
      ...(budget ? [reservationCtes(userId, budget, now)] : []),
      sql`session as (${session})`,
      sql`entry as (
        insert into chat_entries (session_id, message_content, model_id, prompt_id, status, created_at)
        select id, ${message.content}, ${message.modelId}, ${message.promptId}::int, 'pending', ${at} from session
        returning id
      )`,
    ],
    sql`, `,
  );
  const reservedColumns = budget ? sql`, (select reserved from reserved) as reserved, (select free from reserved) as free` : sql``;
  const [row] = resultRows<{ entry_id: number | string | bigint | null; reserved?: number | null; free?: boolean | null }>(
    await db.execute(sql`with ${ctes} select (select id from entry) as entry_id ${reservedColumns}`),
  );
  if (row?.entry_id === null || row?.entry_id === undefined) {
    if (budget && (row?.reserved === null || row?.reserved === undefined)) throw await refusal(db, userId);
    throw new AppError("NOT_FOUND", SESSION_NOT_FOUND);
  }
  const reservation = budget ? { userId, reserved: Number(row.reserved), free: Boolean(row.free) } : undefined;
  return { entryId: Number(row.entry_id), reservation };
}

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
 * Stores the reply with its status, records its usage in the ledger and gives back the unused
 * part of the reservation, in one statement. A session deleted meanwhile keeps the ledger row
 * (without its session), so the usage still counts.
 */
export async function finishExchange(db: Executor, done: FinishedExchange): Promise<void> {
  const { usage } = done;
  const refund = done.reservation ? refundSql(done.reservation, done.charged) : undefined;
  await db.execute(sql`
    with entry as (
      update chat_entries set response_content = ${done.reply}, status = ${done.status}, error = ${done.error},
        input_tokens = ${usage.inputTokens}::int, output_tokens = ${usage.outputTokens}::int
      where id = ${done.entryId}::bigint
      returning id
    ),
    session as (
      update chat_sessions set last_updated = ${done.now.toISOString()}::timestamptz where id = ${done.sessionId}::bigint returning id
    ),
    ledger as (
      insert into usage_ledger (user_id, session_id, model_id, service, key_source, input_tokens, output_tokens, charged_tokens)
      values (${done.userId}::uuid, (select id from session), ${done.model.id}, ${done.model.service}, ${done.model.keySource},
        ${usage.inputTokens}::int, ${usage.outputTokens}::int, ${done.charged}::int)
      returning id
    )
    ${refund ? sql`, refund as (${refund})` : sql``}
    select 1`);
}
