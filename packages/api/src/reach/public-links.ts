import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { MODERATION_MESSAGES } from "@parley/contracts";
import { chatSessions, posts, prompts, publicLinks, type Database, type Executor } from "@parley/db";
import { KeyVaultError, type KeyVault } from "@parley/keys";
import { AppError } from "../kit/errors";
import { getOwnedSession, isSessionReadableBy, SESSION_NOT_FOUND } from "../conversation/chat/sessions";
import { POST_NOT_FOUND } from "../community/post/visibility";
import { getPostTranscript, getSessionTranscript, NOBODY } from "./transcripts";
import { admitReader, GATE_COLUMNS, serverReader, type Reader } from "../account/sharing/link-controls";

/** The one answer for a public address that does not lead anywhere (wrong, revoked or unshared). */
export const PUBLIC_LINK_NOT_FOUND = "This link does not lead anywhere. It may have been turned off by its owner.";

/** A new public token: 144 random bits, base64url (24 characters). */
export function newPublicToken(): string {
  return randomBytes(18).toString("base64url");
}

/**
 * What a link is stored and found by: SHA-256 is enough, the token being 144 random bits (there
 * is nothing to guess from the hash), and it lets a lookup use the primary key.
 */
export function publicTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Associated data binding a sealed token to its own row. */
const sealContext = (tokenHash: string) => `public-link:${tokenHash}`;

type LinkRow = typeof publicLinks.$inferSelect;

/** A new link's stored form: the token's hash and the token sealed for its owner's later copies. */
function newLink(keys: KeyVault) {
  const token = newPublicToken();
  const tokenHash = publicTokenHash(token);
  return { token, row: { tokenHash, sealedToken: keys.seal(token, sealContext(tokenHash)) } };
}

/**
 * What the owner sees of a link: whether it is on, where it leads, and whether it is listed.
 * `token` and `path` are null while it is off, and also when the server can no longer open the
 * stored token (ENCRYPTION_KEY was replaced): the link still works, but cannot be shown again.
 */
export type PublicLinkStatus = { enabled: boolean; token: string | null; path: string | null; listed: boolean };

const OFF: PublicLinkStatus = { enabled: false, token: null, path: null, listed: false };

/** The token of a stored link, as its owner may copy it again; null when it cannot be opened. */
export function tokenOf(keys: KeyVault, link: Pick<LinkRow, "legacyToken" | "sealedToken" | "tokenHash">): string | null {
  if (link.legacyToken) return link.legacyToken;
  if (!link.sealedToken) return null;
  try {
    const token = keys.open(link.sealedToken, sealContext(link.tokenHash));
    return publicTokenHash(token) === link.tokenHash ? token : null;
  } catch (error) {
    if (error instanceof KeyVaultError) return null;
    throw error;
  }
}

function statusOf(prefix: "p" | "s", link: { token: string | null; listed: boolean }): PublicLinkStatus {
  return { enabled: true, token: link.token, path: link.token === null ? null : `/${prefix}/${link.token}`, listed: link.listed };
}

async function ownedPost(db: Executor, userId: string, postId: number) {
  const [post] = await db
    .select({ id: posts.id, hiddenAt: posts.hiddenAt })
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.userId, userId)))
    .limit(1);
  if (!post) throw new AppError("NOT_FOUND", POST_NOT_FOUND);
  return post;
}

/** The public link of the caller's post (someone else's post is a 404). */
export async function getPostLinkStatus(db: Executor, keys: KeyVault, userId: string, postId: number): Promise<PublicLinkStatus> {
  await ownedPost(db, userId, postId);
  const [link] = await db.select().from(publicLinks).where(eq(publicLinks.postId, postId)).limit(1);
  return link ? statusOf("p", { token: tokenOf(keys, link), listed: link.listed }) : OFF;
}

/**
 * Turns the public link of the caller's post on (keeping its token while it stays on) or off
 * (deleting it: the old address is a 404 for good, and turning it on again makes a new one).
 * `listed` lets search engines index the page.
 */
