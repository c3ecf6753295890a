import { createHmac, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { LINK_EXPIRY_MS, LINK_LIMITS, LINK_MESSAGES, type LinkExpiry } from "@parley/contracts";
import { publicLinks, publicLinkViewers, publicLinkViews, type Executor } from "@parley/db";
import type { KeyVault } from "@parley/keys";
import { AppError } from "../../kit/errors";
import { instanceSecret } from "../../kit/instance-secret";
import type { Context } from "../../kit/context";
import type { Visitor } from "../../kit/ports";

// The owner's controls of a link (expiry, password, view cap) and its view counts, checked in one
// place for every kind of link: a post's, a conversation's and a prompt's public link, and a
// conversation's share (its row in public_links has no public address: see shareGateOf).

/** What a reader's way in is checked against: the link's controls and its views so far. */
export type GatedLink = {
  tokenHash: string;
  expiresAt: Date | null;
  passwordHash: string | null;
  viewCap: number | null;
  views: number;
  lockedAt: Date | null;
};

/** The columns of a GatedLink, for a select. */
export const GATE_COLUMNS = {
  tokenHash: publicLinks.tokenHash,
  expiresAt: publicLinks.expiresAt,
  passwordHash: publicLinks.passwordHash,
  viewCap: publicLinks.viewCap,
  views: publicLinks.views,
  lockedAt: publicLinks.lockedAt,
} as const;

export type LinkState = "active" | "expired" | "capped";

/** Open, past its expiry (at the very instant of expiry it is past), or at its cap of views. */
export function linkStateOf(link: Pick<GatedLink, "expiresAt" | "viewCap" | "views">, now: Date): LinkState {
  if (link.expiresAt !== null && link.expiresAt.getTime() <= now.getTime()) return "expired";
  if (link.viewCap !== null && link.views >= link.viewCap) return "capped";
  return "active";
}

/**
 * Who reads a link: when, with which browser (null: a read that neither counts as a viewer nor
 * carries an unlock, such as the server drawing a page's preview tags), the key that signs the
 * browser's cookies, and the signed-in account reading (null: anonymous or unknown), so that the
 * link's owner is never counted as one of its viewers.
 */
export type Reader = { now: Date; visitor: Visitor | null; keys: KeyVault; viewerId?: string | null };

/** A reader that is nobody's browser: never counted, never unlocked. */
export const serverReader = (now = new Date()): Reader => ({ now, visitor: null, keys: { seal: () => "", open: () => "" } });

/** This request's reader: its browser (its unlocks and view cookie), now, and the signed-in account reading, if known. */
export const readerOf = (ctx: Pick<Context, "now" | "visitor" | "keys">, viewerId: string | null = null): Reader => ({
  now: ctx.now(),
  visitor: ctx.visitor,
  keys: ctx.keys,
  viewerId,
});

/** Whether the reader is the link's owner (who passes the same gate but is never counted). */
const isOwner = (reader: Reader, ownerId: string | null | undefined) => Boolean(reader.viewerId) && reader.viewerId === ownerId;

/** Expired or at its cap: a state that can change, so it is never kept by a browser (no-store). */
export const linkGone = () => new AppError("GONE", LINK_MESSAGES.gone, { linkState: true });
const passwordRequired = () => new AppError("FORBIDDEN", LINK_MESSAGES.passwordRequired, { linkState: true });
/** Too many wrong passwords from anywhere: no more are checked until the owner lifts the lock (no Retry-After: waiting does not open it). */
const linkLocked = () => new AppError("TOO_MANY_REQUESTS", LINK_MESSAGES.locked, { linkState: true });

// Cookies are named after the link (a browser holds one per link) and sealed under the server's
// key, bound to the link: a cookie made for one link, or forged, opens nowhere else.
const cookieName = (kind: "unlock" | "view", tokenHash: string) => `parley_${kind}_${tokenHash.slice(0, 20)}`;
/** An unlock is bound to the password it was made with: a new password locks the link again. */
const unlockContext = (link: GatedLink) => `link-unlock:${link.tokenHash}:${link.passwordHash ?? ""}`;
const viewContext = (link: GatedLink) => `link-view:${link.tokenHash}`;

/** The UTC day views are counted under, `YYYY-MM-DD`. */
export const viewDay = (now: Date) => now.toISOString().slice(0, 10);

function opened(keys: KeyVault, sealed: string | undefined, context: string): string | null {
  if (!sealed) return null;
  try {
    return keys.open(sealed, context);
  } catch {
    // Altered, forged, made for another link or under a replaced key: no unlock, not counted.
    return null;
  }
}

/**
 * An unlock cookie holds when it was made (`unlocked:<ms>`, sealed): it is a session cookie, and a
 * browser that keeps its session for days (restoring tabs) still loses it after
 * LINK_LIMITS.unlockCookieMs. One made by a clock ahead of this one by more than a minute opens nothing.
 */
function isUnlocked(reader: Reader, link: GatedLink): boolean {
  if (reader.visitor === null) return false;
  const value = opened(reader.keys, reader.visitor.cookie(cookieName("unlock", link.tokenHash)), unlockContext(link));
  const made = value?.startsWith("unlocked:") ? Number(value.slice("unlocked:".length)) : Number.NaN;
  const age = reader.now.getTime() - made;
  return Number.isFinite(made) && age < LINK_LIMITS.unlockCookieMs && age > -60_000;
}

/**
 * Lets a reader through a link or refuses: 410 once expired or capped (a revoked link is the
 * readers' 404), 403 while it has a password this browser session has not entered. A browser
 * (`reader.visitor`) is counted once a day: the first read of the day takes one view, atomically
 * and only while the cap allows (so 100 parallel first reads count 100, and a cap of 5 lets in 5),
 * and a session cookie says it was counted. A client that keeps no cookie is known again that day
 * by a keyed hash of its address, browser and account (viewerKey), so its reads are one viewer,
 * not one each. Nothing else about the viewer is stored. The link's owner
 * (`ownerId`, when the reader is signed in as them) meets the same expiry, password and cap, but
 * is never counted: the views the owner sees are other people's.
 */
export async function admitReader(db: Executor, reader: Reader, link: GatedLink, ownerId?: string | null): Promise<void> {
  const state = linkStateOf(link, reader.now);
  if (state === "expired") throw linkGone();
  if (link.passwordHash !== null && !isUnlocked(reader, link)) throw passwordRequired();
  const visitor = isOwner(reader, ownerId) ? null : reader.visitor;
  if (visitor === null) {
    if (state === "capped") throw linkGone();
    return;
  }
  const day = viewDay(reader.now);
  // Counted already today in this browser session: a viewer who got in keeps reading.
  if (opened(reader.keys, visitor.cookie(cookieName("view", link.tokenHash)), viewContext(link)) === day) return;
  const remember = () => visitor.setCookie(cookieName("view", link.tokenHash), reader.keys.seal(day, viewContext(link)));
  // The same client today without the cookie (one that keeps none): the viewer it was, let in then.
  const viewer = { tokenHash: link.tokenHash, day, viewer: await viewerKey(db, link.tokenHash, day, visitor, reader.viewerId ?? null) };
  const known = (await db.insert(publicLinkViewers).values(viewer).onConflictDoNothing().returning({ day: publicLinkViewers.day })).length === 0;
  if (known) return remember();
  if (!(await countView(db, link.tokenHash, day))) {
    // Not let in: it is not a viewer of the day either.
    await db
      .delete(publicLinkViewers)
      .where(and(eq(publicLinkViewers.tokenHash, viewer.tokenHash), eq(publicLinkViewers.day, day), eq(publicLinkViewers.viewer, viewer.viewer)));
    throw linkGone();
  }
  remember();
}

/**
 * Who a client is for one link and day, without keeping who it is: an HMAC-SHA256, under a
 * secret of the instance, of the link, the day, the client's address and browser (User-Agent)
 * and the account reading (if signed in). The same client the same day gives the same key; it
 * cannot be turned back into an address, and does not match across links or days.
 */
async function viewerKey(db: Executor, tokenHash: string, day: string, visitor: Visitor, viewerId: string | null): Promise<string> {
  const secret = await instanceSecret(db, VIEWER_SECRET);
  return createHmac("sha256", secret)
    .update(JSON.stringify([tokenHash, day, visitor.address, visitor.userAgent, viewerId ?? ""]))
    .digest("hex");
}

/** The instance secret viewers' keys are made under (instance_settings). */
const VIEWER_SECRET = "link_viewer_key";

/** Days of counters a link keeps: today's (what the owner sees) and yesterday's (docs/reach.md). */
const VIEW_DAYS_KEPT = 2;

/** The oldest day whose counter is kept when `day` is today. */
const oldestViewDayKept = (day: string) => viewDay(new Date(Date.parse(`${day}T00:00:00Z`) - (VIEW_DAYS_KEPT - 1) * 86_400_000));

/**
 * One more viewer, if the cap allows: the link's total and the day's counter, each one atomic
 * statement. The day's first view deletes the link's counters of days no longer kept.
 */
async function countView(db: Executor, tokenHash: string, day: string): Promise<boolean> {
  const bumped = await db
    .update(publicLinks)
    .set({ views: sql`${publicLinks.views} + 1` })
    .where(and(eq(publicLinks.tokenHash, tokenHash), or(isNull(publicLinks.viewCap), lt(publicLinks.views, publicLinks.viewCap))))
    .returning({ views: publicLinks.views });
  if (bumped.length === 0) return false;
  const [counted] = await db
    .insert(publicLinkViews)
    .values({ tokenHash, day, views: 1 })
    .onConflictDoUpdate({ target: [publicLinkViews.tokenHash, publicLinkViews.day], set: { views: sql`${publicLinkViews.views} + 1` } })
    .returning({ views: publicLinkViews.views });
  if (counted?.views === 1) {
    await db.delete(publicLinkViews).where(and(eq(publicLinkViews.tokenHash, tokenHash), lt(publicLinkViews.day, oldestViewDayKept(day))));
    await db.delete(publicLinkViewers).where(and(eq(publicLinkViewers.tokenHash, tokenHash), lt(publicLinkViewers.day, oldestViewDayKept(day))));
  }
  return true;
}

// Passwords: scrypt (node:crypto), a random 16-byte salt each, compared in constant time.
const SCRYPT: ScryptOptions = { N: 16_384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_BYTES = 32;

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password.normalize("NFC"), salt, KEY_BYTES, SCRYPT, (error, key) => (error ? reject(error) : resolve(key))));
}

