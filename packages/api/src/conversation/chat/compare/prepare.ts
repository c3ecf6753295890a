import { CHARS_PER_TOKEN, countCharacters, type KeyPolicy } from "@parley/ai";
import { and, asc, desc, eq, isNotNull, or, isNull, sql, type SQL } from "drizzle-orm";
import { allowanceHolds, chatEntries, chatSessions, columnNames, prompts, setColumns, userProviderKeys, type Database, type Transaction } from "@parley/db";
import type { AuthIdentity } from "../../../kit/identity";
import { AppError } from "../../../kit/errors";
import { refusal } from "../../../account/subscription/allowance";
import { getUserByIdentity, SETUP_REQUIRED_MESSAGE } from "../../../account/user/require-user";
import { PROMPT_GONE_MESSAGE } from "../prompts";
import { SESSION_NOT_FOUND } from "../sessions";
import { MAX_REPLY_TOKENS, MIN_REPLY_TOKENS, REQUEST_OVERHEAD_TOKENS, reservationCtes, type Reservation } from "../send/budget";
import { OWN_KEY_NAME } from "../send/prepare";

/** A model of a comparison the caller cannot use (not in the catalogue, or no key for its service). */
export function modelUnavailableMessage(modelId: string): string {
  return `The model "${modelId}" is not available to you. Pick another model, or add a key for its service under Profile → API Keys.`;
}

export const NOT_A_COMPARISON_MESSAGE = "This conversation is not a comparison. Continue it with a single model, or start a new comparison.";

export function sameModelsMessage(models: readonly string[]): string {
  return `A follow-up goes to the models this comparison started with: ${models.join(", ")}. Start a new comparison to compare other models.`;
}

export type CompareRequest = {
  identity: Pick<AuthIdentity, "issuer" | "subject">;
  /** Each column's model and its key policy, in column order. */
  columns: { modelId: string; policy: KeyPolicy }[];
  /** The session to continue, or a new one with this id and description. */
  session: { existing: number } | { create: number; description: string };
  category: string | null;
  defaultCategory: string;
  content: string;
  promptId: number | null;
  /** Earlier complete exchanges of each column read back as its context. */
  exchanges: number;
  /** The server instance whose lease covers the reservations (null on the embedded database). */
  instance: string | null;
  now: Date;
};

export type FollowUpRequest = CompareRequest & { session: { existing: number } };

export type PreparedColumn = {
  column: number;
  modelId: string;
  entryId: number;
  /** The user's own key for the model's service, still sealed, when it pays. */
  sealedKey: string | null;
  history: { message: string; response: string }[];
  inputEstimate: number;
  /** What this column's reply may cost, held on its exchange when the platform pays. */
  reservation: Reservation | undefined;
  maxTokens: number;
};

export type PreparedCompare = {
  userId: string;
  sessionId: number;
  description: string;
  system: string | undefined;
  columns: PreparedColumn[];
};

/**
 * Checks and stores a follow-up to a comparison in one transaction, before any model is called:
 * the caller's account, the prompt, the comparison session (ownership is part of the lookup,
 * and the row stays locked so follow-ups to one comparison are stored one after the other) and
 * each column's last exchanges, the keys that pay, and one allowance reservation covering every
 * platform-paid column; then one exchange per column, each the child of its column's previous
 * exchange, and the session's active exchange (column 0's). Anything missing or refused stores
 * nothing and throws the error a person can act on. A new comparison is stored in one statement
 * (prepareNewCompare).
 */
export async function prepareFollowUp(db: Database, request: FollowUpRequest): Promise<PreparedCompare> {
  const user = await getUserByIdentity(db, request.identity);
  if (!user) throw new AppError("NOT_FOUND", SETUP_REQUIRED_MESSAGE);
  try {
    return await db.transaction((tx) => prepareIn(tx, user.id, request));
  } catch (error) {
    // The refusal's message names the plan and its allowance, read once the transaction is over.
    if (error instanceof AllowanceRefused) throw await refusal(db, user.id);
    throw error;
  }
}

class AllowanceRefused extends Error {}

