import { and, eq, sql } from "drizzle-orm";
import { PROMPT_MESSAGES, type PromptVisibility } from "@parley/contracts";
import type { KeyVault } from "@parley/keys";
import { promptLikes, promptReaders, prompts, publicLinks, resultRows, type Database, type Executor } from "@parley/db";
import { AppError } from "../../kit/errors";
import type { PrivacyChoice, PrivacyPerson } from "../../account/sharing/privacy-check";
import { getPromptById, requireOwnPrompt } from "../../conversation/prompts/library";
import { readPromptPage } from "../../conversation/prompts/pages";
import { checkPromptLeaving } from "../../conversation/prompts/privacy";
import { promptVisibleTo } from "../../conversation/prompts/present";

const notFound = () => new AppError("NOT_FOUND", PROMPT_MESSAGES.notFound);

/** A prompt the viewer may open, with its owner; a 404 otherwise. */
export async function requireVisiblePrompt(db: Executor, viewerId: string, promptId: number) {
  const [row] = await db
    .select({ id: prompts.id, userId: prompts.userId })
    .from(prompts)
    .where(and(eq(prompts.id, promptId), promptVisibleTo(viewerId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/**
 * Publishes (unlisted or public) or withdraws the caller's prompt. The first publication dates it
 * for Discover's 'newest'; a hidden prompt cannot be published; a private one loses its public link.
 * Publishing passes the privacy check as posting does (checkPromptLeaving).
 */
export async function setPromptVisibility(
  db: Database,
  user: PrivacyPerson & { id: string },
  promptId: number,
  visibility: PromptVisibility,
  choice: PrivacyChoice,
  now: Date,
) {
  const userId = user.id;
  await db.transaction(async (tx) => {
    const prompt = await requireOwnPrompt(tx, userId, promptId);
    if (visibility !== "private" && prompt.hiddenAt !== null) throw new AppError("CONFLICT", PROMPT_MESSAGES.hiddenNoPublish);
    if (visibility !== "private") await checkPromptLeaving(tx, user, promptId, choice, now);
    await tx
      .update(prompts)
      .set({ visibility, ...(visibility !== "private" && prompt.publishedAt === null ? { publishedAt: now } : {}) })
      .where(eq(prompts.id, promptId));
    if (visibility === "private") {
      await tx.delete(publicLinks).where(eq(publicLinks.promptId, promptId));
      // Those who opened it by its address must be given it again once it is unlisted again.
      await tx.delete(promptReaders).where(eq(promptReaders.promptId, promptId));
    }
  });
}

/** Likes or unlikes a prompt the caller can see; the counter follows in a trigger, exact under concurrency. */
export async function setPromptLike(db: Database, userId: string, promptId: number, liked: boolean) {
  return db.transaction(async (tx) => {
    await requireVisiblePrompt(tx, userId, promptId);
    if (liked) await tx.insert(promptLikes).values({ promptId, userId }).onConflictDoNothing();
    else await tx.delete(promptLikes).where(and(eq(promptLikes.promptId, promptId), eq(promptLikes.userId, userId)));
    const [row] = await tx.select({ likes: prompts.likeCount }).from(prompts).where(eq(prompts.id, promptId));
    return { liked, likes: row?.likes ?? 0 };
  });
}

/**
 * Saves someone else's prompt into the caller's library: a private copy that names it as its
 * origin (the origin's saves move by a trigger). Saving again answers the copy already made.
 */
export async function savePrompt(db: Database, userId: string, promptId: number, now: Date) {
  return db.transaction(async (tx) => {
    const origin = await requireVisiblePrompt(tx, userId, promptId);
    if (origin.userId === userId) throw new AppError("BAD_REQUEST", PROMPT_MESSAGES.ownPromptSave);
    const made = resultRows<{ id: number }>(
      await tx.execute(sql`
      insert into ${prompts} (user_id, name, prompt, description, category, forked_from_id, created_at, updated_at)
      select ${userId}::uuid, name, prompt, description, category, id, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz from ${prompts} where id = ${promptId}::int
      on conflict (user_id, forked_from_id) where forked_from_id is not null do nothing
      returning id`),
    );
    if (made[0]) return Number(made[0].id);
    const [copy] = await tx
      .select({ id: prompts.id })
      .from(prompts)
      .where(and(eq(prompts.userId, userId), eq(prompts.forkedFromId, promptId)))
      .limit(1);
    return copy!.id;
  });
}

/** Publishes the caller's prompt (public or unlisted) or makes it private, and answers with its page. */
export async function setPromptVisibilityPage(
  db: Database,
  keys: KeyVault,
  user: PrivacyPerson & { id: string },
  promptId: number,
  visibility: PromptVisibility,
  choice: PrivacyChoice,
  now: Date,
) {
  await setPromptVisibility(db, user, promptId, visibility, choice, now);
  return readPromptPage(db, keys, user.id, promptId);
}

/** Saves someone else's prompt into the caller's library and answers with the copy's page. */
export async function savePromptPage(db: Database, userId: string, promptId: number, now: Date) {
  return getPromptById(db, userId, await savePrompt(db, userId, promptId, now));
}
