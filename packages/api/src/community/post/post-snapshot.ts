import { eq } from "drizzle-orm";
import { chatEntries, models, users, type Executor, type PostMessage } from "@parley/db";
import { markersIn } from "@parley/privacy";
import { AppError } from "../../kit/errors";
import type { CheckedTexts } from "../../account/sharing/privacy-check";
import { displayNameOf } from "../../account/display-name";
import { branchOf } from "../../conversation/chat/branches";
import { getOwnedSession, type SessionRow } from "../../conversation/chat/sessions";
import { comparisonPostSnapshot } from "./comparison-post";
import type { PostSnapshot } from "./post-row";

/** Posting a conversation whose only reply is still being written (the web app says the same beside Post Conversation). */
const REPLY_STILL_COMING_MESSAGE = "A reply is still coming: the conversation can be posted once it has ended.";

/**
 * The snapshot a post of this session would hold: the branch the author is on, its complete
 * exchanges only (a comparison: every column, see comparisonPostSnapshot).
 */
export async function snapshotOfSession(
  tx: Executor,
  session: Pick<SessionRow, "id" | "activeEntryId" | "compareModels">,
  author: string,
  now: Date,
): Promise<PostSnapshot> {
  if (session.compareModels) return comparisonPostSnapshot(tx, { sessionId: session.id, modelIds: session.compareModels, author, now });
  const all = await tx
    .select({
      id: chatEntries.id,
      parentEntryId: chatEntries.parentEntryId,
      status: chatEntries.status,
      message: chatEntries.messageContent,
      response: chatEntries.responseContent,
      authorName: chatEntries.authorName,
      createdAt: chatEntries.createdAt,
      modelName: models.name,
      modelVersion: models.version,
    })
    .from(chatEntries)
    .leftJoin(models, eq(models.id, chatEntries.modelId))
    .where(eq(chatEntries.sessionId, session.id))
    .orderBy(chatEntries.createdAt, chatEntries.id);
  const branch = branchOf(all, session.activeEntryId);
  const exchanges = branch.filter((exchange) => exchange.status === "complete");
  if (exchanges.length === 0) {
    // A reply still coming is not a message missing: the person only has to wait for it.
    const replying = branch.some((exchange) => exchange.status === "pending");
    throw new AppError("BAD_REQUEST", replying ? REPLY_STILL_COMING_MESSAGE : "This conversation has no complete reply yet: send a message first.");
  }
  const messages: PostMessage[] = exchanges.flatMap((exchange) => [
    { isUser: true, model_name: null, user: exchange.authorName ?? author, content: exchange.message, timestamp: exchange.createdAt.toISOString() },
    { isUser: false, model_name: exchange.modelName ?? "AI", user: null, content: exchange.response, timestamp: exchange.createdAt.toISOString() },
  ]);
  const modelVersions = [...new Set(exchanges.map((e) => e.modelVersion).filter((v): v is string => Boolean(v)))];
  return { messages, comparison: null, modelVersions };
}

/** The snapshot the caller's conversation would be posted as, for the privacy check before posting. */
export async function getPostSnapshotOfSession(db: Executor, userId: string, sessionId: number, now: Date) {
  const session = await getOwnedSession(db, userId, sessionId);
  const [author] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return snapshotOfSession(db, session, author ? displayNameOf(author) : "User", now);
}

/** The texts of a post that leave, in order: its messages (a comparison's prompts and answers in the order its messages list them). */
export const snapshotTexts = (snapshot: Pick<PostSnapshot, "messages">) => snapshot.messages.map((m) => m.content);

/**
 * The snapshot with the checked texts: a message redacted records where its markers are, and a
 * comparison's turns read the same texts as its messages.
 */
export function withCheckedTexts(snapshot: PostSnapshot, checked: CheckedTexts): PostSnapshot {
  const changed = new Set(checked.redacted.map((f) => f.message));
  const messages = snapshot.messages.map((message, index) =>
    changed.has(index) ? { ...message, content: checked.texts[index]!, redactions: markersIn(checked.texts[index]!) } : message,
  );
  if (!snapshot.comparison) return { ...snapshot, messages };
  // The messages list each turn's prompt, then its answers in column order (flattenComparison).
  let index = 0;
  const turns = snapshot.comparison.turns.map((turn) => ({
    prompt: checked.texts[index++]!,
    answers: turn.answers.map((answer) => ({ ...answer, content: checked.texts[index++]! })),
  }));
  return { ...snapshot, messages, comparison: { ...snapshot.comparison, turns } };
}
