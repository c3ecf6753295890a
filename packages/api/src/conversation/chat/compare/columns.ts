import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { chatEntries, chatSessions, models as catalogue, type Executor } from "@parley/db";
import { AppError } from "../../../kit/errors";
import { comparisonExchangesRead } from "../branches";
import { getOwnedSession, getReadableSession, listExchangesBySession, type SessionRow } from "../sessions";
import { redactedTitle, redactShared } from "../share-privacy";
import { admitShareReader } from "../share-gate";
import type { Reader } from "../../../account/sharing/link-controls";
import { NOT_A_COMPARISON_MESSAGE } from "../../exchange/store";
import type { ColumnStopper } from "../../../kit/ports";

type ExchangeRow = Awaited<ReturnType<typeof listExchangesBySession>>[number];

export function noSuchColumnMessage(columns: number): string {
  return `This comparison has ${columns} columns, numbered 0 to ${columns - 1}.`;
}

/**
 * A comparison's columns: the model of each, in column order (the session's compared models, or
 * after a winner was picked the model each column's exchanges used), its name from the catalogue
 * (the id when the model is gone), and each column's exchanges, oldest first.
 */
export async function columnsOf(db: Executor, session: Pick<SessionRow, "compareModels">, exchanges: ExchangeRow[]) {
  const byColumn = new Map<number, ExchangeRow[]>();
  for (const exchange of exchanges) {
    if (exchange.compareColumn === null) continue;
    byColumn.set(exchange.compareColumn, [...(byColumn.get(exchange.compareColumn) ?? []), exchange]);
  }
  const models = session.compareModels ?? [...byColumn.keys()].sort((a, b) => a - b).map((c) => byColumn.get(c)![0]!.modelId ?? "");
  const known = models.length === 0 ? [] : await db.select({ id: catalogue.id, name: catalogue.name }).from(catalogue).where(inArray(catalogue.id, models));
  const names = new Map(known.map((m) => [m.id, m.name]));
  const nameOf = (modelId: string) => names.get(modelId) ?? modelId;
  return { models, byColumn, nameOf };
}

/**
 * A comparison read by columns: each column's model (its id, its name, and whether the caller
 * may use it: `usable` are the model ids the caller can chat with) and its turns, oldest first.
 * Without `shared` only the owner may read it; with `shared`, anyone signed in may read a shared
 * one, through the share's controls (share-gate.ts). A comparison forked from someone else's post may have models the caller cannot use: they
 * keep their columns, marked unavailable and named in `unavailable_models`, as the fork said.
 */
export async function getCompareColumns(db: Executor, userId: string, sessionId: number, shared: boolean, usable: Set<string>, reader: Reader) {
  const session = shared ? await getReadableSession(db, userId, sessionId) : await getOwnedSession(db, userId, sessionId);
  if (shared) await admitShareReader(db, reader, session);
  const stored = await listExchangesBySession(db, session.id);
  // A share's reader sees its snapshot: the turns it had when shared, with its redactions.
  const read = shared ? comparisonExchangesRead(redactShared(session, stored), session, session.userId === userId) : stored;
  const { models, byColumn, nameOf } = await columnsOf(db, session, read);
  return {
    session_id: session.id,
    description: shared ? redactedTitle(session) : session.description,
    category: session.category,
    is_owner: session.userId === userId,
    /** The compared models in column order; null once a winner was picked (an ordinary chat). */
    compare_models: session.compareModels,
    /** The compared models the caller cannot use now (no key for their service, or gone from the catalogue). */
    unavailable_models: models.filter((modelId) => !usable.has(modelId)).map((modelId) => ({ model_id: modelId, model_name: nameOf(modelId) })),
    columns: models.map((modelId, column) => ({
      column,
      model_id: modelId,
      model_name: nameOf(modelId),
      available: usable.has(modelId),
      turns: (byColumn.get(column) ?? []).map((exchange) => ({
        id: exchange.id,
        message_content: exchange.messageContent,
        response_content: exchange.responseContent,
        timestamp: exchange.createdAt.toISOString(),
        /** 'complete', 'pending' (still streaming), 'error' or 'stopped'. */
        status: exchange.status,
        error: exchange.error,
        usage: { input_tokens: exchange.inputTokens, output_tokens: exchange.outputTokens },
      })),
    })),
  };
}

/**
 * Picks a comparison's winner: the session becomes an ordinary chat on that column's branch
 * (its latest exchange is the active one); the other columns stay as sibling branches.
 */
export async function pickWinner(db: Executor, userId: string, sessionId: number, column: number) {
  const session = await getOwnedSession(db, userId, sessionId);
  if (!session.compareModels) throw new AppError("BAD_REQUEST", NOT_A_COMPARISON_MESSAGE);
  if (column >= session.compareModels.length) throw new AppError("BAD_REQUEST", noSuchColumnMessage(session.compareModels.length));
  const leaf = sql`(select ${chatEntries.id} from ${chatEntries} where ${chatEntries.sessionId} = ${session.id} and ${chatEntries.compareColumn} = ${column}
    order by ${chatEntries.createdAt} desc, ${chatEntries.id} desc limit 1)`;
  const updated = await db
    .update(chatSessions)
    .set({ compareModels: null, activeEntryId: leaf })
    .where(and(eq(chatSessions.id, session.id), eq(chatSessions.userId, userId), isNotNull(chatSessions.compareModels)))
    .returning({ activeEntryId: chatSessions.activeEntryId });
  // Another pick came first: the comparison is already an ordinary chat.
  if (updated.length === 0) throw new AppError("BAD_REQUEST", NOT_A_COMPARISON_MESSAGE);
  return { session_id: session.id, model_id: session.compareModels[column]!, active_entry_id: updated[0]!.activeEntryId };
}

/**
 * Stops one column of the caller's comparison while the others go on. The column may stream on
 * another instance: when it is not streaming here but its reply is still pending in the
 * database, the Stop goes to every instance and counts as delivered.
 */
export async function stopCompareColumn(db: Executor, stops: ColumnStopper, userId: string, sessionId: number, column: number) {
  // A Stop names no model: a blind battle's columns stop as any comparison's.
  const session = await getOwnedSession(db, userId, sessionId, { blindBattle: "allow" });
  const columns = session.compareModels?.length ?? 0;
  if (columns > 0 && column >= columns) throw new AppError("BAD_REQUEST", noSuchColumnMessage(columns));
  const key = { userId, sessionId: session.id, column };
  if (stops.stopHere(key)) return { stopped: true };
  const pending = await db
    .select({ id: chatEntries.id })
    .from(chatEntries)
    .where(and(eq(chatEntries.sessionId, session.id), eq(chatEntries.compareColumn, column), eq(chatEntries.status, "pending")))
    .limit(1);
  if (pending.length === 0) return { stopped: false };
  await stops.broadcast(key);
  return { stopped: true };
}