export async function setPostLink(db: Database, keys: KeyVault, userId: string, postId: number, input: { enabled: boolean; listed?: boolean }) {
  return db.transaction(async (tx) => {
    const post = await ownedPost(tx, userId, postId);
    if (!input.enabled) {
      await tx.delete(publicLinks).where(eq(publicLinks.postId, postId));
      return OFF;
    }
    if (post.hiddenAt !== null) throw new AppError("CONFLICT", MODERATION_MESSAGES.postHiddenNoLink);
    const [existing] = await tx.select().from(publicLinks).where(eq(publicLinks.postId, postId)).limit(1);
    if (existing) {
      const listed = input.listed ?? existing.listed;
      await tx.update(publicLinks).set({ listed }).where(eq(publicLinks.tokenHash, existing.tokenHash));
      return statusOf("p", { token: tokenOf(keys, existing), listed });
    }
    const { token, row } = newLink(keys);
    const listed = input.listed ?? false;
    await tx.insert(publicLinks).values({ ...row, postId, listed });
    return statusOf("p", { token, listed });
  });
}

/**
 * A session's link is live only while the session is shared and was made during the current
 * share: stopping the share turns it off, and sharing again does not bring the old address back.
 */
export const liveFor = (session: { sharedAt: Date | null }, link: { createdAt: Date } | undefined) =>
  link !== undefined && session.sharedAt !== null && link.createdAt.getTime() >= session.sharedAt.getTime();

/** The public link of the caller's conversation (someone else's is a 404). */
export async function getSessionLinkStatus(db: Executor, keys: KeyVault, userId: string, sessionId: number): Promise<PublicLinkStatus> {
  // A blind battle has no link (it cannot be shared), and saying so names no model.
  const session = await getOwnedSession(db, userId, sessionId, { blindBattle: "allow" });
  const [link] = await db.select().from(publicLinks).where(eq(publicLinks.sessionId, sessionId)).limit(1);
  return link && liveFor(session, link) ? statusOf("s", { token: tokenOf(keys, link), listed: link.listed }) : OFF;
}

/** Turns the public link of the caller's shared conversation on or off. Only a shared conversation can have one. */
export async function setSessionLink(db: Database, keys: KeyVault, userId: string, sessionId: number, input: { enabled: boolean }, now: Date) {
  return db.transaction(async (tx) => {
    const session = await getOwnedSession(tx, userId, sessionId);
    const [existing] = await tx.select().from(publicLinks).where(eq(publicLinks.sessionId, sessionId)).limit(1);
    if (!input.enabled) {
      if (existing) await tx.delete(publicLinks).where(eq(publicLinks.tokenHash, existing.tokenHash));
      return OFF;
    }
    if (session.sharedAt === null) {
      throw new AppError("BAD_REQUEST", "Share the conversation first: only a shared conversation can have a public link.");
    }
    if (session.hiddenAt !== null) throw new AppError("CONFLICT", MODERATION_MESSAGES.conversationHidden);
    if (existing && liveFor(session, existing)) return statusOf("s", { token: tokenOf(keys, existing), listed: existing.listed });
    if (existing) await tx.delete(publicLinks).where(eq(publicLinks.tokenHash, existing.tokenHash));
    const createdAt = now.getTime() < session.sharedAt.getTime() ? session.sharedAt : now;
    const { token, row } = newLink(keys);
    await tx.insert(publicLinks).values({ ...row, sessionId, createdAt });
    return statusOf("s", { token, listed: false });
  });
}

/** Tokens are base64url; anything else cannot be one and is answered like a wrong token. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{22,64}$/;

/**
 * The link a token opens, found by the token's hash alone (the token itself is not stored), with
 * its owner (whose own reads are not counted as views).
 */
