import { and, eq, isNull, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import {
  avatarEmojiFor,
  isImageAvatar,
  parsePromptVariables,
  PROMPT_LIMITS,
  type PromptCard,
  type PromptDetail,
  type PromptVisibility,
} from "@parley/contracts";
import { promptLikes, promptReaders, prompts, users } from "@parley/db";
import { displayNameOf } from "../../account/display-name";

/**
 * A prompt the viewer may open: their own (hidden or not), a built-in one, or one no moderator
 * has hidden that is public, or unlisted and opened by the viewer through its address (its key:
 * prompt_readers). Everything else reads as missing, so walking ids finds no unlisted prompt.
 */
export const promptVisibleTo = (viewerId: string | SQL): SQL =>
  or(
    eq(prompts.userId, viewerId),
    isNull(prompts.userId),
    and(
      isNull(prompts.hiddenAt),
      or(
        sql`${prompts.visibility} = 'public'`,
        sql`${prompts.visibility} = 'unlisted' and exists (select 1 from ${promptReaders} where ${promptReaders.promptId} = ${prompts.id} and ${promptReaders.userId} = ${viewerId})`,
      ),
    ),
  )!;

/** The address of an unlisted prompt, as its owner may pass it on (`/prompt/{id}?key=...`). */
export const unlistedPathOf = (id: number, key: string) => `/prompt/${id}?key=${key}`;

/** A prompt on Discover and creator pages: public and not hidden (the partial indexes' condition). */
export const promptListed = (): SQL => sql`${prompts.visibility} = 'public' and ${prompts.hiddenAt} is null`;

/** The columns of a prompt card and its author (joined with `users`, left: built-ins have none). */
export const promptCardColumns = {
  id: prompts.id,
  userId: prompts.userId,
  name: prompts.name,
  description: prompts.description,
  category: prompts.category,
  visibility: prompts.visibility,
  likeCount: prompts.likeCount,
  saveCount: prompts.saveCount,
  useCount: prompts.useCount,
  commentCount: prompts.commentCount,
  hiddenAt: prompts.hiddenAt,
  createdAt: prompts.createdAt,
  updatedAt: prompts.updatedAt,
  textPreview: sql<string>`left(${prompts.prompt}, ${sql.raw(String(PROMPT_LIMITS.textPreview))})`.as("text_preview"),
  handle: users.handle,
  nickname: users.nickname,
  authorName: users.name,
  email: users.email,
  picture: users.picture,
};

export type PromptCardRow = {
  id: number;
  userId: string | null;
  name: string;
  description: string | null;
  category: string;
  visibility: string;
  likeCount: number;
  saveCount: number;
  useCount: number;
  commentCount: number;
  hiddenAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  textPreview: string;
  handle: string | null;
  nickname: string | null;
  authorName: string | null;
  email: string | null;
  picture: string | null;
};

/** The author of a prompt as prompt screens show them; a built-in prompt is Parley's. */
export function presentPromptAuthor(row: {
  userId: string | null;
  handle: string | null;
  nickname: string | null;
  authorName: string | null;
  email: string | null;
  picture: string | null;
}) {
  if (row.userId === null) return { handle: null, name: "Parley", avatarUrl: null };
  const name = displayNameOf({ nickname: row.nickname, name: row.authorName, email: row.email });
  return { handle: row.handle, name, avatarUrl: isImageAvatar(row.picture) ? row.picture : avatarEmojiFor(name) };
}

export function presentPromptCard(row: PromptCardRow): PromptCard & { hidden: boolean } {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    visibility: row.visibility as PromptVisibility,
    author: presentPromptAuthor(row),
    likes: row.likeCount,
    saves: row.saveCount,
    uses: row.useCount,
    comments: row.commentCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    textPreview: row.textPreview,
    hidden: row.hiddenAt !== null,
  };
}

/** The columns of a prompt's page beyond its card. */
export const promptDetailColumns = (viewerId: string) => ({
  ...promptCardColumns,
  text: prompts.prompt,
  version: prompts.version,
  forkedFromId: prompts.forkedFromId,
  unlistedKey: prompts.unlistedKey,
  likedByMe: sql<boolean>`exists (select 1 from ${promptLikes} where ${promptLikes.promptId} = ${prompts.id} and ${promptLikes.userId} = ${viewerId})`.as(
    "liked_by_me",
  ),
});

export type PromptDetailRow = PromptCardRow & { text: string; version: number; forkedFromId: number | null; unlistedKey: string; likedByMe: boolean };

export function presentPromptDetail(
  row: PromptDetailRow,
  viewerId: string,
  extra: { forkedFrom: { id: number; name: string } | null; publicLink: string | null },
): PromptDetail & { hidden: boolean } {
  return {
    ...presentPromptCard(row),
    text: row.text,
    version: row.version,
    variables: parsePromptVariables(row.text),
    forkedFrom: extra.forkedFrom,
    isOwner: row.userId === viewerId,
    likedByMe: row.likedByMe,
    publicLink: row.userId === viewerId ? extra.publicLink : null,
    unlistedPath: row.userId === viewerId && row.visibility === "unlisted" ? unlistedPathOf(row.id, row.unlistedKey) : null,
  };
}

/** A keyset cursor of a time and an id: the time to the microsecond (as PostgreSQL keeps it), in UTC. */
export const timeKey = (column: SQLWrapper) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;
