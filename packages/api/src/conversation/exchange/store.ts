import { countCharacters, type KeyPolicy } from "@parley/ai";
import { getTableName, sql, type SQL } from "drizzle-orm";
import {
  allowanceHolds,
  chatEntries,
  chatSessions,
  columnNames,
  prompts,
  resultRows,
  setColumns,
  userProviderKeys,
  users,
  type Database,
  type Executor,
} from "@parley/db";
import type { AuthIdentity } from "../../kit/identity";
import { AppError } from "../../kit/errors";
import { refusal } from "../../account/subscription/allowance";
import { inputEstimateSql, MAX_REPLY_TOKENS, MIN_REPLY_TOKENS, replyTokenLimit, reservationCtes, type Reservation } from "../../account/subscription/budget";
import { payerSql, type Payer } from "../../account/subscription/payer";
import { OWN_KEY_NAME } from "../../account/user/provider-keys";
import { callerIdSql, isIdentity, SETUP_REQUIRED_MESSAGE } from "../../account/user/require-user";
import { PROMPT_GONE_MESSAGE } from "../chat/prompts";
import { SESSION_NOT_FOUND } from "../chat/sessions";
import { EXCHANGE_NOT_FOUND } from "../chat/branches";
import { refuseBlindBattle } from "../chat/blind";
import { namedPromptSql, type PromptUse } from "../prompts/uses";

/** Earlier complete exchanges of each column sent along as its context. */
export const CONTEXT_EXCHANGES = 20;

/** A model the caller has no usable key for (or that is not in the catalogue). */
export const MODEL_UNAVAILABLE_MESSAGE = "This model is not available to you. Pick another model, or add a key for its service under Admin → API Keys.";

/** A plain send (or an edit or regenerate) into a conversation that is still comparing. */
export const COMPARISON_SEND_MESSAGE =
  "This conversation compares models: send your message to all of them, or choose 'Continue with this model' on one first.";

/** A model of a comparison the caller cannot use (not in the catalogue, or no key for its service). */
export function modelUnavailableMessage(modelId: string): string {
  return `The model "${modelId}" is not available to you. Pick another model, or add a key for its service under Admin → API Keys.`;
}

export const NOT_A_COMPARISON_MESSAGE = "This conversation is not a comparison. Continue it with a single model, or start a new comparison.";

export function sameModelsMessage(models: readonly string[]): string {
  return `A follow-up goes to the models this comparison started with: ${models.join(", ")}. Start a new comparison to compare other models.`;
}

/**
 * One exchange to check and store before any model is called: a chat message (one column) or a
 * comparison's (one column per model, 2 to 4).
 */
export type ExchangeRequest = {
  identity: Pick<AuthIdentity, "issuer" | "subject">;
  /** A chat's exchange (one column, its entry outside any comparison) or a comparison's. */
  kind: "chat" | "comparison";
  /** A new comparison that is a blind battle (marked 'blind' until its verdict). */
  battle?: boolean;
  /** Each column's model and its key policy (whose key can pay, from configuration), in column order. */
  columns: { modelId: string; policy: KeyPolicy }[];
  /** The session to continue, or a new one with this id and description. */
  session: { existing: number } | { create: number; description: string };
  /**
   * A chat's exchange the new one is a sibling of (same parent): an edit of its message or a
   * regeneration of its reply. Without it, the new exchange continues the active branch.
   */
  siblingOf: number | null;
  category: string | null;
  defaultCategory: string;
  content: string;
  /** The saved prompt sent along as the system prompt (the caller's own or a built-in one). */
  promptId: number | null;
  /** The library prompt the message was written from, named on the exchange (namedPromptSql). */
  use: PromptUse | null;
  /** Earlier complete exchanges of each column read back as its context. */
  exchanges: number;
  /** The server instance whose lease covers the reservations (null on the embedded database). */
  instance: string | null;
  now: Date;
};