export async function linkByToken(db: Executor, token: string) {
  if (!TOKEN_SHAPE.test(token)) throw new AppError("NOT_FOUND", PUBLIC_LINK_NOT_FOUND);
  const [link] = await db
    .select({
      ...GATE_COLUMNS,
      postId: publicLinks.postId,
      sessionId: publicLinks.sessionId,
      promptId: publicLinks.promptId,
      listed: publicLinks.listed,
      createdAt: publicLinks.createdAt,
      ownerId: sql<string | null>`coalesce(${posts.userId}, ${chatSessions.userId}, ${prompts.userId})`,
    })
    .from(publicLinks)
    .leftJoin(posts, eq(posts.id, publicLinks.postId))
    .leftJoin(chatSessions, eq(chatSessions.id, publicLinks.sessionId))
    .leftJoin(prompts, eq(prompts.id, publicLinks.promptId))
    .where(eq(publicLinks.tokenHash, publicTokenHash(token)))
    .limit(1);
  return link;
}

/**
 * A post read through its public link, by anyone: the snapshot and its author's public name.
 * `indexable` is true only for a post its owner listed.
 */
export async function getPublicPost(db: Executor, token: string, reader: Reader = serverReader()) {
  const link = await linkByToken(db, token);
  if (!link?.postId) throw new AppError("NOT_FOUND", PUBLIC_LINK_NOT_FOUND);
  await admitReader(db, reader, link, link.ownerId);
  const transcript = await getPostTranscript(db, NOBODY, link.postId);
  return { kind: "post" as const, post_id: link.postId, indexable: link.listed, transcript };
}

/**
 * A shared conversation read through its public link, by anyone: what a viewer of the share
 * sees, without the session's id or anything else of the owner's account.
 */
export async function getPublicSession(db: Executor, token: string, reader: Reader = serverReader()) {
  const sessionId = await liveSessionOf(db, token, reader);
  const transcript = await getSessionTranscript(db, NOBODY, sessionId, true).catch((error: unknown) => {
    throw error instanceof AppError && error.message === SESSION_NOT_FOUND ? new AppError("NOT_FOUND", PUBLIC_LINK_NOT_FOUND) : error;
  });
  return { kind: "conversation" as const, indexable: false as const, transcript };
}

/** The shared conversation a live conversation link leads to; anything else is the link's 404. */
async function liveSessionOf(db: Executor, token: string, reader: Reader): Promise<number> {
  const link = await linkByToken(db, token);
  if (!link?.sessionId) throw new AppError("NOT_FOUND", PUBLIC_LINK_NOT_FOUND);
  const [session] = await db
    .select({ userId: chatSessions.userId, sharedAt: chatSessions.sharedAt, hiddenAt: chatSessions.hiddenAt })
    .from(chatSessions)
    .where(eq(chatSessions.id, link.sessionId))
    .limit(1);
  if (!session || !liveFor(session, link) || !isSessionReadableBy(session, NOBODY)) throw new AppError("NOT_FOUND", PUBLIC_LINK_NOT_FOUND);
  await admitReader(db, reader, link, session.userId);
  return link.sessionId;
}

/**
 * Where a signed-in reader of a public conversation continues: the conversation's share
 * (/chat/share/{id}, with 'Clone and Continue'). The id is not on the public page itself, so an
 * anonymous reader does not learn a handle that outlives the link; a signed-in one may read the
 * share anyway.
 */
export async function getPublicSessionShare(db: Executor, token: string, reader: Reader = serverReader()) {
  return { session_id: await liveSessionOf(db, token, reader) };
}

/**
 * Seals the plain-text tokens of links made before tokens were sealed (the migration that added
 * hashes cannot: the database does not hold ENCRYPTION_KEY) and clears them. Run at start-up;
 * running it again, or on two servers at once, does no harm. Returns how many it sealed.
 */
export async function sealLegacyPublicLinks(db: Executor, keys: KeyVault): Promise<number> {
  const rows = await db
    .select({ tokenHash: publicLinks.tokenHash, legacyToken: publicLinks.legacyToken })
    .from(publicLinks)
    .where(isNotNull(publicLinks.legacyToken));
  for (const row of rows) {
    const sealedToken = keys.seal(row.legacyToken!, sealContext(row.tokenHash));
    await db
      .update(publicLinks)
      .set({ sealedToken, legacyToken: null })
      .where(and(eq(publicLinks.tokenHash, row.tokenHash), isNotNull(publicLinks.legacyToken)));
  }
  return rows.length;
}