/** `scrypt$<salt>$<key>` (base64url). */
export async function hashLinkPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString("base64url")}$${(await derive(password, salt)).toString("base64url")}`;
}

export async function verifyLinkPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * Opens a password-protected link for this browser session (a signed session cookie bound to the
 * link and its password, holding at most LINK_LIMITS.unlockCookieMs). Tries are limited per link
 * and client by `allowTry` (wrong or right: a script cannot learn which by being refused), and per
 * link across all clients: LINK_LIMITS.linkWrongPasswords wrong ones in a window lock the link
 * (none is checked any more, the right one neither) until its owner lifts the lock or sets a new
 * password. A browser already let in keeps reading. A link without a password is open already.
 */
export async function unlockLink(db: Executor, reader: Reader & { visitor: Visitor }, link: GatedLink, password: string, allowTry: () => Promise<void>) {
  if (linkStateOf(link, reader.now) !== "active") throw linkGone();
  if (link.passwordHash === null) return { unlocked: true as const };
  await allowTry();
  // Read again: the lock may have been set since the link was read.
  const [now] = await db.select({ lockedAt: publicLinks.lockedAt }).from(publicLinks).where(eq(publicLinks.tokenHash, link.tokenHash)).limit(1);
  if (now?.lockedAt) throw linkLocked();
  if (!(await verifyLinkPassword(password, link.passwordHash))) {
    if (await countWrongPassword(db, link.tokenHash, reader.now)) throw linkLocked();
    throw new AppError("FORBIDDEN", LINK_MESSAGES.wrongPassword, { linkState: true });
  }
  reader.visitor.setCookie(cookieName("unlock", link.tokenHash), reader.keys.seal(`unlocked:${reader.now.getTime()}`, unlockContext(link)));
  return { unlocked: true as const };
}

/**
 * One more wrong password on a link, from any client, in one atomic statement: counted in the
 * current window (LINK_LIMITS.unlockWindowMs from its first wrong one), and the link locked when
 * the count reaches LINK_LIMITS.linkWrongPasswords. Answers whether the link is locked now.
 */
async function countWrongPassword(db: Executor, tokenHash: string, now: Date): Promise<boolean> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const windowStart = sql`${new Date(now.getTime() - LINK_LIMITS.unlockWindowMs).toISOString()}::timestamptz`;
  const fresh = sql`(${publicLinks.wrongPasswordsSince} is null or ${publicLinks.wrongPasswordsSince} <= ${windowStart})`;
  const count = sql`(case when ${fresh} then 1 else ${publicLinks.wrongPasswords} + 1 end)`;
  const [row] = await db
    .update(publicLinks)
    .set({
      wrongPasswords: count,
      wrongPasswordsSince: sql`(case when ${fresh} then ${at} else ${publicLinks.wrongPasswordsSince} end)`,
      lockedAt: sql`(case when ${publicLinks.lockedAt} is null and ${count} >= ${LINK_LIMITS.linkWrongPasswords}::int then ${at} else ${publicLinks.lockedAt} end)`,
    })
    .where(eq(publicLinks.tokenHash, tokenHash))
    .returning({ lockedAt: publicLinks.lockedAt });
  return Boolean(row?.lockedAt);
}

/** A link's controls and views as its owner sees them. */
export async function presentSettings(db: Executor, link: GatedLink, now: Date) {
  const [today] = await db
    .select({ views: publicLinkViews.views })
    .from(publicLinkViews)
    .where(and(eq(publicLinkViews.tokenHash, link.tokenHash), eq(publicLinkViews.day, viewDay(now))))
    .limit(1);
  return {
    expires_at: link.expiresAt?.toISOString() ?? null,
    password: link.passwordHash !== null,
    view_cap: link.viewCap,
    views: link.views,
    views_today: today?.views ?? 0,
    state: linkStateOf(link, now),
    /** Locked by too many wrong passwords (no password is checked), since when; the owner lifts it. */
    locked: link.lockedAt !== null,
    locked_at: link.lockedAt?.toISOString() ?? null,
  };
}

/** What the owner changes: each field left out stays as it is. `lift_lock` lifts a lock of wrong passwords. */
export type LinkControls = { expires?: LinkExpiry; password?: string | null; view_cap?: number | null; lift_lock?: true };

/** Sets a link's controls (the expiry counted from `now`) and answers its settings. */
export async function configureLink(db: Executor, link: GatedLink, controls: LinkControls, now: Date) {
  const changes: Partial<
    Pick<GatedLink, "expiresAt" | "passwordHash" | "viewCap" | "lockedAt"> & { wrongPasswords: number; wrongPasswordsSince: Date | null }
  > = {};
  if (controls.expires !== undefined) {
    const ms = LINK_EXPIRY_MS[controls.expires];
    changes.expiresAt = ms === null ? null : new Date(now.getTime() + ms);
  }
  if (controls.password !== undefined) changes.passwordHash = controls.password === null ? null : await hashLinkPassword(controls.password);
  if (controls.view_cap !== undefined) changes.viewCap = controls.view_cap;
  // Lifting the lock, or a new password (the guessed one is gone), starts the count again.
  if (controls.lift_lock || controls.password !== undefined) Object.assign(changes, { lockedAt: null, wrongPasswords: 0, wrongPasswordsSince: null });
  if (Object.keys(changes).length === 0) return presentSettings(db, link, now);
  const [saved] = await db.update(publicLinks).set(changes).where(eq(publicLinks.tokenHash, link.tokenHash)).returning(GATE_COLUMNS);
  return presentSettings(db, saved ?? { ...link, ...changes }, now);
}

/**
 * The controls of a conversation's share (/chat/share/{id}): its row in public_links, keyed by
 * `shareSessionId`, with no public address (its `tokenHash` is a random id, never a token's
 * hash, so no token opens it). Made on the share's first read or setting, deleted when the share
 * ends (endShareGate): sharing again starts without controls, as a new public link does.
 */
export async function shareGateOf(db: Executor, sessionId: number): Promise<GatedLink> {
  const find = () => db.select(GATE_COLUMNS).from(publicLinks).where(eq(publicLinks.shareSessionId, sessionId)).limit(1);
  const [found] = await find();
  if (found) return found;
  await db
    .insert(publicLinks)
    .values({ tokenHash: randomBytes(32).toString("hex"), shareSessionId: sessionId })
    .onConflictDoNothing({ target: publicLinks.shareSessionId });
  const [made] = await find();
  // Only a share ended at this very moment leaves no row.
  if (!made) throw new AppError("NOT_FOUND", LINK_MESSAGES.notShared);
  return made;
}

/** Forgets a share's controls and views (the share ended). */
export async function endShareGate(db: Executor, sessionId: number): Promise<void> {
  await db.delete(publicLinks).where(eq(publicLinks.shareSessionId, sessionId));
}
