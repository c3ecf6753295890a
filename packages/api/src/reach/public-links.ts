import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { chatSessions, posts, publicLinks, type Database, type Executor } from "@parley/db";
import { AppError } from "../errors";
import { getOwnedSession, SESSION_NOT_FOUND } from "../chat/sessions";
import { POST_NOT_FOUND } from "../post/posts";
import { getPostTranscript, getSessionTranscript, NOBODY } from "./transcripts";

/** The one answer for a public address that does not lead anywhere (wrong, revoked or unshared). */
export const PUBLIC_LINK_NOT_FOUND = "This link does not lead anywhere. It may have been turned off by its owner.";

/** A new public token: 144 random bits, base64url (24 characters). */
export function newPublicToken(): string {
  return randomBytes(18).toString("base64url");
}

/** What the owner sees of a link: whether it is on, where it leads, and whether it is listed. */
export type PublicLinkStatus = { enabled: boolean; token: string | null; path: string | null; listed: boolean };

const OFF: PublicLinkStatus = { enabled: false, token: null, path: null, listed: false };
const statusOf = (prefix: "p" | "s", link: { token: string; listed: boolean } | undefined): PublicLinkStatus =>
  link ? { enabled: true, token: link.token, path: `/${prefix}/${link.token}`, listed: link.listed } : OFF;

async function ownedPost(db: Executor, userId: string, postId: number) {
  const [post] = await db.select({ id: posts.id }).from(posts).where(and(eq(posts.id, postId), eq(posts.userId, userId))).limit(1);
  if (!post) throw new AppError("NOT_FOUND", POST_NOT_FOUND);
  return post;
}

/** The public link of the caller's post (someone else's post is a 404). */
export async function getPostLinkStatus(db: Executor, userId: string, postId: number): Promise<PublicLinkStatus> {
  await ownedPost(db, userId, postId);
  const [link] = await db.select().from(publicLinks).where(eq(publicLinks.postId, postId)).limit(1);
  return statusOf("p", link);
}

/**
 * Turns the public link of the caller's post on (keeping its token while it stays on) or off
 * (deleting it: the old address is a 404 for good, and turning it on again makes a new one).
 * `listed` lets search engines index the page.
 */
export async function setPostLink(db: Database, userId: string, postId: number, input: { enabled: boolean; listed?: boolean }) {
  return db.transaction(async (tx) => {
    await ownedPost(tx, userId, postId);
    if (!input.enabled) {
      await tx.delete(publicLinks).where(eq(publicLinks.postId, postId));
      return OFF;
    }
    const [existing] = await tx.select().from(publicLinks).where(eq(publicLinks.postId, postId)).limit(1);
    if (existing) {
      const listed = input.listed ?? existing.listed;
      await tx.update(publicLinks).set({ listed }).where(eq(publicLinks.token, existing.token));
      return statusOf("p", { token: existing.token, listed });
    }
    const [created] = await tx.insert(publicLinks).values({ token: newPublicToken(), postId, listed: input.listed ?? false }).returning();
    return statusOf("p", created);
  });
}

/**
 * A session's link is live only while the session is shared and was made during the current
 * share: stopping the share turns it off, and sharing again does not bring the old address back.
 */
const liveFor = (session: { sharedAt: Date | null }, link: { createdAt: Date } | undefined) =>
  link !== undefined && session.sharedAt !== null && link.createdAt.getTime() >= session.sharedAt.getTime();

/** The public link of the caller's conversation (someone else's is a 404). */
export async function getSessionLinkStatus(db: Executor, userId: string, sessionId: number): Promise<PublicLinkStatus> {
  const session = await getOwnedSession(db, userId, sessionId);
  const [link] = await db.select().from(publicLinks).where(eq(publicLinks.sessionId, sessionId)).limit(1);
  return liveFor(session, link) ? statusOf("s", link) : OFF;
}

/** Turns the public link of the caller's shared conversation on or off. Only a shared conversation can have one. */
export async function setSessionLink(db: Database, userId: string, sessionId: number, input: { enabled: boolean }, now: Date) {
  return db.transaction(async (tx) => {
    const session = await getOwnedSession(tx, userId, sessionId);
    const [existing] = await tx.select().from(publicLinks).where(eq(publicLinks.sessionId, sessionId)).limit(1);
    if (!input.enabled) {
      if (existing) await tx.delete(publicLinks).where(eq(publicLinks.token, existing.token));
      return OFF;
    }
    if (session.sharedAt === null) {
      throw new AppError("BAD_REQUEST", "Share the conversation first: only a shared conversation can have a public link.");
    }
    if (existing && liveFor(session, existing)) return statusOf("s", existing);
    if (existing) await tx.delete(publicLinks).where(eq(publicLinks.token, existing.token));
    const createdAt = now.getTime() < session.sharedAt.getTime() ? session.sharedAt : now;
    const [created] = await tx.insert(publicLinks).values({ token: newPublicToken(), sessionId, createdAt }).returning();
    return statusOf("s", created);
  });
}

/** Tokens are base64url; anything else cannot be one and is answered like a wrong token. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{22,64}$/;

async function linkByToken(db: Executor, token: string) {
  if (!TOKEN_SHAPE.test(token)) throw new AppError("NOT_FOUND", PUBLIC_LINK_NOT_FOUND);
  const [link] = await db.select().from(publicLinks).where(eq(publicLinks.token, token)).limit(1);
  return link;
}

/**
 * A post read through its public link, by anyone: the snapshot and its author's public name.
 * `indexable` is true only for a post its owner listed.
 */
export async function getPublicPost(db: Executor, token: string) {
  const link = await linkByToken(db, token);
  if (!link?.postId) throw new AppError("NOT_FOUND", PUBLIC_LINK_NOT_FOUND);
  const transcript = await getPostTranscript(db, NOBODY, link.postId);
  return { kind: "post" as const, post_id: link.postId, indexable: link.listed, transcript };
}

/**
 * A shared conversation read through its public link, by anyone: what a viewer of the share
 * sees, without the session's id or anything else of the owner's account.
 */
export async function getPublicSession(db: Executor, token: string) {
  const link = await linkByToken(db, token);
  if (!link?.sessionId) throw new AppError("NOT_FOUND", PUBLIC_LINK_NOT_FOUND);
  const [session] = await db.select({ sharedAt: chatSessions.sharedAt }).from(chatSessions).where(eq(chatSessions.id, link.sessionId)).limit(1);
  if (!session || !liveFor(session, link)) throw new AppError("NOT_FOUND", PUBLIC_LINK_NOT_FOUND);
  const transcript = await getSessionTranscript(db, NOBODY, link.sessionId, true).catch((error: unknown) => {
    throw error instanceof AppError && error.message === SESSION_NOT_FOUND ? new AppError("NOT_FOUND", PUBLIC_LINK_NOT_FOUND) : error;
  });
  return { kind: "conversation" as const, indexable: false, transcript };
}