export type StoredColumn = {
  column: number;
  modelId: string;
  entryId: number;
  /** Who pays for this column's reply (payerSql). */
  payer: Payer;
  /** The user's own key for the model's service, still sealed, when they stored one. */
  sealedKey: string | null;
  history: { message: string; response: string }[];
  /** estimateInputTokens over every text this column sends (its context, the prompt and the message). */
  inputEstimate: number;
  /** What this column's reply may cost, held on its exchange when the platform pays. */
  reservation: Reservation | undefined;
  /** The most the reply may be asked for (replyTokenLimit). */
  maxTokens: number;
};

export type StoredExchange = {
  userId: string;
  sessionId: number;
  description: string;
  system: string | undefined;
  columns: StoredColumn[];
  /** What the store changed on a continued conversation, to put back if the exchange is withdrawn. */
  continued: { sessionId: number; lastUpdated: string; category: string; activeEntryId: number | null; touchedAt: Date } | null;
  /** The database's time of the store, which the prompt uses it counted carry (to take them back with a withdrawn exchange). */
  storedAt: string;
};

type StoreRow = {
  user_id: string | null;
  prompt_found: boolean;
  prompt: string | null;
  session_found: boolean;
  compare_models: string[] | string | null;
  description: string | null;
  last_updated: string | null;
  category: string | null;
  active_entry_id: number | string | bigint | null;
  battle: string | null;
  sibling_found: boolean;
  unavailable: string | null;
  paid: number;
  reserved: boolean;
  needs: number;
  stored_at: string;
  columns: StoreColumnRow[] | string | null;
};

type StoreColumnRow = {
  column: number;
  entry_id: number | null;
  sealed: string | null;
  payer: Payer | null;
  estimate: number;
  tokens: number | null;
  free: boolean | null;
  history: { message: string; response: string }[] | null;
};

const json = <T>(value: T | string | null): T | null => (typeof value === "string" ? (JSON.parse(value) as T) : value);

/** `alias."column"`, for a column of a table read under an alias (a table joined to itself). */
const on = (alias: string, column: Parameters<typeof columnNames>[0]) => sql`${sql.raw(alias)}.${columnNames(column)}`;

/**
 * Checks, reserves and stores an exchange for one to four columns, before any model is called:
 * the caller's account, the prompt, the session (ownership is part of every lookup), each
 * column's keys and who pays (payerSql), its tree position (a chat's: the active exchange, or the
 * edited or regenerated one's parent; a comparison's: its column's previous exchange) and the
 * earlier exchanges sent along, its input estimate, one allowance reservation covering every
 * platform-paid column (shared out as one hold per column, which names its exchange so it is
 * settled with the reply, or when its process is taken for dead), then the session (created
 * when new) and one exchange per column, each naming the prompt its message came from
 * (namedPromptSql: the library prompt used, when the sender may open it, else the system prompt).
 * Anything missing or refused stores nothing and throws the error a person can act on.
 *
 * One statement does it all. A comparison's follow-up first locks its session in a transaction,
 * so follow-ups to one comparison are stored one after the other, each seeing the last one's
 * exchanges. The statement's text depends only on the request's shape (kind, number of columns,
 * new or continued session, prompt, edit), so it is prepared once and then only bound and executed.
 */
export async function storeExchange(db: Database, request: ExchangeRequest): Promise<StoredExchange> {
  const statement = exchangeStatement(request);
  const continuing = "existing" in request.session ? request.session.existing : null;
  const rows =
    request.kind === "comparison" && continuing !== null
      ? await db.transaction(async (tx) => {
          const s = chatSessions;
          await tx.execute(sql`select ${s.id} from ${s} where ${s.id} = ${continuing}::bigint and ${s.userId} = ${callerIdSql(request.identity)} for update`);
          return resultRows<StoreRow>(await tx.execute(statement));
        })
      : resultRows<StoreRow>(await db.execute(statement));
  return storedExchange(db, request, rows[0]);
}

