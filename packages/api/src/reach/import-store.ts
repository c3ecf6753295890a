import { randomUUID } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import { batchesOf, chatEntries, chatSessions, columnNames, importJobs, resultRows, users, type Database } from "@parley/db";
import { drawExchangeIds, writeCopiedExchanges } from "../conversation/chat/copies";
import { newSessionId } from "../conversation/chat/session-id";
import { AppError } from "../kit/errors";
import { parseExportInSteps, type ImportedConversation } from "./import-formats";
import { assertStorageFor } from "./storage-quota";

/**
 * Exchanges written per step. Each step is its own short transaction, so other people's requests
 * get the database between steps (PGlite has a single connection), however large the import.
 */
const EXCHANGES_PER_STEP = 250;
/** A running import not heard from for this long is taken for dead (its server stopped). */
const ABANDONED_AFTER_MS = 10 * 60_000;
/** The issuer of the stand-in accounts imports write under: no sign-in ever has it. */
export const STAGING_ISSUER = "parley:import";

export const IMPORT_NOT_FOUND = "Import not found: there is no import with this id in your account.";
export const IMPORT_ID_TAKEN = "This import id is already in use. Start the import again; it gets a new id.";

type Options = { jobId?: string; quotaBytes: number; now: Date };

/**
 * Imports a ChatGPT or Claude export into the caller's account, all or nothing: the
 * conversations are written in short steps under a stand-in account, with the import's progress
 * (see getImportProgress), and all change owner in one last transaction. Each conversation
 * becomes one session whose exchanges form a single branch (each one's parent is the previous
 * exchange), the last one active. Refused with a 413 beyond the account's storage quota.
 */
export async function importConversations(db: Database, userId: string, text: string, options: Options) {
  const { source, conversations } = await parseExportInSteps(text);
  await assertStorageFor(db, userId, conversations, options.quotaBytes);
  await clearAbandonedImports(db, options.now);
  const jobId = options.jobId ?? randomUUID();
  const stagingId = await startJob(db, userId, jobId, conversations);
  try {
    const sessions: { id: number; description: string; exchanges: number }[] = [];
    for (const conversation of conversations) sessions.push(await storeConversation(db, jobId, stagingId, conversation));
    await db.transaction(async (tx) => {
      await tx.update(chatSessions).set({ userId }).where(eq(chatSessions.userId, stagingId));
      await tx.update(importJobs).set({ status: "done", stagingUserId: null }).where(eq(importJobs.id, jobId));
      await tx.delete(users).where(eq(users.id, stagingId));
    });
    return { source, job_id: jobId, imported: sessions.length, exchanges: sessions.reduce((sum, s) => sum + s.exchanges, 0), sessions };
  } catch (error) {
    await discardStaging(db, jobId, stagingId);
    throw error;
  }
}

/** How far one of the caller's imports got; someone else's is NOT_FOUND. */
export async function getImportProgress(db: Database, userId: string, jobId: string) {
  const [job] = await db
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.id, jobId), eq(importJobs.userId, userId)))
    .limit(1);
  if (!job) throw new AppError("NOT_FOUND", IMPORT_NOT_FOUND);
  return {
    job_id: job.id,
    /** 'running', 'done' or 'failed' (nothing of it was kept). */
    status: job.status as "running" | "done" | "failed",
    conversations_done: job.conversationsDone,
    conversations_total: job.conversationsTotal,
    exchanges_done: job.exchangesDone,
    exchanges_total: job.exchangesTotal,
  };
}

async function startJob(db: Database, userId: string, jobId: string, conversations: ImportedConversation[]) {
  return db.transaction(async (tx) => {
    const [staging] = await tx.insert(users).values({ issuer: STAGING_ISSUER, subject: jobId }).onConflictDoNothing().returning({ id: users.id });
    const job = staging
      ? await tx
          .insert(importJobs)
          .values({
            id: jobId,
            userId,
            stagingUserId: staging.id,
            conversationsTotal: conversations.length,
            exchangesTotal: conversations.reduce((sum, c) => sum + c.exchanges.length, 0),
          })
          .onConflictDoNothing()
          .returning({ id: importJobs.id })
      : [];
    if (!staging || job.length === 0) throw new AppError("BAD_REQUEST", IMPORT_ID_TAKEN);
    return staging.id;
  });
}

