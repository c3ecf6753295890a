import type { Database } from "@parley/db";
import { branchOf, comparisonExchangesRead, readLeaf } from "./branches";
import { copyConversation } from "./copies";
import { newSessionId } from "./session-id";
import { getReadableSession, listExchangesBySession } from "./sessions";
import { redactedTitle, redactShared } from "./share-privacy";
import { admitShareReader } from "./share-gate";
import type { Reader } from "../../account/sharing/link-controls";

/**
 * Copies a session the caller may read (their own, or a shared one) into a new session of the
 * caller, in one transaction (in batches of rows, however long it is), recording where it came
 * from (copyConversation, as every copy is made). Only the branch the
 * caller reads is copied, as the new session's single branch. Someone else's share is read
 * through its controls (`reader`; share-gate.ts), as its page is.
 */
export async function cloneSession(db: Database, userId: string, sessionId: number, options: { addCloneText: boolean; now: Date; reader: Reader }) {
  return db.transaction(async (tx) => {
    const source = await getReadableSession(tx, userId, sessionId);
    if (source.userId !== userId) await admitShareReader(tx, options.reader, source);
    // The branch the caller reads is copied: the owner's active one, or the shared one.
    // Someone else's clone of a share copies it as shared: with its owner's redactions.
    const stored = await listExchangesBySession(tx, source.id);
    const all = source.userId === userId ? stored : redactShared(source, stored);
    // A comparison is copied with every column (someone else's share: the turns of its snapshot) and stays a comparison.
    const asOwner = source.userId === userId;
    const exchanges = source.compareModels ? comparisonExchangesRead(all, source, asOwner) : branchOf(all, readLeaf(all, source, asOwner));
    const id = newSessionId();
    // Someone else's share: its title as the share shows it.
    const title = source.userId === userId ? source.description : redactedTitle(source);
    const at = new Map(exchanges.map((exchange, i) => [exchange.id, i]));
    // The copy is on column 0's newest copied exchange (a snapshot's, not the owner's newer one).
    const active = source.compareModels ? (exchanges.findLast((e) => e.compareColumn === 0)?.id ?? source.activeEntryId) : (exchanges.at(-1)?.id ?? null);
    await copyConversation(tx, {
      id,
      userId,
      description: options.addCloneText ? `${title} (clone)`.trim() : title,
      category: source.category,
      lineage: { sessionId: source.id, userId: source.userId },
      now: options.now,
      exchanges: exchanges.map((exchange) => ({
        parent: exchange.parentEntryId === null ? null : (at.get(exchange.parentEntryId) ?? null),
        messageContent: exchange.messageContent,
        responseContent: exchange.responseContent,
        modelId: exchange.modelId,
        promptId: exchange.promptId,
        authorName: exchange.authorName,
        status: exchange.status === "pending" ? "stopped" : exchange.status,
        error: exchange.error,
        inputTokens: exchange.inputTokens,
        outputTokens: exchange.outputTokens,
        createdAt: exchange.createdAt,
        compareColumn: exchange.compareColumn,
      })),
      active: active === null ? null : (at.get(active) ?? null),
      compareModels: source.compareModels,
    });
    return { new_session_id: id };
  });
}
