import { batchesOf, chatEntries, chatSessions, type Database } from "@parley/db";
import { branchOf, chainCopiedEntries, readLeaf } from "./branches";
import { linkCopiedEntries } from "./compare/columns";
import { newSessionId } from "./session-id";
import { getReadableSession, listEntriesBySession } from "./sessions";
import { redactShared, replaceRedacted } from "./share-privacy";
import { admitShareReader } from "./share-gate";
import type { Reader } from "../../kit/link-controls";

/**
 * Copies a session the caller may read (their own, or a shared one) into a new session of the
 * caller, in one transaction (in batches of rows, however long it is), recording where it came from. Only the branch the
 * caller reads is copied, as the new session's single branch. Someone else's share is read
 * through its controls (`reader`; share-gate.ts), as its page is.
 */
export async function cloneSession(db: Database, userId: string, sessionId: number, options: { addCloneText: boolean; now: Date; reader: Reader }) {
  return db.transaction(async (tx) => {
    const source = await getReadableSession(tx, userId, sessionId);
    if (source.userId !== userId) await admitShareReader(tx, options.reader, source);
    // The branch the caller reads is copied: the owner's active one, or the shared one.
    // Someone else's clone of a share copies it as shared: with its owner's redactions.
    const stored = await listEntriesBySession(tx, source.id);
    const all = source.userId === userId ? stored : redactShared(source, stored);
    // A comparison is copied whole, every column, and stays a comparison.
    const entries = source.compareModels ? all : branchOf(all, readLeaf(all, source, source.userId === userId));
    const id = newSessionId();
    await tx.insert(chatSessions).values({
      id,
      userId,
      description: replaceRedacted(options.addCloneText ? `${source.description} (clone)`.trim() : source.description, source.userId === userId ? null : source.shareRedactions),
      category: source.category,
      forkedFromSessionId: source.id,
      forkedFromUserId: source.userId,
      createdAt: options.now,
      lastUpdated: options.now,
    });
    if (entries.length > 0) {
      const copies: number[] = [];
      for (const batch of batchesOf(entries)) {
        const rows = await tx
          .insert(chatEntries)
          .values(
            batch.map((entry) => ({
              sessionId: id,
              messageContent: entry.messageContent,
              responseContent: entry.responseContent,
              modelId: entry.modelId,
              promptId: entry.promptId,
              authorName: entry.authorName,
              status: entry.status === "pending" ? "stopped" : entry.status,
              error: entry.error,
              inputTokens: entry.inputTokens,
              outputTokens: entry.outputTokens,
              createdAt: entry.createdAt,
              compareColumn: entry.compareColumn,
            })),
          )
          .returning({ id: chatEntries.id });
        // Identity values are drawn in the order of the VALUES list, so ascending ids are that order.
        copies.push(...rows.map((row) => row.id).sort((a, b) => a - b));
      }
      if (source.compareModels) await linkCopiedEntries(tx, id, source, entries, copies);
      else await chainCopiedEntries(tx, id);
    }
    return { new_session_id: id };
  });
}
