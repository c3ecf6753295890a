import { countCharacters, type KeyPolicy } from "@parley/ai";
import { sql, type SQL } from "drizzle-orm";
import { allowanceHolds, chatEntries, chatSessions, columnNames, prompts, runStatement, setColumns, userProviderKeys, users, type Database } from "@parley/db";
import type { AuthIdentity } from "../../../kit/identity";
import { AppError } from "../../../kit/errors";
import { refusal } from "../../../account/subscription/allowance";
import type { ProviderKeyName } from "../../../account/user/provider-keys";
import { SETUP_REQUIRED_MESSAGE } from "../../../account/user/require-user";
import { PROMPT_GONE_MESSAGE } from "../prompts";
import { ENTRY_NOT_FOUND } from "../branches";
import { SESSION_NOT_FOUND } from "../sessions";
import { estimatedTokensSql, REQUEST_OVERHEAD_TOKENS, reservationCtes, type Reservation } from "./budget";

/** A model the caller has no usable key for (or that is not in the catalogue). */
export const MODEL_UNAVAILABLE_MESSAGE =
  "This model is not available to you. Pick another model, or add a key for its service under Profile → API Keys.";

// A send touches the database twice: one statement before the model is called, which checks and
// stores everything, and one after the reply, which stores the reply and its usage.

export type SendRequest = {
  identity: Pick<AuthIdentity, "issuer" | "subject">;
  /** The model's key policy: whose key can pay, decided from configuration. */
  policy: KeyPolicy;
  /** The session to continue, or a new one with this id and description. */
  session: { existing: number } | { create: number; description: string };
  category: string | null;
  defaultCategory: string;
  content: string;
  modelId: string;
  promptId: number | null;
  /**
   * The exchange the new one is a sibling of (same parent): an edit of its message or a
   * regeneration of its reply. Without it, the new exchange continues the session's active branch.
   */
  siblingOf: number | null;
  /** Earlier complete exchanges read back as context. */
  exchanges: number;
  /** The reply budget reserved beyond the input estimate when the platform's key pays (at most half of what is left), and the least worth a call. */
  replyTokens: { wanted: number; minimum: number };
  /** The server instance whose lease covers the reservation (null on the embedded database). */
  instance: string | null;
  now: Date;
};

export type PreparedMessage = {
  userId: string;
  /** The user's own key for the model's service, still sealed, when they stored one. */
  sealedKey: string | null;
  system: string | undefined;
  description: string;
  history: { message: string; response: string }[];
  /** Input tokens: estimateTokens over all the texts sent along, plus the request's overhead. */
  inputEstimate: number;
  entryId: number;
  reservation: Reservation | undefined;
  /** What the send changed on a continued conversation, to put back if the send is withdrawn. */
  continued: { sessionId: number; lastUpdated: string; category: string; activeEntryId: number | null; touchedAt: Date } | null;
};

/** The stored key each service's own-key policy reads. */
export const OWN_KEY_NAME: Record<NonNullable<KeyPolicy["ownKey"]>, ProviderKeyName> = { openai: "openai", anthropic: "claude" };

/** A plain send (or an edit or regenerate) into a comparison that is still comparing. */
export const COMPARISON_SEND_MESSAGE =
  "This conversation compares models: send your message to all of them, or choose 'Continue with this model' on one first.";

type PrepareRow = {
  plain: boolean | null;
  user_id: string | null;
  sealed: string | null;
  prompt_found: boolean;
  prompt: string | null;
  session_found: boolean;
  description: string | null;
  last_updated: string | null;
  category: string | null;
  active_entry_id: number | string | bigint | null;
  sibling_found: boolean;
  history: { message: string; response: string }[] | string | null;
  input_estimate: number;
  reserved: number | null;
  free: boolean | null;
  entry_id: number | string | bigint | null;
};

/**
 * Checks and stores a message in one statement, before the model is called: the caller's
 * account and own key for the model's service, the prompt, the session and its last exchanges
 * (ownership is part of every lookup), the allowance reservation when the platform's key pays,
 * then the session (created when new) and the message itself. Anything missing or refused
 * stores nothing and throws the error a person can act on.
 */