/** Lets the requests waiting for the database go first. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

async function storeConversation(db: Database, jobId: string, stagingId: string, conversation: ImportedConversation) {
  const id = newSessionId();
  const description = conversation.title.slice(0, 255);
  // The exchanges' ids, drawn up front, so each one names its parent as it is written, whichever step writes it.
  const ids = await drawExchangeIds(db, conversation.exchanges.length);
  let offset = 0;
  for (const [step, batch] of batchesOf(conversation.exchanges, EXCHANGES_PER_STEP).entries()) {
    const first = offset;
    await db.transaction(async (tx) => {
      if (step === 0) {
        await tx.insert(chatSessions).values({
          id,
          userId: stagingId,
          description,
          createdAt: conversation.createdAt,
          lastUpdated: conversation.exchanges.at(-1)!.createdAt,
          activeEntryId: ids.at(-1)!,
        });
      }
      // One branch: each exchange's parent is the one before it.
      await writeCopiedExchanges(
        tx,
        id,
        ids,
        batch.map((e, i) => ({
          parent: first + i === 0 ? null : first + i - 1,
          messageContent: e.message,
          responseContent: e.response,
          modelId: e.modelId,
          status: "complete",
          createdAt: e.createdAt,
        })),
        first,
      );
      const last = first + batch.length === ids.length;
      await tx
        .update(importJobs)
        .set({
          exchangesDone: sql`${importJobs.exchangesDone} + ${batch.length}::int`,
          ...(last ? { conversationsDone: sql`${importJobs.conversationsDone} + 1` } : {}),
        })
        .where(eq(importJobs.id, jobId));
    });
    offset += batch.length;
    await yieldToOthers();
  }
  return { id, description, exchanges: ids.length };
}

/**
 * Imports whose server stopped mid-way: what they wrote goes, and they read as failed. Those not
 * heard from for ABANDONED_AFTER_MS, or with `everything` (at start-up on the embedded database,
 * where the directory lock proves no other process is importing) every running one.
 */
export async function clearAbandonedImports(db: Database, now: Date, options: { everything?: boolean } = {}) {
  const abandoned = await db
    .select({ id: importJobs.id, stagingUserId: importJobs.stagingUserId })
    .from(importJobs)
    .where(and(eq(importJobs.status, "running"), options.everything ? undefined : lt(importJobs.updatedAt, new Date(now.getTime() - ABANDONED_AFTER_MS))));
  for (const job of abandoned) await discardStaging(db, job.id, job.stagingUserId);
  return abandoned.length;
}

/** Deletes what an import wrote under its stand-in account, in short steps, and marks it failed. */
async function discardStaging(db: Database, jobId: string, stagingId: string | null) {
  if (stagingId) {
    for (;;) {
      const gone = await db.execute(sql`delete from ${chatEntries} where ${chatEntries.id} in (
        select e.${columnNames(chatEntries.id)} from ${chatEntries} e join ${chatSessions} s on s.${columnNames(chatSessions.id)} = e.${columnNames(chatEntries.sessionId)}
        where s.${columnNames(chatSessions.userId)} = ${stagingId}::uuid limit ${EXCHANGES_PER_STEP * 4}::int
      ) returning ${chatEntries.id}`);
      if (resultRows(gone).length === 0) break;
      await yieldToOthers();
    }
    await db.delete(chatSessions).where(eq(chatSessions.userId, stagingId));
    await db.delete(users).where(eq(users.id, stagingId));
  }
  await db.update(importJobs).set({ status: "failed", stagingUserId: null }).where(eq(importJobs.id, jobId));
}
