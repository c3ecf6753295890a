import { and, eq } from "drizzle-orm";
import { chatSessions, posts, prompts, publicLinks, users, type Executor } from "@parley/db";
import { AppError } from "../kit/errors";
import { postVisibleTo } from "../community/post/visibility";
import { getPublicSessionShare, publicTokenHash } from "./public-links";
import { NOBODY } from "./transcripts";
import { promptLinkShows } from "./public-prompt";
import { GATE_COLUMNS, linkStateOf } from "../account/sharing/link-controls";

/** Tokens are base64url; anything else leads nowhere. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{22,64}$/;

/**
 * What a public link's preview image depends on, read without its conversation: the object, and
 * when it, its redactions or its author last changed. A picture drawn under the same stamp is still the right
 * one, so a server can answer from its cache before reading the conversation. Null when the link
 * leads nowhere (wrong, revoked, unshared or hidden), has expired or reached its cap, or has a
 * password (a protected link never shows a picture): the page's own read then answers.
 * `indexable` is what the page says to search engines (a post its owner listed; a prompt's page never).
 * Prefixes: `p` a post, `s` a conversation, `pp` a prompt.
 */
export async function getPublicPreviewStamp(db: Executor, prefix: "p" | "s" | "pp", token: string): Promise<{ stamp: string; indexable: boolean } | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  if (prefix === "pp") {
    const [row] = await db
      .select({ ...GATE_COLUMNS, promptId: prompts.id, version: prompts.version, authorChanged: users.updatedAt })
      .from(publicLinks)
      .innerJoin(prompts, and(eq(prompts.id, publicLinks.promptId), promptLinkShows()))
      .innerJoin(users, eq(users.id, prompts.userId))
      .where(eq(publicLinks.tokenHash, publicTokenHash(token)))
      .limit(1);
    // The picture shows the name and text (a new version whenever either changes) and the author's name.
    if (!row || row.passwordHash !== null || linkStateOf(row, new Date()) !== "active") return null;
    return { stamp: `pp:${row.promptId}:${row.version}:${row.authorChanged.getTime()}`, indexable: false };
  }
  if (prefix === "p") {
    const [row] = await db
      .select({ ...GATE_COLUMNS, postId: posts.id, listed: publicLinks.listed, redactedAt: posts.redactedAt, authorChanged: users.updatedAt })
      .from(publicLinks)
      .innerJoin(posts, and(eq(posts.id, publicLinks.postId), postVisibleTo(NOBODY)))
      .innerJoin(users, eq(users.id, posts.userId))
      .where(eq(publicLinks.tokenHash, publicTokenHash(token)))
      .limit(1);
    // A post is a snapshot: only its author's name, and its author redacting it, change what its picture shows.
    if (!row || row.passwordHash !== null || linkStateOf(row, new Date()) !== "active") return null;
    return { stamp: `p:${row.postId}:${row.redactedAt?.getTime() ?? 0}:${row.authorChanged.getTime()}`, indexable: row.listed };
  }
  const live = await getPublicSessionShare(db, token).catch((error: unknown) => {
    if (error instanceof AppError && (error.kind === "NOT_FOUND" || error.kind === "GONE" || error.kind === "FORBIDDEN")) return null;
    throw error;
  });
  if (!live) return null;
  const [row] = await db
    .select({
      updated: chatSessions.lastUpdated,
      description: chatSessions.description,
      redactions: chatSessions.shareRedactions,
      authorChanged: users.updatedAt,
    })
    .from(chatSessions)
    .innerJoin(users, eq(users.id, chatSessions.userId))
    .where(eq(chatSessions.id, live.session_id))
    .limit(1);
  if (!row) return null;
  const title = publicTokenHash(row.description).slice(0, 16);
  // The owner's redactions change the picture without changing the conversation.
  const redactions = publicTokenHash(JSON.stringify(row.redactions ?? [])).slice(0, 16);
  return { stamp: `s:${live.session_id}:${row.updated.getTime()}:${title}:${redactions}:${row.authorChanged.getTime()}`, indexable: false };
}
