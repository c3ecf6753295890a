import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, like, lt, sql } from "drizzle-orm";
import { PROMPT_LIBRARY_FORMAT, PROMPT_LIBRARY_VERSION, PROMPT_LIMITS, PROMPT_MESSAGES, type Category, type PromptLibraryFile } from "@parley/contracts";
import { promptReaders, prompts, promptVersions, users, type Database, type Executor } from "@parley/db";
import { AppError } from "../../kit/errors";
import type { PrivacyPerson } from "../../account/sharing/privacy-check";
import { toSearchQuery, tsQuery } from "../../kit/search/text-search";
import { decodeTimeCursor, encodeTimeCursor } from "./cursors";
import { checkPromptEdit } from "./privacy";
import { foldPromptVersions } from "./versions";
import { presentPromptCard, presentPromptDetail, promptCardColumns, promptDetailColumns, promptVisibleTo, timeKey, type PromptDetailRow } from "./present";

/** How a prompt's owner may read the address of its public link (null when off or unreadable). */
export type PromptLinkReader = (promptId: number) => Promise<string | null>;

export type PromptFields = { name: string; text: string; description: string | null; category: Category };

const notFound = () => new AppError("NOT_FOUND", PROMPT_MESSAGES.notFound);

/**
 * A prompt's page as the viewer may see it (someone else's private or hidden prompt is a 404).
 * `linkOf` reads the owner's public link. `key`, the key of an unlisted prompt's address, opens
 * it to the viewer from then on (prompt_readers); a key of another prompt opens nothing.
 */
export async function getPromptById(db: Executor, viewerId: string, promptId: number, linkOf?: PromptLinkReader, key?: string) {
  if (key !== undefined) {
    await db.execute(sql`
      insert into ${promptReaders} (prompt_id, user_id)
      select id, ${viewerId}::uuid from ${prompts}
      where id = ${promptId}::int and unlisted_key = ${key}::uuid and visibility = 'unlisted' and hidden_at is null and user_id <> ${viewerId}::uuid
      on conflict do nothing`);
  }
  const [row] = await db
    .select(promptDetailColumns(viewerId))
    .from(prompts)
    .leftJoin(users, eq(users.id, prompts.userId))
    .where(and(eq(prompts.id, promptId), promptVisibleTo(viewerId)))
    .limit(1);
  if (!row) throw notFound();
  const detail = row as PromptDetailRow;
  let forkedFrom: { id: number; name: string } | null = null;
  if (detail.forkedFromId !== null) {
    const [origin] = await db
      .select({ id: prompts.id, name: prompts.name })
      .from(prompts)
      .where(and(eq(prompts.id, detail.forkedFromId), promptVisibleTo(viewerId)))
      .limit(1);
    forkedFrom = origin ?? null;
  }
  const publicLink = detail.userId === viewerId && linkOf ? await linkOf(promptId) : null;
  return presentPromptDetail(detail, viewerId, { forkedFrom, publicLink });
}

