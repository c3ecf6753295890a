import { eq, sql } from "drizzle-orm";
import { batchesOf, chatEntries, chatSessions, type Database, type Transaction } from "@parley/db";
import { newSessionId } from "../chat/session-id";
import { parseExport, type ImportedConversation } from "./import-formats";

/**
 * Imports a ChatGPT or Claude export into the caller's account, all in one transaction: either
 * every conversation is stored or none is. Each conversation becomes one session whose exchanges
 * form a single branch (each one's parent is the previous exchange), the last one active.
 */
export async function importConversations(db: Database, userId: string, text: string) {
  const { source, conversations } = parseExport(text);
  const sessions = await db.transaction(async (tx) => {
    const stored: { id: number; description: string; exchanges: number }[] = [];
    for (const conversation of conversations) stored.push(await storeConversation(tx, userId, conversation));
    return stored;
  });
  return { source, imported: sessions.length, exchanges: sessions.reduce((sum, s) => sum + s.exchanges, 0), sessions };
}

type Tx = Transaction;

async function storeConversation(tx: Tx, userId: string, conversation: ImportedConversation) {
  const id = newSessionId();
  const description = conversation.title.slice(0, 255);
  const lastAt = conversation.exchanges.at(-1)!.createdAt;
  await tx.insert(chatSessions).values({ id, userId, description, createdAt: conversation.createdAt, lastUpdated: lastAt });
  const ids: number[] = [];
  for (const batch of batchesOf(conversation.exchanges)) {
    const rows = await tx
      .insert(chatEntries)
      .values(
        batch.map((e) => ({
          sessionId: id,
          messageContent: e.message,
          responseContent: e.response,
          modelId: e.modelId,
          status: "complete",
          createdAt: e.createdAt,
        })),
      )
      .returning({ id: chatEntries.id });
    // Identity values are drawn in the order of the VALUES list, so ascending ids are that order.
    ids.push(...rows.map((row) => row.id).sort((a, b) => a - b));
  }
  for (const batch of batchesOf(ids.slice(1).map((entryId, i) => [entryId, ids[i]!] as const))) {
    const pairs = batch.map(([entryId, parent]) => sql`(${entryId}::bigint, ${parent}::bigint)`);
    await tx.execute(
      sql`update ${chatEntries} set parent_entry_id = v.parent from (values ${sql.join(pairs, sql`, `)}) as v(id, parent) where ${chatEntries.id} = v.id`,
    );
  }
  await tx.update(chatSessions).set({ activeEntryId: ids.at(-1)! }).where(eq(chatSessions.id, id));
  return { id, description, exchanges: ids.length };
}
