import { and, desc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { LINK_MESSAGES, PROMPT_MESSAGES, PROMPT_PUBLIC_PATH, type LinkKind } from "@parley/contracts";
import { chatEntries, chatSessions, posts, prompts, publicLinks, type Database, type Executor } from "@parley/db";
import type { KeyVault } from "@parley/keys";
import { AppError } from "../kit/errors";
import { shareIsBehind } from "../conversation/chat/branches";
import { getOwnedSession, setSessionShared } from "../conversation/chat/sessions";
import { redactSharedConversation } from "../conversation/chat/share-privacy";
import type { PrivacyChoice, PrivacyPerson } from "../account/sharing/privacy-check";
import { POST_NOT_FOUND } from "../community/post/visibility";
import { configureLink, GATE_COLUMNS, linkStateOf, presentSettings, shareGateOf, type GatedLink, type LinkControls } from "../account/sharing/link-controls";
import { liveFor, tokenOf } from "./public-links";

// The owner's side of links: the controls of one, and the Shared links page (every link a person
// made, revoking one or all, and a share's snapshot taken again).

type PublicKind = Exclude<LinkKind, "share">;

const PREFIX: Record<PublicKind, string> = { post: "/p/", conversation: "/s/", prompt: PROMPT_PUBLIC_PATH };
const TARGET: Record<LinkKind, (id: number) => string> = {
  post: (id) => `/post/${id}`,
  conversation: (id) => `/chat?sessionId=${id}`,
  prompt: (id) => `/prompt/${id}`,
  share: (id) => `/chat?sessionId=${id}`,
};

/** The caller's own post or prompt, or its usual 404 (someone else's is missing too). */
async function requireOwned(db: Executor, userId: string, kind: "post" | "prompt", id: number) {
  const [row] =
    kind === "post"
      ? await db
          .select({ id: posts.id })
          .from(posts)
          .where(and(eq(posts.id, id), eq(posts.userId, userId)))
          .limit(1)
      : await db
          .select({ id: prompts.id })
          .from(prompts)
          .where(and(eq(prompts.id, id), eq(prompts.userId, userId)))
          .limit(1);
  if (!row) throw new AppError("NOT_FOUND", kind === "post" ? POST_NOT_FOUND : PROMPT_MESSAGES.notFound);
  return row;
}

/**
 * The link of the caller's object while it is on (a conversation's only during its current
 * share; a share's controls while it is shared), or 404.
 */
async function ownedLink(db: Executor, userId: string, kind: LinkKind, id: number): Promise<GatedLink> {
  if (kind === "share") {
    const shared = await getOwnedSession(db, userId, id);
    if (shared.sharedAt === null) throw new AppError("NOT_FOUND", LINK_MESSAGES.notShared);
    return shareGateOf(db, id);
  }
  const session = kind === "conversation" ? await getOwnedSession(db, userId, id) : (await requireOwned(db, userId, kind, id), null);
  const column = kind === "post" ? publicLinks.postId : kind === "conversation" ? publicLinks.sessionId : publicLinks.promptId;
  const [link] = await db
    .select({ ...GATE_COLUMNS, createdAt: publicLinks.createdAt })
    .from(publicLinks)
    .where(eq(column, id))
    .limit(1);
  if (!link || (session !== null && !liveFor(session, link))) throw new AppError("NOT_FOUND", LINK_MESSAGES.linkOff);
  return link;
}

/** A link's controls and views, for its owner. */
export async function getLinkSettings(db: Executor, userId: string, kind: LinkKind, id: number, now: Date) {
  return presentSettings(db, await ownedLink(db, userId, kind, id), now);
}

/** Sets the controls of the caller's link (expiry from now, password, view cap). */
export async function setLinkSettings(db: Database, userId: string, kind: LinkKind, id: number, controls: LinkControls, now: Date) {
  return db.transaction(async (tx) => configureLink(tx, await ownedLink(tx, userId, kind, id), controls, now));
}

export type SharedLinkRow = {
  kind: LinkKind;
  id: number;
  title: string;
  target: string;
  path: string | null;
  created_at: string;
  snapshot_at: string | null;
  /** A share: whether the conversation changed since its snapshot (taking it again would change what readers see); null otherwise. */
  changed_since_snapshot: boolean | null;
  expires_at: string | null;
  password: boolean;
  view_cap: number | null;
  views: number | null;
  state: "active" | "expired" | "capped";
  /** Locked by too many wrong passwords until its owner lifts the lock. */
  locked: boolean;
};

/** Share controls not made yet (the share was never read nor set): none, and no views. */
const NO_CONTROLS = { expiresAt: null, passwordHash: null, viewCap: null, views: 0, lockedAt: null };

const shareRow = (
  session: { id: number; description: string; sharedAt: Date; behind: boolean },
  gate: Pick<GatedLink, "expiresAt" | "passwordHash" | "viewCap" | "views" | "lockedAt">,
  now: Date,
): SharedLinkRow => ({
  kind: "share",
  id: session.id,
  title: session.description,
  target: TARGET.share(session.id),
  path: `/chat/share/${session.id}`,
  created_at: session.sharedAt.toISOString(),
  snapshot_at: session.sharedAt.toISOString(),
  changed_since_snapshot: session.behind,
  expires_at: gate.expiresAt?.toISOString() ?? null,
  password: gate.passwordHash !== null,
  view_cap: gate.viewCap,
  views: gate.views,
  state: linkStateOf(gate, now),
  locked: gate.lockedAt !== null,
});

/** Every link the caller has made, newest first: public links of posts, conversations and prompts, and shares. */
export async function listSharedLinks(db: Executor, keys: KeyVault, userId: string, now: Date): Promise<{ links: SharedLinkRow[] }> {
  const sharedEntry = alias(chatEntries, "shared_entry");
  const linkColumns = { ...GATE_COLUMNS, sealedToken: publicLinks.sealedToken, legacyToken: publicLinks.legacyToken, createdAt: publicLinks.createdAt };
  const [postLinks, sessionLinks, promptLinks, shares] = await Promise.all([
    db
      .select({ ...linkColumns, id: posts.id, title: posts.description })
      .from(publicLinks)
      .innerJoin(posts, eq(posts.id, publicLinks.postId))
      .where(eq(posts.userId, userId)),
    db
      .select({ ...linkColumns, id: chatSessions.id, title: chatSessions.description, sharedAt: chatSessions.sharedAt })
      .from(publicLinks)
      .innerJoin(chatSessions, eq(chatSessions.id, publicLinks.sessionId))
      .where(eq(chatSessions.userId, userId)),
    db
      .select({ ...linkColumns, id: prompts.id, title: prompts.name })
      .from(publicLinks)
      .innerJoin(prompts, eq(prompts.id, publicLinks.promptId))
      .where(eq(prompts.userId, userId)),
    db
      .select({
        id: chatSessions.id,
        description: chatSessions.description,
        sharedAt: chatSessions.sharedAt,
        activeEntryId: chatSessions.activeEntryId,
        sharedEntryId: chatSessions.sharedEntryId,
        compareModels: chatSessions.compareModels,
        sharedEntryFound: sharedEntry.id,
        sharedEntryColumn: sharedEntry.compareColumn,
        expiresAt: publicLinks.expiresAt,
        passwordHash: publicLinks.passwordHash,
        viewCap: publicLinks.viewCap,
        views: publicLinks.views,
        lockedAt: publicLinks.lockedAt,
      })
      .from(chatSessions)
      .leftJoin(publicLinks, eq(publicLinks.shareSessionId, chatSessions.id))
      .leftJoin(sharedEntry, and(eq(sharedEntry.id, chatSessions.sharedEntryId), eq(sharedEntry.sessionId, chatSessions.id)))
      .where(and(eq(chatSessions.userId, userId), isNotNull(chatSessions.sharedAt)))
      .orderBy(desc(chatSessions.sharedAt)),
  ]);
  const present = (kind: PublicKind, row: (typeof postLinks)[number]): SharedLinkRow => {
    const token = tokenOf(keys, row);
    return {
      kind,
      id: row.id,
      title: row.title,
      target: TARGET[kind](row.id),
      path: token === null ? null : `${PREFIX[kind]}${token}`,
      created_at: row.createdAt.toISOString(),
      snapshot_at: null,
      changed_since_snapshot: null,
      expires_at: row.expiresAt?.toISOString() ?? null,
      password: row.passwordHash !== null,
      view_cap: row.viewCap,
      views: row.views,
      state: linkStateOf(row, now),
      locked: row.lockedAt !== null,
    };
  };
  const links = [
    ...postLinks.map((row) => present("post", row)),
    // A conversation's link made before its current share does not lead anywhere: not listed.
    ...sessionLinks.filter((row) => liveFor(row, row)).map((row) => present("conversation", row)),
    ...promptLinks.map((row) => present("prompt", row)),
    ...shares.map((session) => {
      const behind = shareIsBehind(session, session.sharedEntryFound === null ? null : { compareColumn: session.sharedEntryColumn });
      return shareRow({ ...session, sharedAt: session.sharedAt!, behind }, session.views === null ? NO_CONTROLS : { ...session, views: session.views }, now);
    }),
  ];
  links.sort((a, b) => b.created_at.localeCompare(a.created_at) || a.kind.localeCompare(b.kind) || b.id - a.id);
  return { links };
}

/**
 * Turns one of the caller's links off: a public link is deleted (its address is a 404 for good);
 * a share ends (and with it the conversation's public link and the share's controls).
 */
export async function revokeLink(db: Database, userId: string, kind: LinkKind, id: number, now: Date) {
  await db.transaction(async (tx) => {
    if (kind === "share") {
      const session = await getOwnedSession(tx, userId, id);
      if (session.sharedAt === null) throw new AppError("NOT_FOUND", LINK_MESSAGES.notShared);
      await setSessionShared(tx, userId, id, false, now);
      await tx.delete(publicLinks).where(eq(publicLinks.sessionId, id));
      return;
    }
    const link = await ownedLink(tx, userId, kind, id);
    await tx.delete(publicLinks).where(eq(publicLinks.tokenHash, link.tokenHash));
  });
  return { revoked: true as const };
}

/** Turns every link of the caller off at once: all public links deleted, all shares ended. Answers how many. */
export async function revokeAllLinks(db: Database, userId: string) {
  return db.transaction(async (tx) => {
    const myPosts = tx.select({ id: posts.id }).from(posts).where(eq(posts.userId, userId));
    const mySessions = tx.select({ id: chatSessions.id }).from(chatSessions).where(eq(chatSessions.userId, userId));
    const myPrompts = tx.select({ id: prompts.id }).from(prompts).where(eq(prompts.userId, userId));
    const deleted = await tx
      .delete(publicLinks)
      .where(or(inArray(publicLinks.postId, myPosts), inArray(publicLinks.sessionId, mySessions), inArray(publicLinks.promptId, myPrompts)))
      .returning({ tokenHash: publicLinks.tokenHash });
    // The shares' controls end with the shares (not counted: a share is counted once, below).
    await tx.delete(publicLinks).where(inArray(publicLinks.shareSessionId, mySessions));
    const unshared = await tx
      .update(chatSessions)
      .set({ sharedAt: null })
      .where(and(eq(chatSessions.userId, userId), isNotNull(chatSessions.sharedAt)))
      .returning({ id: chatSessions.id });
    return { revoked: deleted.length + unshared.length };
  });
}

/**
 * Takes a share's snapshot again, from the conversation as it is now (the branch the owner is
 * on), through the privacy check as sharing does (its target share_refresh): what was added
 * since is checked, and the redactions chosen join the share's. The share's controls and views
 * stay, and the conversation's public link, if on, keeps its address and its controls.
 */
export async function refreshShare(
  db: Database,
  user: PrivacyPerson & { id: string },
  sessionId: number,
  choice: PrivacyChoice,
  now: Date,
): Promise<SharedLinkRow> {
  const userId = user.id;
  return db.transaction(async (tx) => {
    const session = await getOwnedSession(tx, userId, sessionId);
    if (session.sharedAt === null) throw new AppError("NOT_FOUND", LINK_MESSAGES.notShared);
    await redactSharedConversation(tx, user, sessionId, choice, "refresh");
    const link = await tx.select({ createdAt: publicLinks.createdAt }).from(publicLinks).where(eq(publicLinks.sessionId, sessionId)).limit(1);
    const linkWasLive = link[0] !== undefined && liveFor(session, link[0]);
    const taken = now.getTime() > session.sharedAt.getTime() ? now : new Date(session.sharedAt.getTime() + 1);
    await tx
      .update(chatSessions)
      .set({ sharedAt: taken, sharedEntryId: sql`${chatSessions.activeEntryId}` })
      .where(eq(chatSessions.id, sessionId));
    // The link stays live through the new share (it is live while made during the current one).
    if (linkWasLive) await tx.update(publicLinks).set({ createdAt: taken }).where(eq(publicLinks.sessionId, sessionId));
    const [gate] = await tx.select(GATE_COLUMNS).from(publicLinks).where(eq(publicLinks.shareSessionId, sessionId)).limit(1);
    // Taken from the owner's branch as it is now: nothing has changed since.
    return shareRow({ id: session.id, description: session.description, sharedAt: taken, behind: false }, gate ?? NO_CONTROLS, now);
  });
}
