import { countCharacters } from "@parley/ai";
import { sql } from "drizzle-orm";
import { allowanceHolds, chatEntries, chatSessions, columnNames, prompts, runStatement, userProviderKeys, users, type Database } from "@parley/db";
import { AppError } from "../../../kit/errors";
import { refusal } from "../../../account/subscription/allowance";
import { SETUP_REQUIRED_MESSAGE } from "../../../account/user/require-user";
import { PROMPT_GONE_MESSAGE } from "../prompts";
import { estimatedTokensSql, MAX_REPLY_TOKENS, MIN_REPLY_TOKENS, REQUEST_OVERHEAD_TOKENS, reservationCtes } from "../send/budget";
import { OWN_KEY_NAME } from "../send/prepare";
import { modelUnavailableMessage, type CompareRequest, type PreparedCompare } from "./prepare";

type StartRow = {
  user_id: string | null;
  prompt_found: boolean;
  prompt: string | null;
  unavailable: string | null;
  paid: number;
  reserved: boolean;
  columns: StartColumn[] | string | null;
};

type StartColumn = { column: number; entry_id: number | null; sealed: string | null; estimate: number; tokens: number | null; free: boolean | null };

/**
 * Checks and stores a new comparison in one statement, before any model is called, as a single
 * send does: the caller's account, the prompt, the keys that pay for each column, one allowance
 * reservation covering every platform-paid column (shared out as one hold per column), then the
 * session and one exchange per column. Anything missing or refused stores nothing and throws the
 * error a person can act on. The statement's text depends only on the number of columns and on
 * whether a prompt is used, so it is prepared once and then only bound and executed.
 */