async function prepareIn(tx: Transaction, userId: string, request: FollowUpRequest): Promise<PreparedCompare> {
  const { now } = request;
  let system: string | undefined;
  if (request.promptId !== null) {
    const [prompt] = await tx
      .select({ prompt: prompts.prompt })
      .from(prompts)
      .where(and(eq(prompts.id, request.promptId), or(isNull(prompts.userId), eq(prompts.userId, userId))))
      .limit(1);
    if (!prompt) throw new AppError("BAD_REQUEST", PROMPT_GONE_MESSAGE);
    system = prompt.prompt;
  }

  const modelIds = request.columns.map((c) => c.modelId);
  const leaves = new Map<number, number>();
  const histories = new Map<number, { message: string; response: string }[]>();
  // Locked, so follow-ups to one comparison are stored one after the other.
  const [session] = await tx
    .select()
    .from(chatSessions)
    .where(and(eq(chatSessions.id, request.session.existing), eq(chatSessions.userId, userId)))
    .for("update")
    .limit(1);
  if (!session) throw new AppError("NOT_FOUND", SESSION_NOT_FOUND);
  if (!session.compareModels) throw new AppError("BAD_REQUEST", NOT_A_COMPARISON_MESSAGE);
  const models = session.compareModels;
  if (models.length !== modelIds.length || models.some((m, i) => m !== modelIds[i])) throw new AppError("BAD_REQUEST", sameModelsMessage(models));
  const sessionId = session.id;
  const description = session.description;
  const entries = await tx
    .select({
      id: chatEntries.id,
      column: chatEntries.compareColumn,
      message: chatEntries.messageContent,
      response: chatEntries.responseContent,
      status: chatEntries.status,
    })
    .from(chatEntries)
    .where(and(eq(chatEntries.sessionId, sessionId), isNotNull(chatEntries.compareColumn)))
    .orderBy(asc(chatEntries.createdAt), asc(chatEntries.id));
  for (const entry of entries) {
    const column = entry.column!;
    leaves.set(column, entry.id);
    if (entry.status !== "complete") continue;
    const history = histories.get(column) ?? [];
    history.push({ message: entry.message, response: entry.response });
    histories.set(column, history.slice(-request.exchanges));
  }

  const ownKeyServices = [...new Set(request.columns.flatMap((c) => (c.policy.ownKey ? [OWN_KEY_NAME[c.policy.ownKey]] : [])))];
  const sealed = new Map<string, string>();
  if (ownKeyServices.length > 0) {
    const rows = await tx
      .select({ provider: userProviderKeys.provider, ciphertext: userProviderKeys.ciphertext })
      .from(userProviderKeys)
      .where(eq(userProviderKeys.userId, userId));
    for (const row of rows) sealed.set(row.provider, row.ciphertext);
  }

  // Each column's input estimate, counted as the single send counts it (characters as length() does).
  const columns = request.columns.map(({ modelId, policy }, column) => {
    const sealedKey = policy.ownKey ? (sealed.get(OWN_KEY_NAME[policy.ownKey]) ?? null) : null;
    if (policy.ownKey && !policy.platformKey && sealedKey === null) throw new AppError("BAD_REQUEST", modelUnavailableMessage(modelId));
    const history = histories.get(column) ?? [];
    const characters =
      countCharacters(request.content) + countCharacters(system ?? "") + history.reduce((sum, h) => sum + countCharacters(h.message) + countCharacters(h.response), 0);
    return {
      column,
      modelId,
      sealedKey,
      history,
      platformPays: policy.platformKey && sealedKey === null,
      inputEstimate: Math.ceil(characters / CHARS_PER_TOKEN) + REQUEST_OVERHEAD_TOKENS,
    };
  });

  // One reservation for all platform-paid columns, as if they were one send of their summed
  // input and reply budgets: the whole comparison is refused when it cannot cover them all.
  const paid = columns.filter((c) => c.platformPays);
  const holds = new Map<number, Reservation>();
  if (paid.length > 0) {
    const input = paid.reduce((sum, c) => sum + c.inputEstimate, 0);
    const budget = { input: sql`${input}::int`, reply: paid.length * MAX_REPLY_TOKENS, minimum: paid.length * MIN_REPLY_TOKENS };
    const reserved = await tx.execute(
      sql`with ${reservationCtes(sql`${userId}::uuid`, budget, now, sql`true`)} select reserved, free from reserved`,
    );
    const [row] = rowsOf<{ reserved: number; free: boolean }>(reserved);
    if (!row) throw new AllowanceRefused();
    // The reply budget is shared out evenly; each column holds its own input and share.
    const replyPart = Number(row.reserved) - input;
    const share = Math.floor(replyPart / paid.length);
    paid.forEach((c, i) => {
      const extra = i === 0 ? replyPart - share * paid.length : 0;
      holds.set(c.column, { userId, reserved: c.inputEstimate + share + extra, free: Boolean(row.free) });
    });
  }

  // One statement stores the exchanges, the session (new, or its active exchange moved on) and
  // the holds, which name their exchanges so each reservation is settled with its reply (or when
  // its process is taken for dead).
  const at = sql`${now.toISOString()}::timestamptz`;
  const e = chatEntries;
  const rows = sql.join(
    columns.map(
      (c) =>
        sql`(${sessionId}::bigint, ${leaves.get(c.column) ?? null}::bigint, ${c.column}::smallint, ${request.content}, ${c.modelId}, ${request.promptId}::int, 'pending', ${at})`,
    ),
    sql`, `,
  );
  const ctes: SQL[] = [
    sql`e as (
      insert into ${e} (${columnNames(e.sessionId, e.parentEntryId, e.compareColumn, e.messageContent, e.modelId, e.promptId, e.status, e.createdAt)})
      values ${rows}
      returning ${e.id} as id, ${e.compareColumn} as compare_column
    )`,
  ];
  const s = chatSessions;
  const active = sql`(select id from e where compare_column = 0)`;
  ctes.push(sql`s as (
      update ${s} set ${setColumns(s, { activeEntryId: active, lastUpdated: at, category: sql`coalesce(${request.category}, ${s.category})` })}
      where ${s.id} = ${sessionId}::bigint
      returning ${s.id}
    )`);
  if (holds.size > 0) {
    const h = allowanceHolds;
    const values = sql.join(
      [...holds].map(([column, hold]) => sql`(${column}::smallint, ${hold.reserved}::int, ${hold.free}::boolean)`),
      sql`, `,
    );
    ctes.push(sql`h as (
        insert into ${h} (${columnNames(h.entryId, h.userId, h.tokens, h.free, h.createdAt, h.instanceId)})
        select e.id, ${userId}::uuid, v.tokens, v.free, ${at}, ${request.instance}::uuid from e join (values ${values}) as v(compare_column, tokens, free) on v.compare_column = e.compare_column
        returning ${h.entryId}
      )`);
  }
  const inserted = rowsOf<{ id: number | string; compare_column: number }>(
    await tx.execute(sql`with ${sql.join(ctes, sql`, `)} select id, compare_column from e, (select count(*) from s) as stored`),
  );
  const entryOf = new Map(inserted.map((row) => [Number(row.compare_column), Number(row.id)]));
  return {
    userId,
    sessionId,
    description,
    system,
    columns: columns.map((c) => {
      const reservation = holds.get(c.column);
      return {
        column: c.column,
        modelId: c.modelId,
        entryId: entryOf.get(c.column)!,
        sealedKey: c.sealedKey,
        history: c.history,
        inputEstimate: c.inputEstimate,
        reservation,
        maxTokens: reservation ? Math.max(MIN_REPLY_TOKENS, reservation.reserved - c.inputEstimate) : MAX_REPLY_TOKENS,
      };
    }),
  };
}

/** Rows of `execute`: postgres.js answers with the rows, PGlite with `{ rows }`. */
function rowsOf<Row>(result: unknown): Row[] {
  return Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);
}

/** The latest exchange of each column of a comparison session, in column order. */
export async function columnLeaves(db: Database | Transaction, sessionId: number) {
  return db
    .selectDistinctOn([chatEntries.compareColumn], { column: chatEntries.compareColumn, id: chatEntries.id })
    .from(chatEntries)
    .where(and(eq(chatEntries.sessionId, sessionId), isNotNull(chatEntries.compareColumn)))
    .orderBy(asc(chatEntries.compareColumn), desc(chatEntries.createdAt), desc(chatEntries.id));
}