async function storedExchange(db: Executor, request: ExchangeRequest, row: StoreRow | undefined): Promise<StoredExchange> {
  const continuing = "existing" in request.session ? request.session.existing : null;
  const comparison = request.kind === "comparison";
  if (!row?.user_id) throw new AppError("NOT_FOUND", SETUP_REQUIRED_MESSAGE);
  if (request.promptId !== null && !row.prompt_found) throw new AppError("BAD_REQUEST", PROMPT_GONE_MESSAGE);
  if (continuing !== null) {
    if (!row.session_found) throw new AppError("NOT_FOUND", SESSION_NOT_FOUND);
    // A battle is one blind exchange: nothing goes on (or says which models it has) before the verdict.
    refuseBlindBattle(row);
    const models = json<string[]>(row.compare_models);
    // A comparison goes on through the compare send (every column) until a column is picked.
    if (!comparison && models !== null) throw new AppError("BAD_REQUEST", COMPARISON_SEND_MESSAGE);
    if (comparison && models === null) throw new AppError("BAD_REQUEST", NOT_A_COMPARISON_MESSAGE);
    if (comparison && (models!.length !== request.columns.length || models!.some((m, i) => m !== request.columns[i]!.modelId))) {
      throw new AppError("BAD_REQUEST", sameModelsMessage(models!));
    }
  }
  if (request.siblingOf !== null && !row.sibling_found) throw new AppError("NOT_FOUND", EXCHANGE_NOT_FOUND);
  if (row.unavailable !== null) throw new AppError("BAD_REQUEST", comparison ? modelUnavailableMessage(row.unavailable) : MODEL_UNAVAILABLE_MESSAGE);
  // Every refusal (a chat's, a comparison's, a battle's) says what is left and what the send needs.
  if (Number(row.paid) > 0 && !row.reserved) throw await refusal(db, row.user_id, { tokens: Number(row.needs), replies: Number(row.paid) }, request.now);
  const columns = json<StoreColumnRow[]>(row.columns) ?? [];
  if (columns.some((c) => c.entry_id === null)) throw new AppError("NOT_FOUND", SESSION_NOT_FOUND);
  const userId = row.user_id;
  return {
    userId,
    sessionId: continuing ?? ("create" in request.session ? request.session.create : 0),
    description: row.description ?? ("create" in request.session ? request.session.description : ""),
    system: row.prompt ?? undefined,
    columns: columns.map((c) => {
      const reservation = c.tokens === null ? undefined : { userId, reserved: Number(c.tokens), free: Boolean(c.free) };
      const inputEstimate = Number(c.estimate);
      return {
        column: Number(c.column),
        modelId: request.columns[Number(c.column)]!.modelId,
        entryId: Number(c.entry_id),
        payer: c.payer!,
        sealedKey: c.sealed,
        history: c.history ?? [],
        inputEstimate,
        reservation,
        maxTokens: replyTokenLimit(reservation, inputEstimate),
      };
    }),
    continued:
      continuing === null
        ? null
        : {
            sessionId: continuing,
            lastUpdated: row.last_updated!,
            category: row.category!,
            activeEntryId: row.active_entry_id === null ? null : Number(row.active_entry_id),
            touchedAt: request.now,
          },
    storedAt: row.stored_at,
  };
}