export async function prepareNewCompare(db: Database, request: CompareRequest & { session: { create: number; description: string } }): Promise<PreparedCompare> {
  const { now } = request;
  const at = sql`${now.toISOString()}::timestamptz`;
  const { create: sessionId, description } = request.session;
  const keys = userProviderKeys;
  const entries = chatEntries;
  const sessions = chatSessions;
  const holds = allowanceHolds;
  // Each column: its model, the stored key its own-key policy reads, and whether the platform's key may pay.
  const values = sql.join(
    request.columns.map(
      ({ modelId, policy }, column) =>
        sql`(${column}::smallint, ${modelId}::text, ${policy.ownKey ? OWN_KEY_NAME[policy.ownKey] : null}::text, ${policy.platformKey}::boolean)`,
    ),
    sql`, `,
  );
  // The reply budget is shared out evenly among the paid columns (the remainder to the first);
  // each hold names its exchange, so it is settled with its reply or when its process is taken for dead.
  const characters = sql`${countCharacters(request.content)}::int + coalesce((select length(prompt) from p), 0)`;
  const [row] = await runStatement<StartRow>(
    db,
    sql`with u as (select ${users.id} as id from ${users} where ${users.issuer} = ${request.identity.issuer} and ${users.subject} = ${request.identity.subject}),
      ${
        request.promptId === null
          ? sql`p as (select null::text as prompt where false)`
          : sql`p as (select ${prompts.prompt} as prompt from ${prompts} where ${prompts.id} = ${request.promptId}::int and (${prompts.userId} is null or ${prompts.userId} = (select id from u)))`
      },
      k as (select ${keys.provider} as provider, ${keys.ciphertext} as ciphertext from ${keys} where ${keys.userId} = (select id from u)),
      c as (
        select v.col, v.model, v.own, v.platform, k.ciphertext, v.platform and k.ciphertext is null as pays,
          ${estimatedTokensSql(characters)} + ${sql.raw(String(REQUEST_OVERHEAD_TOKENS))} as estimate
        from (values ${values}) as v(col, model, own, platform) left join k on k.provider = v.own
      ),
      paid as (select col, estimate, row_number() over (order by col) as ord from c where pays),
      need as (select count(*)::int as n, coalesce(sum(estimate), 0)::int as input from paid),
      ok as (
        select 1 where exists (select 1 from u) ${request.promptId === null ? sql`` : sql`and exists (select 1 from p)`}
          and not exists (select 1 from c where own is not null and not platform and ciphertext is null)
      ),
      ${reservationCtes(
        sql`(select id from u)`,
        { input: sql`(select input from need)`, reply: sql`(select n * ${sql.raw(String(MAX_REPLY_TOKENS))} from need)`, minimum: sql`(select n * ${sql.raw(String(MIN_REPLY_TOKENS))} from need)` },
        now,
        sql`exists (select 1 from ok) and (select n from need) > 0`,
      )},
      go as (select 1 where exists (select 1 from ok) and ((select n from need) = 0 or exists (select 1 from reserved))),
      e as (
        insert into ${entries} (${columnNames(entries.sessionId, entries.parentEntryId, entries.compareColumn, entries.messageContent, entries.modelId, entries.promptId, entries.status, entries.createdAt)})
        select ${sessionId}::bigint, null, c.col, ${request.content}, c.model, ${request.promptId}::int, 'pending', ${at} from c where exists (select 1 from go)
        returning ${entries.id} as id, ${entries.compareColumn} as col
      ),
      s as (
        insert into ${sessions} (${columnNames(sessions.id, sessions.userId, sessions.description, sessions.category, sessions.compareModels, sessions.activeEntryId, sessions.createdAt, sessions.lastUpdated)})
        select ${sessionId}::bigint, (select id from u), ${description}, ${request.category ?? request.defaultCategory},
          (select array_agg(model order by col) from c), (select id from e where col = 0), ${at}, ${at}
        where exists (select 1 from go)
        returning ${sessions.id}
      ),
      h as (
        insert into ${holds} (${columnNames(holds.entryId, holds.userId, holds.tokens, holds.free, holds.createdAt, holds.instanceId)})
        select e.id, (select id from u),
          paid.estimate + (r.reserved - need.input) / need.n + case when paid.ord = 1 then (r.reserved - need.input) % need.n else 0 end,
          r.free, ${at}, ${request.instance}::uuid
        from e join paid on paid.col = e.col cross join reserved r cross join need
        returning ${holds.entryId} as entry_id, ${holds.tokens} as tokens, ${holds.free} as free
      )
    select (select id from u) as user_id, exists (select 1 from p) as prompt_found, (select prompt from p) as prompt,
      (select model from c where own is not null and not platform and ciphertext is null order by col limit 1) as unavailable,
      (select n from need) as paid, exists (select 1 from reserved) as reserved,
      (select json_agg(json_build_object('column', c.col, 'entry_id', e.id, 'sealed', c.ciphertext, 'estimate', c.estimate, 'tokens', h.tokens, 'free', h.free) order by c.col)
        from c left join e on e.col = c.col left join h on h.entry_id = e.id) as columns,
      (select count(*) from s) as stored`,
  );
  if (!row?.user_id) throw new AppError("NOT_FOUND", SETUP_REQUIRED_MESSAGE);
  if (request.promptId !== null && !row.prompt_found) throw new AppError("BAD_REQUEST", PROMPT_GONE_MESSAGE);
  if (row.unavailable !== null) throw new AppError("BAD_REQUEST", modelUnavailableMessage(row.unavailable));
  if (Number(row.paid) > 0 && !row.reserved) throw await refusal(db, row.user_id);
  const columns = typeof row.columns === "string" ? (JSON.parse(row.columns) as StartColumn[]) : (row.columns ?? []);
  const userId = row.user_id;
  return {
    userId,
    sessionId,
    description,
    system: row.prompt ?? undefined,
    columns: columns.map((c) => {
      const reservation = c.tokens === null ? undefined : { userId, reserved: Number(c.tokens), free: Boolean(c.free) };
      const inputEstimate = Number(c.estimate);
      return {
        column: Number(c.column),
        modelId: request.columns[Number(c.column)]!.modelId,
        entryId: Number(c.entry_id),
        sealedKey: c.sealed,
        history: [],
        inputEstimate,
        reservation,
        maxTokens: reservation ? Math.max(MIN_REPLY_TOKENS, reservation.reserved - inputEstimate) : MAX_REPLY_TOKENS,
      };
    }),
  };
}
