import type { Executor } from "@parley/db";
import { activeBranch } from "./compare/columns";
import { getDisplayNameById } from "./display-name";
import { getOwnedSession, getReadableSession, listEntriesBySession, presentForkedFrom } from "./sessions";

/** One exchange as the spec's history entry (§3), plus its status. */
export function toHistoryEntry(entry: Awaited<ReturnType<typeof listEntriesBySession>>[number]) {
  return {
    id: entry.id,
    message_content: entry.messageContent,
    response_content: entry.responseContent,
    timestamp: entry.createdAt.toISOString(),
    model_id: entry.modelId,
    user: entry.authorName,
    /** 'complete', 'pending' (still streaming), 'error' or 'stopped'. */
    status: entry.status,
  };
}

/**
 * A session's history (spec §7 getChatHistory). Without `shared` only the owner may read it;
 * with `shared`, anyone signed in may read a session its owner shares, and learns the owner's name.
 */
export async function getSessionHistory(db: Executor, userId: string, sessionId: number, shared: boolean) {
  const session = shared ? await getReadableSession(db, userId, sessionId) : await getOwnedSession(db, userId, sessionId);
  const entries = activeBranch(session, await listEntriesBySession(db, session.id));
  return {
    session_id: session.id,
    description: session.description,
    sessions: entries.map(toHistoryEntry),
    category: session.category,
    username: shared ? await getDisplayNameById(db, session.userId) : undefined,
    is_owner: session.userId === userId,
    shared: session.sharedAt !== null,
    forked_from: presentForkedFrom(
      { sessionId: session.forkedFromSessionId, postId: session.forkedFromPostId },
      session.forkedFromUserId ? await getDisplayNameById(db, session.forkedFromUserId) : null,
    ),
  };
}