/** The one statement of storeExchange (which see). */
function exchangeStatement(request: ExchangeRequest): SQL {
  const { now } = request;
  const at = sql`${now.toISOString()}::timestamptz`;
  const comparison = request.kind === "comparison";
  const continuing = "existing" in request.session ? request.session.existing : null;
  const entries = chatEntries;
  const sessions = chatSessions;
  const keys = userProviderKeys;
  const ctes: SQL[] = [sql`u as (select ${users.id} as id from ${users} where ${isIdentity(request.identity)})`];
  ctes.push(
    request.promptId === null
      ? sql`p as (select null::text as prompt where false)`
      : sql`p as (select ${prompts.prompt} as prompt from ${prompts} where ${prompts.id} = ${request.promptId}::int and (${prompts.userId} is null or ${prompts.userId} = (select id from u)))`,
  );
  ctes.push(sql`named as (${namedPromptSql(request.use, request.promptId, sql`(select id from u)`)})`);
  ctes.push(
    continuing === null
      ? sql`s as (select null::bigint as id, null::text as description, null::timestamptz as last_updated, null::text as category, null::bigint as active_entry_id, null::text[] as compare_models, null::text as battle where false)`
      : sql`s as (
          select ${sessions.id} as id, ${sessions.description} as description, ${sessions.lastUpdated} as last_updated, ${sessions.category} as category,
            ${sessions.activeEntryId} as active_entry_id, ${sessions.compareModels} as compare_models, ${sessions.battle} as battle
          from ${sessions} where ${sessions.id} = ${continuing}::bigint and ${sessions.userId} = (select id from u)
        )`,
  );
  // Each column: its model, the stored key its own-key service reads, and who pays.
  const values = sql.join(
    request.columns.map(
      ({ modelId, policy }, column) =>
        sql`(${column}::smallint, ${modelId}::text, ${policy.ownKey ? OWN_KEY_NAME[policy.ownKey] : null}::text, ${policy.platformKey}::boolean)`,
    ),
    sql`, `,
  );
  ctes.push(
    sql`k as (select ${keys.provider} as provider, ${keys.ciphertext} as ciphertext from ${keys} where ${keys.userId} = (select id from u))`,
    sql`c as (
      select v.col, v.model, k.ciphertext as sealed, ${payerSql({ ownKey: sql`v.own`, platformKey: sql`v.platform` }, sql`k.ciphertext`)} as payer
      from (values ${values}) as v(col, model, own, platform) left join k on k.provider = v.own
    )`,
  );
  // Each column's parent: a chat's active exchange, or the edited or regenerated exchange's
  // parent; a comparison's column's latest exchange (none in a new one).
  ctes.push(
    request.siblingOf === null
      ? sql`sib as (select null::bigint as parent where false)`
      : sql`sib as (select ${entries.parentEntryId} as parent from ${entries} where ${entries.id} = ${request.siblingOf}::bigint and ${entries.sessionId} = (select id from s))`,
  );
  const parent = comparison
    ? continuing === null
      ? sql`null::bigint`
      : sql`(select ${entries.id} from ${entries} where ${entries.sessionId} = (select id from s) and ${entries.compareColumn} = c.col
          order by ${entries.createdAt} desc, ${entries.id} desc limit 1)`
    : request.siblingOf === null
      ? sql`(select active_entry_id from s)`
      : sql`(select parent from sib)`;
  ctes.push(sql`par as (select c.col, ${parent} as id from c)`);
  // The earlier exchanges each column sends along, its last `exchanges` complete ones: a chat's
  // are the branch above the new exchange, walked up through parents (each older than its child)
  // until enough are found, so a long conversation costs no more; a comparison's are its column's.
  const e = (column: Parameters<typeof columnNames>[0]) => on("e", column);
  const complete = sql`(${e(entries.status)} = 'complete')`;
  if (continuing === null) {
    // A new conversation has no earlier exchanges.
    ctes.push(
      sql`h as (select null::smallint as col, null::text as message, null::text as response, null::timestamptz as created_at, null::bigint as id where false)`,
    );
  } else if (!comparison) {
    ctes.push(
      sql`chain as (
        select par.col, ${e(entries.id)} as id, ${e(entries.parentEntryId)} as parent, 0 as depth, ${complete}::int as found
        from ${entries} e join par on ${e(entries.id)} = par.id where ${e(entries.sessionId)} = (select id from s)
        union all
        select ch.col, ${e(entries.id)}, ${e(entries.parentEntryId)}, ch.depth + 1, ch.found + ${complete}::int
        from ${entries} e join chain ch on ${e(entries.id)} = ch.parent
        where ${e(entries.sessionId)} = (select id from s) and ${e(entries.id)} < ch.id and ch.found < ${request.exchanges}::int
      )`,
      sql`h as (
        select col, message, response, created_at, id from (
          select ch.col, ${e(entries.messageContent)} as message, ${e(entries.responseContent)} as response, ${e(entries.createdAt)} as created_at, ${e(entries.id)} as id,
            row_number() over (partition by ch.col order by ch.depth) as n
          from ${entries} e join chain ch on ch.id = ${e(entries.id)}
          where ${complete}
        ) found where n <= ${request.exchanges}::int
      )`,
    );
  } else {
    ctes.push(sql`h as (
        select col, message, response, created_at, id from (
          select ${e(entries.compareColumn)} as col, ${e(entries.messageContent)} as message, ${e(entries.responseContent)} as response, ${e(entries.createdAt)} as created_at, ${e(entries.id)} as id,
            row_number() over (partition by ${e(entries.compareColumn)} order by ${e(entries.createdAt)} desc, ${e(entries.id)} desc) as n
          from ${entries} e
          where ${e(entries.sessionId)} = (select id from s) and ${e(entries.compareColumn)} is not null and ${complete}
        ) found where n <= ${request.exchanges}::int
      )`);
  }
  // Each column's input estimate: every text it sends along, counted in characters, as one.
  const characters = sql`${countCharacters(request.content)}::int + coalesce((select length(prompt) from p), 0)
    + coalesce((select sum(length(h.message) + length(h.response)) from h where h.col = c.col), 0)`;
  ctes.push(
    sql`est as (select c.col, ${inputEstimateSql(characters)} as estimate from c)`,
    sql`paid as (select c.col, est.estimate, row_number() over (order by c.col) as ord from c join est on est.col = c.col where c.payer = 'platform')`,
    sql`need as (select count(*)::int as n, coalesce(sum(estimate), 0)::int as input from paid)`,
  );
  const checks = [
    sql`exists (select 1 from u)`,
    ...(request.promptId === null ? [] : [sql`exists (select 1 from p)`]),
    ...(continuing === null ? [] : [sql`exists (select 1 from s where battle is distinct from 'blind')`]),
    ...(continuing === null
      ? []
      : comparison
        ? [
            sql`(select compare_models from s) = array[${sql.join(
              request.columns.map((c) => sql`${c.modelId}::text`),
              sql`, `,
            )}]`,
          ]
        : [sql`exists (select 1 from s where compare_models is null)`]),
    ...(request.siblingOf === null ? [] : [sql`exists (select 1 from sib)`]),
    sql`not exists (select 1 from c where payer is null)`,
  ];
  // One reservation for all platform-paid columns, as if they were one send of their summed
  // input and reply budgets: the whole exchange is refused when it cannot cover them all.
  ctes.push(
    sql`ok as (select 1 as ok where ${sql.join(checks, sql` and `)})`,
    reservationCtes(
      sql`(select id from u)`,
      {
        input: sql`(select input from need)`,
        reply: sql`(select n * ${sql.raw(String(MAX_REPLY_TOKENS))} from need)`,
        minimum: sql`(select n * ${sql.raw(String(MIN_REPLY_TOKENS))} from need)`,
      },
      now,
      sql`exists (select 1 from ok) and (select n from need) > 0`,
    ),
    sql`go as (select 1 where exists (select 1 from ok) and ((select n from need) = 0 or exists (select 1 from reserved)))`,
    // The new exchanges' ids, taken up front so the session can point at column 0's in the same statement.
    sql`ids as (select c.col, nextval(pg_get_serial_sequence(${getTableName(entries)}, ${entries.id.name})) as id from c where exists (select 1 from go))`,
  );
  const active = sql`(select id from ids where col = 0)`;
  ctes.push(
    continuing === null
      ? sql`session as (
          insert into ${sessions} (${columnNames(sessions.id, sessions.userId, sessions.description, sessions.category, sessions.compareModels, sessions.battle, sessions.activeEntryId, sessions.createdAt, sessions.lastUpdated)})
          select ${"create" in request.session ? request.session.create : 0}::bigint, (select id from u), ${"create" in request.session ? request.session.description : ""},
            ${request.category ?? request.defaultCategory}, ${comparison ? sql`(select array_agg(model order by col) from c)` : sql`null::text[]`},
            ${comparison && request.battle ? "blind" : null}::text, ${active}, ${at}, ${at}
          where exists (select 1 from go)
          returning ${sessions.id} as id
        )`
      : sql`session as (
          update ${sessions} set ${setColumns(sessions, { lastUpdated: at, category: sql`coalesce(${request.category}, ${sessions.category})`, activeEntryId: active })}
          where ${sessions.id} = (select id from s) and exists (select 1 from go)
          returning ${sessions.id} as id
        )`,
  );
  ctes.push(sql`entry as (
      insert into ${entries} (${columnNames(entries.id, entries.sessionId, entries.parentEntryId, entries.compareColumn, entries.messageContent, entries.modelId, entries.promptId, entries.promptVersion, entries.status, entries.createdAt)})
      overriding system value
      select ids.id, session.id, par.id, ${comparison ? sql`c.col` : sql`null::smallint`}, ${request.content}, c.model, (select id from named), (select version from named), 'pending', ${at}
      from c join ids on ids.col = c.col join par on par.col = c.col cross join session
      returning ${entries.id} as id
    )`);
  // The reply budget is shared out evenly among the paid columns (the remainder to the first);
  // each column holds its own input and its share.
  const holds = allowanceHolds;
  ctes.push(sql`hold as (
      insert into ${holds} (${columnNames(holds.entryId, holds.userId, holds.tokens, holds.free, holds.createdAt, holds.instanceId)})
      select entry.id, (select id from u),
        paid.estimate + (r.reserved - need.input) / need.n + case when paid.ord = 1 then (r.reserved - need.input) % need.n else 0 end,
        r.free, ${at}, ${request.instance}::uuid
      from entry join ids on ids.id = entry.id join paid on paid.col = ids.col cross join reserved r cross join need
      returning ${holds.entryId} as entry_id, ${holds.tokens} as tokens, ${holds.free} as free
    )`);
  return sql`with recursive ${sql.join(ctes, sql`, `)}
    select (select id from u) as user_id, exists (select 1 from p) as prompt_found, (select prompt from p) as prompt,
      exists (select 1 from s) as session_found, (select to_json(compare_models) from s) as compare_models, (select description from s) as description,
      (select last_updated from s)::text as last_updated, (select category from s) as category, (select active_entry_id from s) as active_entry_id,
      (select battle from s) as battle, exists (select 1 from sib) as sibling_found,
      (select model from c where payer is null order by col limit 1) as unavailable,
      (select n from need) as paid, exists (select 1 from reserved) as reserved,
      (select input + n * ${sql.raw(String(MIN_REPLY_TOKENS))} from need) as needs, now()::text as stored_at,
      (select json_agg(json_build_object('column', c.col, 'entry_id', ids.id, 'sealed', c.sealed, 'payer', c.payer, 'estimate', est.estimate,
          'tokens', hold.tokens, 'free', hold.free,
          'history', (select json_agg(json_build_object('message', h.message, 'response', h.response) order by h.created_at, h.id) from h where h.col = c.col)) order by c.col)
        from c join est on est.col = c.col left join ids on ids.col = c.col and exists (select 1 from entry where entry.id = ids.id)
          left join hold on hold.entry_id = ids.id) as columns`;
}