export async function prepareMessage(db: Database, request: SendRequest): Promise<PreparedMessage> {
  const { policy, now } = request;
  const at = sql`${now.toISOString()}::timestamptz`;
  const continuing = "existing" in request.session ? request.session.existing : null;
  const ctes: SQL[] = [sql`u as (select ${users.id} as id from ${users} where ${users.issuer} = ${request.identity.issuer} and ${users.subject} = ${request.identity.subject})`];
  const keys = userProviderKeys;
  ctes.push(
    policy.ownKey
      ? sql`k as (select ${keys.ciphertext} as ciphertext from ${keys} where ${keys.userId} = (select id from u) and ${keys.provider} = ${OWN_KEY_NAME[policy.ownKey]})`
      : sql`k as (select null::text as ciphertext where false)`,
  );
  ctes.push(
    request.promptId === null
      ? sql`p as (select null::text as prompt where false)`
      : sql`p as (select ${prompts.prompt} as prompt from ${prompts} where ${prompts.id} = ${request.promptId}::int and (${prompts.userId} is null or ${prompts.userId} = (select id from u)))`,
  );
  ctes.push(
    continuing === null
      ? sql`s as (select null::bigint as id, null::text as description, null::timestamptz as last_updated, null::text as category, null::bigint as active_entry_id, true as plain where false)`
      : sql`s as (
          select ${chatSessions.id} as id, ${chatSessions.description} as description, ${chatSessions.lastUpdated} as last_updated, ${chatSessions.category} as category,
            ${chatSessions.activeEntryId} as active_entry_id, ${chatSessions.compareModels} is null as plain
          from ${chatSessions} where ${chatSessions.id} = ${continuing}::bigint and ${chatSessions.userId} = (select id from u)
        )`,
  );
  // The new exchange's parent: the edited or regenerated exchange's parent, or the active one.
  // The context is the branch above it only, walked up through parents (each older than its
  // child) until enough complete exchanges are found, so a long conversation costs no more.
  const entries = chatEntries;
  ctes.push(
    request.siblingOf === null
      ? sql`sib as (select null::bigint as parent where false)`
      : sql`sib as (select ${entries.parentEntryId} as parent from ${entries} where ${entries.id} = ${request.siblingOf}::bigint and ${entries.sessionId} = (select id from s))`,
  );
  ctes.push(
    sql`par as (select ${request.siblingOf === null ? sql`(select active_entry_id from s)` : sql`(select parent from sib)`} as id)`,
    sql`chain as (
      select e.id, e.parent_entry_id as parent, 0 as depth, (e.status = 'complete')::int as found
      from ${entries} e where e.id = (select id from par) and e.session_id = (select id from s)
      union all
      select e.id, e.parent_entry_id, c.depth + 1, c.found + (e.status = 'complete')::int
      from ${entries} e join chain c on e.id = c.parent where e.session_id = (select id from s) and e.id < c.id and c.found < ${request.exchanges}::int
    )`,
    sql`h as (
      select e.message_content as message, e.response_content as response, e.created_at as created_at, e.id as id
      from ${entries} e join chain c on c.id = e.id
      where e.status = 'complete'
      order by c.depth
      limit ${request.exchanges}::int
    )`,
    // The new exchange's id, taken up front so the session can point at it in the same statement.
    sql`nid as (select nextval(pg_get_serial_sequence('chat_entries', 'id')) as id)`,
  );
  // The input estimate: every text sent along, counted in characters, as one.
  const characters = sql`${countCharacters(request.content)}::int + coalesce((select length(prompt) from p), 0)
    + coalesce((select sum(length(message) + length(response)) from h), 0)`;
  ctes.push(sql`est as (select ${estimatedTokensSql(characters)} + ${sql.raw(String(REQUEST_OVERHEAD_TOKENS))} as input)`);
  const checks = [
    sql`exists (select 1 from u)`,
    ...(request.promptId === null ? [] : [sql`exists (select 1 from p)`]),
    // A comparison goes on through the compare send (every column) until a column is picked.
    ...(continuing === null ? [] : [sql`exists (select 1 from s where plain)`]),
    ...(request.siblingOf === null ? [] : [sql`exists (select 1 from sib)`]),
    // Without a platform key, the user's own key is the only way to this model.
    ...(policy.ownKey && !policy.platformKey ? [sql`exists (select 1 from k)`] : []),
  ];
  ctes.push(sql`ok as (select 1 as ok where ${sql.join(checks, sql` and `)})`);
  // The platform pays when it has a key and the user has none of their own for this service.
  const platformPays = policy.platformKey ? (policy.ownKey ? sql`not exists (select 1 from k)` : sql`true`) : null;
  if (platformPays) {
    ctes.push(
      reservationCtes(
        sql`(select id from u)`,
        { input: sql`(select input from est)`, reply: request.replyTokens.wanted, minimum: request.replyTokens.minimum },
        now,
        sql`exists (select 1 from ok) and ${platformPays}`,
      ),
    );
  }
  const go = platformPays ? sql`exists (select 1 from ok) and (not (${platformPays}) or exists (select 1 from reserved))` : sql`exists (select 1 from ok)`;
  const sessions = chatSessions;
  ctes.push(
    continuing === null
      ? sql`session as (
          insert into ${sessions} (${columnNames(sessions.id, sessions.userId, sessions.description, sessions.category, sessions.createdAt, sessions.lastUpdated, sessions.activeEntryId)})
          select ${"create" in request.session ? request.session.create : 0}::bigint, (select id from u),
            ${"create" in request.session ? request.session.description : ""}, ${request.category ?? request.defaultCategory}, ${at}, ${at}, (select id from nid)
          where ${go}
          returning ${sessions.id} as id
        )`
      : sql`session as (
          update ${sessions} set ${setColumns(sessions, { lastUpdated: at, category: sql`coalesce(${request.category}, ${sessions.category})`, activeEntryId: sql`(select id from nid)` })}
          where ${sessions.id} = (select id from s) and ${go}
          returning ${sessions.id} as id
        )`,
  );
  ctes.push(sql`entry as (
      insert into ${entries} (${columnNames(entries.id, entries.sessionId, entries.parentEntryId, entries.messageContent, entries.modelId, entries.promptId, entries.status, entries.createdAt)})
      overriding system value
      select (select id from nid), id, (select id from par), ${request.content}, ${request.modelId}, ${request.promptId}::int, 'pending', ${at} from session
      returning ${entries.id} as id
    )`);
  if (platformPays) {
    // The hold names the entry, so the reservation can be settled even if this process dies.
    const holds = allowanceHolds;
    ctes.push(sql`hold as (
        insert into ${holds} (${columnNames(holds.entryId, holds.userId, holds.tokens, holds.free, holds.createdAt, holds.instanceId)})
        select e.id, (select id from u), r.reserved, r.free, ${at}, ${request.instance}::uuid from entry e cross join reserved r
        returning ${holds.entryId}
      )`);
  }
  const reservedColumns = platformPays ? sql`(select reserved from reserved) as reserved, (select free from reserved) as free` : sql`null::int as reserved, null::boolean as free`;
  const [row] = await runStatement<PrepareRow>(
    db,
    sql`with recursive ${sql.join(ctes, sql`, `)}
      select (select id from u) as user_id, (select ciphertext from k) as sealed,
        exists (select 1 from p) as prompt_found, (select prompt from p) as prompt,
        exists (select 1 from s) as session_found, (select plain from s) as plain, (select description from s) as description,
        (select last_updated from s)::text as last_updated, (select category from s) as category,
        (select active_entry_id from s) as active_entry_id, exists (select 1 from sib) as sibling_found,
        (select json_agg(json_build_object('message', message, 'response', response) order by created_at, id) from h) as history,
        (select input from est) as input_estimate, ${reservedColumns},
        (select id from entry) as entry_id`,
  );
  if (!row?.user_id) throw new AppError("NOT_FOUND", SETUP_REQUIRED_MESSAGE);
  if (request.promptId !== null && !row.prompt_found) throw new AppError("BAD_REQUEST", PROMPT_GONE_MESSAGE);
  if (continuing !== null && !row.session_found) throw new AppError("NOT_FOUND", SESSION_NOT_FOUND);
  if (continuing !== null && row.plain === false) throw new AppError("BAD_REQUEST", COMPARISON_SEND_MESSAGE);
  if (request.siblingOf !== null && !row.sibling_found) throw new AppError("NOT_FOUND", ENTRY_NOT_FOUND);
  if (row.entry_id === null) {
    if (policy.ownKey && !policy.platformKey && row.sealed === null) throw new AppError("BAD_REQUEST", MODEL_UNAVAILABLE_MESSAGE);
    if (platformPays && row.reserved === null) throw await refusal(db, row.user_id, Number(row.input_estimate) + request.replyTokens.minimum, now);
    throw new AppError("NOT_FOUND", SESSION_NOT_FOUND);
  }
  const history = typeof row.history === "string" ? (JSON.parse(row.history) as PreparedMessage["history"]) : (row.history ?? []);
  return {
    userId: row.user_id,
    sealedKey: row.sealed,
    system: row.prompt ?? undefined,
    description: row.description ?? ("create" in request.session ? request.session.description : ""),
    history,
    inputEstimate: Number(row.input_estimate),
    entryId: Number(row.entry_id),
    reservation: row.reserved === null ? undefined : { userId: row.user_id, reserved: Number(row.reserved), free: Boolean(row.free) },
    continued: continuing === null ? null : { sessionId: continuing, lastUpdated: row.last_updated!, category: row.category!, activeEntryId: row.active_entry_id === null ? null : Number(row.active_entry_id), touchedAt: now },
  };
}

