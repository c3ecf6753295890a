import { and, eq, isNull, ne } from "drizzle-orm";
import { parsePromptVariables, type PublicPrompt } from "@parley/contracts";
import { prompts, publicLinks, users, type Executor } from "@parley/db";
import { AppError } from "../kit/errors";
import { presentPromptAuthor } from "../conversation/prompts/present";
import { PUBLIC_LINK_NOT_FOUND, publicTokenHash } from "./public-links";
import { admitReader, GATE_COLUMNS, serverReader, type Reader } from "../account/sharing/link-controls";

/** A prompt its public link may show: published (unlisted or public) and not hidden by a moderator. */
export const promptLinkShows = () => and(ne(prompts.visibility, "private"), isNull(prompts.hiddenAt));

/**
 * A prompt read through its public link, by anyone: only while it is published (unlisted or
 * public) and no moderator hides it; otherwise the link leads nowhere, as a post's does.
 */
export async function getPublicPrompt(db: Executor, token: string, reader: Reader = serverReader()): Promise<PublicPrompt> {
  if (!/^[A-Za-z0-9_-]{22,64}$/.test(token)) throw new AppError("NOT_FOUND", PUBLIC_LINK_NOT_FOUND);
  const [row] = await db
    .select({
      ...GATE_COLUMNS,
      id: prompts.id,
      promptName: prompts.name,
      description: prompts.description,
      category: prompts.category,
      text: prompts.prompt,
      createdAt: prompts.createdAt,
      userId: prompts.userId,
      handle: users.handle,
      nickname: users.nickname,
      authorName: users.name,
      email: users.email,
      picture: users.picture,
    })
    .from(publicLinks)
    .innerJoin(prompts, eq(prompts.id, publicLinks.promptId))
    .innerJoin(users, eq(users.id, prompts.userId))
    .where(and(eq(publicLinks.tokenHash, publicTokenHash(token)), promptLinkShows()))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", PUBLIC_LINK_NOT_FOUND);
  await admitReader(db, reader, row, row.userId);
  return {
    kind: "prompt",
    id: row.id,
    name: row.promptName,
    description: row.description,
    category: row.category,
    text: row.text,
    variables: parsePromptVariables(row.text),
    author: presentPromptAuthor(row),
    createdAt: row.createdAt.toISOString(),
  };
}
