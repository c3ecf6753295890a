import { sql } from "drizzle-orm";
import { chatEntries, chatSessions, resultRows, type Executor } from "@parley/db";
import { AppError } from "../kit/errors";
import type { ImportedConversation } from "./import-formats";

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toLocaleString("en-US", { maximumFractionDigits: 1 })} MB`;

/** The bytes of conversation text (messages and replies) stored in a person's conversations. */
export async function getStorageUsedByUser(db: Executor, userId: string): Promise<number> {
  const rows = resultRows<{ bytes: number | string }>(
    await db.execute(sql`select coalesce(sum(octet_length(${chatEntries.messageContent}) + octet_length(${chatEntries.responseContent})), 0)::float8 as bytes
      from ${chatEntries} join ${chatSessions} on ${chatSessions.id} = ${chatEntries.sessionId} where ${chatSessions.userId} = ${userId}::uuid`),
  );
  return Number(rows[0]?.bytes ?? 0);
}

/**
 * Refuses (413) conversations that would take the person past their storage quota
 * (STORAGE_QUOTA_MB), saying how much they need and how much is left.
 */
export async function assertStorageFor(db: Executor, userId: string, conversations: ImportedConversation[], quotaBytes: number) {
  let needed = 0;
  for (const c of conversations) for (const e of c.exchanges) needed += Buffer.byteLength(e.message, "utf8") + Buffer.byteLength(e.response, "utf8");
  const used = await getStorageUsedByUser(db, userId);
  if (used + needed <= quotaBytes) return;
  throw new AppError(
    "PAYLOAD_TOO_LARGE",
    `This import needs ${megabytes(needed)} of storage, and your account has ${megabytes(Math.max(0, quotaBytes - used))} left of its ${megabytes(quotaBytes)}. Delete conversations you no longer need, or ask the server's operator to raise the quota (STORAGE_QUOTA_MB). Nothing was imported.`,
  );
}
