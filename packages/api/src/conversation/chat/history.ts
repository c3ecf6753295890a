import type { Executor } from "@parley/db";
import { branchOf, readLeaf, siblingsOf, type SiblingInfo } from "./branches";
import { columnsOf } from "./compare/columns";
import { getDisplayNameById } from "../../account/display-name";
import { getOwnedSession, getReadableSession, listEntriesBySession, presentForkedFrom } from "./sessions";
import { redactShared, replaceRedacted } from "./share-privacy";
import { admitShareReader } from "./share-gate";
import type { Reader } from "../../kit/link-controls";

/** One exchange as a history entry of the REST `getChatHistory` answer, plus its status. */
export function toHistoryEntry(entry: Awaited<ReturnType<typeof listEntriesBySession>>[number], siblings?: SiblingInfo) {
  return {
    id: entry.id,
    message_content: entry.messageContent,
    response_content: entry.responseContent,
    timestamp: entry.createdAt.toISOString(),
    model_id: entry.modelId,
    user: entry.authorName,
    /** 'complete', 'pending' (still streaming), 'error' or 'stopped'. */
    status: entry.status,
    /** The exchange's place among its siblings (edits and regenerations); only the owner sees it. */
    ...(siblings ? { siblings } : {}),
  };
}

/**
 * A comparison's every column, named, for readers of the history (`sessions` holds column 0's
 * branch, as a chat reads it): `compare_models` and `columns` are null for an ordinary chat.
 */
async function comparisonColumnsOf(db: Executor, session: Parameters<typeof columnsOf>[1], entries: Parameters<typeof columnsOf>[2]) {
  if (!session.compareModels) return { compare_models: null, columns: null };
  const { models, byColumn, nameOf } = await columnsOf(db, session, entries);
  return {
    compare_models: session.compareModels,
    columns: models.map((modelId, column) => ({
      column,
      model_id: modelId,
      model_name: nameOf(modelId),
      sessions: (byColumn.get(column) ?? []).map((entry) => toHistoryEntry(entry)),
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
  const stored = await listEntriesBySession(db, session.id);
  const entries = shared ? redactShared(session, stored) : stored;
  // Only one branch of the conversation is read: the owner's active one, or the shared one.
  const isOwner = session.userId === userId;
  const branch = branchOf(entries, readLeaf(entries, session, isOwner));
  const siblings = isOwner ? siblingsOf(entries, branch) : undefined;
  return {
    ...(await comparisonColumnsOf(db, session, entries)),
    session_id: session.id,
    // A title made from the first message carries its redactions too.
    description: shared ? replaceRedacted(session.description, session.shareRedactions) : session.description,
    sessions: branch.map((entry) => toHistoryEntry(entry, siblings?.get(entry.id))),
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