/** The caller's own prompt (hidden or not), for a change; anyone else's is a 404. */
export async function requireOwnPrompt(db: Executor, userId: string, promptId: number) {
  const [row] = await db
    .select({ id: prompts.id, visibility: prompts.visibility, hiddenAt: prompts.hiddenAt, publishedAt: prompts.publishedAt })
    .from(prompts)
    .where(and(eq(prompts.id, promptId), eq(prompts.userId, userId)))
    .for("update")
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** A new private prompt of the caller's (version 1). */
export async function createPrompt(db: Executor, userId: string, fields: PromptFields, now: Date) {
  const [row] = await db
    .insert(prompts)
    .values({ userId, name: fields.name, prompt: fields.text, description: fields.description, category: fields.category, createdAt: now, updatedAt: now })
    .returning({ id: prompts.id });
  return row!.id;
}

/**
 * Changes the caller's prompt; a changed name or text keeps the earlier one as a version (a trigger
 * numbers them). A published prompt's new texts pass the privacy check as publishing does.
 */
export async function updatePrompt(db: Database, user: PrivacyPerson & { id: string }, promptId: number, fields: PromptFields, now: Date) {
  await db.transaction(async (tx) => {
    const own = await requireOwnPrompt(tx, user.id, promptId);
    await checkPromptEdit(tx, user, { name: fields.name, text: fields.text, description: fields.description }, own.visibility !== "private");
    await tx
      .update(prompts)
      .set({ name: fields.name, prompt: fields.text, description: fields.description, category: fields.category, updatedAt: now })
      .where(and(eq(prompts.id, promptId), eq(prompts.userId, user.id)));
    await foldPromptVersions(tx, [promptId]);
  });
}

/** Deletes the caller's prompt; its versions, likes, comments, uses and link go with it. */
export async function deletePrompt(db: Executor, userId: string, promptId: number) {
  const deleted = await db
    .delete(prompts)
    .where(and(eq(prompts.id, promptId), eq(prompts.userId, userId)))
    .returning({ id: prompts.id });
  if (deleted.length === 0) throw notFound();
  return { id: promptId };
}

/**
 * The versions of the caller's prompt, newest first (the current one is the highest), in pages of
 * PROMPT_LIMITS.versionsPage: the cursor is the last version number of the page before.
 */
export async function listPromptVersions(db: Executor, userId: string, promptId: number, cursor?: string) {
  const before = cursor === undefined ? null : /^[1-9]\d{0,9}$/.test(cursor) ? Number(cursor) : Number.NaN;
  if (Number.isNaN(before)) throw new AppError("BAD_REQUEST", "cursor: must be the nextCursor of a previous page");
  await requireOwnPrompt(db, userId, promptId);
  const rows = await db
    .select({ version: promptVersions.version, name: promptVersions.name, text: promptVersions.prompt, createdAt: promptVersions.createdAt })
    .from(promptVersions)
    .where(and(eq(promptVersions.promptId, promptId), before === null ? undefined : lt(promptVersions.version, before)))
    .orderBy(desc(promptVersions.version))
    .limit(PROMPT_LIMITS.versionsPage + 1);
  const page = rows.slice(0, PROMPT_LIMITS.versionsPage);
  return {
    versions: page.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    nextCursor: rows.length > PROMPT_LIMITS.versionsPage ? String(page.at(-1)!.version) : null,
  };
}

/** Makes an earlier version's name and text the current ones again, as a new version (checked as an edit is). */
export async function restorePromptVersion(db: Database, user: PrivacyPerson & { id: string }, promptId: number, version: number, now: Date) {
  await db.transaction(async (tx) => {
    const own = await requireOwnPrompt(tx, user.id, promptId);
    const [old] = await tx
      .select({ name: promptVersions.name, text: promptVersions.prompt, description: prompts.description })
      .from(promptVersions)
      .innerJoin(prompts, eq(prompts.id, promptVersions.promptId))
      .where(and(eq(promptVersions.promptId, promptId), eq(promptVersions.version, version)))
      .limit(1);
    if (!old) throw new AppError("NOT_FOUND", PROMPT_MESSAGES.versionNotFound);
    await checkPromptEdit(tx, user, old, own.visibility !== "private");
    await tx.update(prompts).set({ name: old.name, prompt: old.text, updatedAt: now }).where(eq(prompts.id, promptId));
    await foldPromptVersions(tx, [promptId]);
  });
}

/**
 * The caller's library: their own prompts, saved copies included, last changed first, with an
 * optional search of their names, descriptions and texts. Keyset pages of PROMPT_LIMITS.pageSize.
 */
export async function listPromptLibrary(db: Executor, userId: string, input: { cursor?: string; q?: string }) {
  const after = input.cursor ? decodeTimeCursor(input.cursor) : null;
  const query = input.q ? toSearchQuery(input.q) : null;
  if (input.q && query === null) return { items: [], nextCursor: null };
  const rows = await db
    .select({ ...promptCardColumns, key: timeKey(prompts.updatedAt) })
    .from(prompts)
    .leftJoin(users, eq(users.id, prompts.userId))
    .where(
      and(
        eq(prompts.userId, userId),
        query ? sql`${prompts.searchVector} @@ ${tsQuery(query)}` : undefined,
        after ? sql`(${prompts.updatedAt}, ${prompts.id}) < (${after.time}::timestamp at time zone 'UTC', ${after.id})` : undefined,
      ),
    )
    // As prompts_user_updated_idx is built (DESC NULLS LAST), so the page is an index walk.
    .orderBy(sql`${prompts.updatedAt} desc nulls last`, sql`${prompts.id} desc nulls last`)
    .limit(PROMPT_LIMITS.pageSize + 1);
  const page = rows.slice(0, PROMPT_LIMITS.pageSize);
  const last = page.at(-1);
  return { items: page.map(presentPromptCard), nextCursor: rows.length > PROMPT_LIMITS.pageSize && last ? encodeTimeCursor(last.key, last.id) : null };
}

/** The caller's library as a file of our format (docs/prompts.md): each prompt with its earlier versions, oldest first. */
export async function exportPromptLibrary(db: Executor, userId: string): Promise<PromptLibraryFile> {
  const own = await db
    .select({
      id: prompts.id,
      name: prompts.name,
      text: prompts.prompt,
      description: prompts.description,
      category: prompts.category,
      version: prompts.version,
    })
    .from(prompts)
    .where(eq(prompts.userId, userId))
    .orderBy(asc(prompts.id));
  const versions = await db
    .select({ promptId: promptVersions.promptId, version: promptVersions.version, name: promptVersions.name, text: promptVersions.prompt })
    .from(promptVersions)
    .innerJoin(prompts, eq(prompts.id, promptVersions.promptId))
    .where(eq(prompts.userId, userId))
    .orderBy(asc(promptVersions.promptId), asc(promptVersions.version));
  return {
    format: PROMPT_LIBRARY_FORMAT,
    version: PROMPT_LIBRARY_VERSION,
    prompts: own.map((prompt) => ({
      name: prompt.name,
      text: prompt.text,
      description: prompt.description,
      category: prompt.category as Category,
      versions: versions
        .filter((v) => v.promptId === prompt.id && v.version < prompt.version)
        .slice(-PROMPT_LIMITS.importVersions)
        .map((v) => ({ name: v.name, text: v.text })),
    })),
  };
}

/** The issuer of the stand-in account an import writes under until it is done (as a conversation import's: admin lists leave them out). */
const STAGING_ISSUER = "parley:import";
/** Prompts written per step, and about how many characters of text: each step is one short transaction. */
const PROMPTS_PER_STEP = 25;
const CHARACTERS_PER_STEP = 64_000;
/** An import not done after this long is taken for dead (its server stopped): what it wrote goes. */
const ABANDONED_AFTER_MS = 10 * 60_000;

/** Lets the requests waiting for the database go first. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The file's prompts in steps of at most PROMPTS_PER_STEP prompts and about CHARACTERS_PER_STEP characters. */
function stepsOf(entries: PromptLibraryFile["prompts"]) {
  const steps: PromptLibraryFile["prompts"][] = [];
  let step: PromptLibraryFile["prompts"] = [];
  let characters = 0;
  for (const entry of entries) {
    const size = entry.text.length + entry.versions.reduce((sum, v) => sum + v.text.length, 0);
    if (step.length > 0 && (step.length === PROMPTS_PER_STEP || characters + size > CHARACTERS_PER_STEP)) {
      steps.push(step);
      step = [];
      characters = 0;
    }
    step.push(entry);
    characters += size;
  }
  if (step.length > 0) steps.push(step);
  return steps;
}

/**
 * Adds a library file's prompts to the caller's library, all or nothing, as a conversation import
 * does (reach/import-store.ts): the file was checked whole before this runs; its prompts are
 * written in short steps under a stand-in account, so other people's requests get the database
 * between steps (PGlite has a single connection), and all change owner in one last short
 * transaction. Each keeps its earlier versions, numbered from 1, and its text as the newest (at
 * most PROMPT_LIMITS.keptVersions in all). What a failed import wrote goes with its account.
 */
export async function importPromptLibrary(db: Database, userId: string, file: PromptLibraryFile, now: Date) {
  if (JSON.stringify(file).length > PROMPT_LIMITS.importBytes) {
    throw new AppError("PAYLOAD_TOO_LARGE", `A library file can be at most ${PROMPT_LIMITS.importBytes.toLocaleString("en-US")} bytes.`);
  }
  await clearAbandonedPromptImports(db, now);
  const [staging] = await db
    .insert(users)
    .values({ issuer: STAGING_ISSUER, subject: `prompts:${randomUUID()}` })
    .returning({ id: users.id });
  const stagingId = staging!.id;
  try {
    for (const step of stepsOf(file.prompts)) {
      await db.transaction(async (tx) => {
        for (const entry of step) {
          const [row] = await tx
            .insert(prompts)
            .values({
              userId: stagingId,
              name: entry.name,
              prompt: entry.text,
              description: entry.description,
              category: entry.category,
              version: entry.versions.length + 1,
              createdAt: now,
              updatedAt: now,
            })
            .returning({ id: prompts.id });
          if (entry.versions.length > 0) {
            await tx
              .insert(promptVersions)
              .values(entry.versions.map((v, i) => ({ promptId: row!.id, version: i + 1, name: v.name, prompt: v.text, createdAt: now })));
            await foldPromptVersions(tx, [row!.id]);
          }
        }
      });
      await yieldToOthers();
    }
    await db.transaction(async (tx) => {
      await tx.update(prompts).set({ userId }).where(eq(prompts.userId, stagingId));
      await tx.delete(users).where(eq(users.id, stagingId));
    });
    return { imported: file.prompts.length };
  } catch (error) {
    // The account's prompts and their versions go with it.
    await db.delete(users).where(eq(users.id, stagingId));
    throw error;
  }
}

/** Prompt imports whose server stopped mid-way: their stand-in accounts go, and what they wrote with them. */
async function clearAbandonedPromptImports(db: Database, now: Date) {
  await db
    .delete(users)
    .where(and(eq(users.issuer, STAGING_ISSUER), like(users.subject, "prompts:%"), lt(users.createdAt, new Date(now.getTime() - ABANDONED_AFTER_MS))));
}
