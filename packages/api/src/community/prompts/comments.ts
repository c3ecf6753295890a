import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import { PROMPT_LIMITS, PROMPT_MESSAGES, type PromptComment } from "@parley/contracts";
import { promptComments, users, type Database, type Executor } from "@parley/db";
import { AppError } from "../../kit/errors";
import { decodeTimeCursor, encodeTimeCursor } from "../../conversation/prompts/cursors";
import { presentPromptAuthor, timeKey } from "../../conversation/prompts/present";
import { requireVisiblePrompt } from "./sharing";

const commentColumns = {
  id: promptComments.id,
  userId: promptComments.userId,
  text: promptComments.content,
  createdAt: promptComments.createdAt,
  hiddenAt: promptComments.hiddenAt,
  key: timeKey(promptComments.createdAt),
  handle: users.handle,
  nickname: users.nickname,
  authorName: users.name,
  email: users.email,
  picture: users.picture,
};

type CommentRow = {
  id: number;
  userId: string;
  text: string;
  createdAt: Date;
  hiddenAt: Date | null;
  handle: string | null;
  nickname: string | null;
  authorName: string | null;
  email: string | null;
  picture: string | null;
};

const present = (row: CommentRow, viewerId: string): PromptComment => ({
  id: row.id,
  text: row.text,
  author: presentPromptAuthor(row),
  createdAt: row.createdAt.toISOString(),
  isOwner: row.userId === viewerId,
  hidden: row.hiddenAt !== null,
});

/** A prompt's comments, oldest first, in keyset pages: hidden ones only for their own author. */
export async function listPromptComments(db: Executor, viewerId: string, promptId: number, cursor?: string) {
  await requireVisiblePrompt(db, viewerId, promptId);
  const after = cursor ? decodeTimeCursor(cursor) : null;
  const rows = await db
    .select(commentColumns)
    .from(promptComments)
    .innerJoin(users, eq(users.id, promptComments.userId))
    .where(
      and(
        eq(promptComments.promptId, promptId),
        or(isNull(promptComments.hiddenAt), eq(promptComments.userId, viewerId)),
        after ? sql`(${promptComments.createdAt}, ${promptComments.id}) > (${after.time}::timestamp at time zone 'UTC', ${after.id})` : undefined,
      ),
    )
    .orderBy(asc(promptComments.createdAt), asc(promptComments.id))
    .limit(PROMPT_LIMITS.pageSize + 1);
  const page = rows.slice(0, PROMPT_LIMITS.pageSize);
  const last = page.at(-1);
  return {
    items: page.map((row) => present(row, viewerId)),
    nextCursor: rows.length > PROMPT_LIMITS.pageSize && last ? encodeTimeCursor(last.key, last.id) : null,
  };
}

/** Comments on a prompt the caller can see; the prompt's counter follows in a trigger. */
export async function addPromptComment(db: Database, userId: string, promptId: number, text: string, now: Date) {
  return db.transaction(async (tx) => {
    await requireVisiblePrompt(tx, userId, promptId);
    const [made] = await tx.insert(promptComments).values({ promptId, userId, content: text, createdAt: now }).returning({ id: promptComments.id });
    const [row] = await tx
      .select(commentColumns)
      .from(promptComments)
      .innerJoin(users, eq(users.id, promptComments.userId))
      .where(eq(promptComments.id, made!.id));
    return present(row!, userId);
  });
}

/** Deletes the caller's own comment; anyone else's is a 404 and stays. */
export async function deletePromptComment(db: Executor, userId: string, commentId: number) {
  const deleted = await db
    .delete(promptComments)
    .where(and(eq(promptComments.id, commentId), eq(promptComments.userId, userId)))
    .returning({ id: promptComments.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND", PROMPT_MESSAGES.commentNotFound);
  return { id: commentId };
}
