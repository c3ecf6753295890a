import { inArray } from "drizzle-orm";
import { models, type Executor } from "@parley/db";
import { branchOf, comparisonExchangesRead, readLeaf, siblingsOf, type SiblingInfo } from "./branches";
import { columnsOf } from "./compare/columns";
import { getDisplayNameById } from "../../account/display-name";
import { getOwnedSession, getReadableSession, listExchangesBySession, presentForkedFrom } from "./sessions";
import { redactedTitle, redactShared } from "./share-privacy";
import { admitShareReader } from "./share-gate";
import { describeFirstMessage, titleFollowsBranch } from "./descriptions";
import type { Reader } from "../../account/sharing/link-controls";

/** One exchange as an item of the REST `getChatHistory` answer, plus its status. */
export function toHistoryExchange(exchange: Awaited<ReturnType<typeof listExchangesBySession>>[number], siblings?: SiblingInfo) {
  return {
    id: exchange.id,
    message_content: exchange.messageContent,
    response_content: exchange.responseContent,
    timestamp: exchange.createdAt.toISOString(),
    model_id: exchange.modelId,
    user: exchange.authorName,
    /** 'complete', 'pending' (still streaming), 'error' or 'stopped'. */
    status: exchange.status,
    /** The exchange's place among its siblings (edits and regenerations); only the owner sees it. */
    ...(siblings ? { siblings } : {}),
  };
}

/** The catalogue's names of the models given (those it has). */
async function modelNamesOf(db: Executor, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  return new Map((await db.select({ id: models.id, name: models.name }).from(models).where(inArray(models.id, wanted))).map((m) => [m.id, m.name]));
}

/**
 * A comparison's every column, named, for readers of the history (`sessions` holds column 0's
 * branch, as a chat reads it): `compare_models` and `columns` are null for an ordinary chat.
 */
async function comparisonColumnsOf(db: Executor, session: Parameters<typeof columnsOf>[1], exchanges: Parameters<typeof columnsOf>[2]) {
  if (!session.compareModels) return { compare_models: null, columns: null };
  const { models, byColumn, nameOf } = await columnsOf(db, session, exchanges);
  return {
    compare_models: session.compareModels,
    columns: models.map((modelId, column) => ({
      column,
      model_id: modelId,
      model_name: nameOf(modelId),
      sessions: (byColumn.get(column) ?? []).map((exchange) => toHistoryExchange(exchange)),
    })),
  };
}

/**
 * A session's history. Without `shared` only the owner may read it;
 * with `shared`, anyone signed in may read a session its owner shares, and learns the owner's name,
 * through the share's controls (`reader`: expiry, password, view cap; share-gate.ts). A null
 * `reader` is a read already let in by another gate: a public link's page.
 */
export async function getSessionHistory(db: Executor, userId: string, sessionId: number, shared: boolean, reader: Reader | null) {
  const session = shared ? await getReadableSession(db, userId, sessionId) : await getOwnedSession(db, userId, sessionId);
  if (shared && reader !== null) await admitShareReader(db, reader, session);
  // A share is read with its owner's redactions (docs/privacy.md).
  const stored = await listExchangesBySession(db, session.id);
  const exchanges = shared ? redactShared(session, stored) : stored;
  // Only one branch of the conversation is read: the owner's active one, or the shared one.
  const isOwner = session.userId === userId;
  const branch = branchOf(exchanges, readLeaf(exchanges, session, isOwner));
  const siblings = isOwner ? siblingsOf(exchanges, branch) : undefined;
  // A title made from a first message edited away follows the branch (its first message, as read here: redacted for a share).
  const follows = titleFollowsBranch(session.description, stored, branch[0]);
  const names = await modelNamesOf(
    db,
    branch.map((e) => e.modelId),
  );
  return {
    // A share's reader sees the turns of its snapshot.
    ...(await comparisonColumnsOf(db, session, session.compareModels ? comparisonExchangesRead(exchanges, session, isOwner) : exchanges)),
    session_id: session.id,
    description: follows ? describeFirstMessage(branch[0]!.messageContent) : shared ? redactedTitle(session) : session.description,
    sessions: branch.map((exchange) => toHistoryExchange(exchange, siblings?.get(exchange.id))),
    /** The catalogue's name of each model the branch's replies came from, by id, so a reader of a share can name them (the entries keep the spec's shape). */
    model_names: Object.fromEntries(names),
    category: session.category,
    username: shared ? await getDisplayNameById(db, session.userId) : undefined,
    is_owner: isOwner,
    shared: session.sharedAt !== null,
    forked_from: presentForkedFrom(
      { sessionId: session.forkedFromSessionId, postId: session.forkedFromPostId },
      session.forkedFromUserId ? await getDisplayNameById(db, session.forkedFromUserId) : null,
    ),
  };
}
