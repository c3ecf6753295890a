import type { KeyPolicy } from "@parley/ai";
import { joinStatements, runStatement, stmt, type Database, type Statement } from "@parley/db";
import type { AuthIdentity } from "../../context";
import { AppError } from "../../errors";
import { refusal } from "../../subscription/allowance";
import type { ProviderKeyName } from "../../user/provider-keys";
import { SETUP_REQUIRED_MESSAGE } from "../../user/require-user";
import { PROMPT_GONE_MESSAGE } from "../prompts";
import { SESSION_NOT_FOUND } from "../sessions";
import { reservationCtes, type Reservation } from "./budget";

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
  /** Earlier complete exchanges read back as context. */
  exchanges: number;
  /** The reply budget reserved beyond the input estimate when the platform's key pays (at most half of what is left), and the least worth a call. */
  replyTokens: { wanted: number; minimum: number };
  now: Date;
};

export type PreparedMessage = {
  userId: string;
  /** The user's own key for the model's service, still sealed, when they stored one. */
  sealedKey: string | null;
  system: string | undefined;
  description: string;
  history: { message: string; response: string }[];
  /** Input tokens, estimated at about four characters a token. */
  inputEstimate: number;
  entryId: number;
  reservation: Reservation | undefined;
  /** What the send changed on a continued conversation, to put back if the send is withdrawn. */
  continued: { sessionId: number; lastUpdated: string; category: string; touchedAt: Date } | null;
};

/** The stored key each service's own-key policy reads. */
export const OWN_KEY_NAME: Record<NonNullable<KeyPolicy["ownKey"]>, ProviderKeyName> = { openai: "openai", anthropic: "claude" };

type PrepareRow = {
  user_id: string | null;
  sealed: string | null;
  prompt_found: boolean;
  prompt: string | null;
  session_found: boolean;
  description: string | null;
  last_updated: string | null;
  category: string | null;
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
  const at = stmt`${now.toISOString()}::timestamptz`;
  const continuing = "existing" in request.session ? request.session.existing : null;
  const ctes: Statement[] = [stmt`u as (select id from users where issuer = ${request.identity.issuer} and subject = ${request.identity.subject})`];
  ctes.push(
    policy.ownKey
      ? stmt`k as (select ciphertext from user_provider_keys where user_id = (select id from u) and provider = ${OWN_KEY_NAME[policy.ownKey]})`
      : stmt`k as (select null::text as ciphertext where false)`,
  );
  ctes.push(
    request.promptId === null
      ? stmt`p as (select null::text as prompt where false)`
      : stmt`p as (select prompt from prompts where id = ${request.promptId}::int and (user_id is null or user_id = (select id from u)))`,
  );
  ctes.push(
    continuing === null
      ? stmt`s as (select null::bigint as id, null::text as description, null::timestamptz as last_updated, null::text as category where false)`
      : stmt`s as (select id, description, last_updated, category from chat_sessions where id = ${continuing}::bigint and user_id = (select id from u))`,
  );
  ctes.push(stmt`h as (
      select message_content, response_content, created_at, id from chat_entries
      where session_id = (select id from s) and status = 'complete'
      order by created_at desc, id desc
      limit ${request.exchanges}::int
    )`);
  // Mirrors the estimate the reply's budget is based on: about four characters a token.
  ctes.push(stmt`est as (
      select (ceil((${request.content.length}::int + coalesce((select length(prompt) from p), 0)
        + coalesce((select sum(length(message_content) + length(response_content)) from h), 0)) / 4.0) + 4)::int as input
    )`);
  const checks = [
    stmt`exists (select 1 from u)`,
    ...(request.promptId === null ? [] : [stmt`exists (select 1 from p)`]),
    ...(continuing === null ? [] : [stmt`exists (select 1 from s)`]),
    // Without a platform key, the user's own key is the only way to this model.
    ...(policy.ownKey && !policy.platformKey ? [stmt`exists (select 1 from k)`] : []),
  ];
  ctes.push(stmt`ok as (select 1 as ok where ${joinStatements(checks, " and ")})`);
  // The platform pays when it has a key and the user has none of their own for this service.
  const platformPays = policy.platformKey ? (policy.ownKey ? stmt`not exists (select 1 from k)` : stmt`true`) : null;
  if (platformPays) {
    ctes.push(
      reservationCtes(
        stmt`(select id from u)`,
        { input: stmt`(select input from est)`, reply: request.replyTokens.wanted, minimum: request.replyTokens.minimum },
        now,
        stmt`exists (select 1 from ok) and ${platformPays}`,
      ),
    );
  }
  const go = platformPays ? stmt`exists (select 1 from ok) and (not (${platformPays}) or exists (select 1 from reserved))` : stmt`exists (select 1 from ok)`;
  ctes.push(
    continuing === null
      ? stmt`session as (
          insert into chat_sessions (id, user_id, description, category, created_at, last_updated)
          select ${"create" in request.session ? request.session.create : 0}::bigint, (select id from u),
            ${"create" in request.session ? request.session.description : ""}, ${request.category ?? request.defaultCategory}, ${at}, ${at}
          where ${go}
          returning id
        )`
      : stmt`session as (
          update chat_sessions set last_updated = ${at}, category = coalesce(${request.category}, category)
          where id = (select id from s) and ${go}
          returning id
        )`,
  );
  ctes.push(stmt`entry as (
      insert into chat_entries (session_id, message_content, model_id, prompt_id, status, created_at)
      select id, ${request.content}, ${request.modelId}, ${request.promptId}::int, 'pending', ${at} from session
      returning id
    )`);
  if (platformPays) {
    // The hold names the entry, so the reservation can be settled even if this process dies.
    ctes.push(stmt`hold as (
        insert into allowance_holds (entry_id, user_id, tokens, free, created_at)
        select e.id, (select id from u), r.reserved, r.free, ${at} from entry e cross join reserved r
        returning entry_id
      )`);
  }
  const reservedColumns = platformPays ? stmt`(select reserved from reserved) as reserved, (select free from reserved) as free` : stmt`null::int as reserved, null::boolean as free`;
  const [row] = await runStatement<PrepareRow>(
    db,
    stmt`with ${joinStatements(ctes, ", ")}
      select (select id from u) as user_id, (select ciphertext from k) as sealed,
        exists (select 1 from p) as prompt_found, (select prompt from p) as prompt,
        exists (select 1 from s) as session_found, (select description from s) as description,
        (select last_updated from s)::text as last_updated, (select category from s) as category,
        (select json_agg(json_build_object('message', message_content, 'response', response_content) order by created_at, id) from h) as history,
        (select input from est) as input_estimate, ${reservedColumns},
        (select id from entry) as entry_id`,
  );
  if (!row?.user_id) throw new AppError("NOT_FOUND", SETUP_REQUIRED_MESSAGE);
  if (request.promptId !== null && !row.prompt_found) throw new AppError("BAD_REQUEST", PROMPT_GONE_MESSAGE);
  if (continuing !== null && !row.session_found) throw new AppError("NOT_FOUND", SESSION_NOT_FOUND);
  if (row.entry_id === null) {
    if (policy.ownKey && !policy.platformKey && row.sealed === null) throw new AppError("BAD_REQUEST", MODEL_UNAVAILABLE_MESSAGE);
    if (platformPays && row.reserved === null) throw await refusal(db, row.user_id);
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
    continued: continuing === null ? null : { sessionId: continuing, lastUpdated: row.last_updated!, category: row.category!, touchedAt: now },
  };
}

