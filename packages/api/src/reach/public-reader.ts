import type { Context } from "../kit/context";
import { AppError } from "../kit/errors";
import { readerOf, unlockLink } from "../account/sharing/link-controls";
import type { PrivacyChoice, PrivacyPerson } from "../account/sharing/privacy-check";
import { RateLimitError } from "../kit/rate-limits";
import { unlockShare } from "../conversation/chat/share-gate";
import { redactSharedConversation } from "../conversation/chat/share-privacy";
import { redactPostForLink } from "../community/post/post-privacy";
import { getPublicPost, getPublicSession, getPublicSessionShare, linkByToken, PUBLIC_LINK_NOT_FOUND, setPostLink, setSessionLink } from "./public-links";
import { getPublicPrompt } from "./public-prompt";

/**
 * The reader of a public link: this request's browser (its unlocks and view cookie), now, and
 * the account signed in, if any (a link's owner is not counted among its viewers). An account
 * not set up yet is read as anonymous.
 */
async function publicReaderOf(ctx: Context) {
  const viewer = ctx.auth ? await ctx.accounts.viewer({ db: ctx.db, auth: ctx.auth }, ctx.now()).catch(() => null) : null;
  return readerOf(ctx, viewer?.id ?? null);
}

/** Five password tries per link (or share) and client address in the window (the limiter's "unlock" rule). */
const unlockTries = (ctx: Context, gateId: string) => async () => {
  const { allowed, retryAfterSeconds } = await ctx.limiter.hit("unlock", `link:${gateId}:${ctx.visitor.address}`);
  if (!allowed) throw new RateLimitError("unlock", Math.max(1, retryAfterSeconds));
};

/** A public post through its link, readable without signing in. */
export async function readPublicPost(ctx: Context, token: string) {
  return getPublicPost(ctx.db, token, await publicReaderOf(ctx));
}

/** A public conversation through its link, readable without signing in. */
export async function readPublicSession(ctx: Context, token: string) {
  return getPublicSession(ctx.db, token, await publicReaderOf(ctx));
}

/** For a signed-in reader of a public conversation (set up or not yet): the share to continue from and clone. */
export async function readPublicSessionShare(ctx: Context, token: string) {
  return getPublicSessionShare(ctx.db, token, await publicReaderOf(ctx));
}

/** A published prompt through its public link (/pp/{token}), readable without signing in. */
export async function readPublicPrompt(ctx: Context, token: string) {
  return getPublicPrompt(ctx.db, token, await publicReaderOf(ctx));
}

/** Opens a password-protected link for this browser session (a signed session cookie for that link). */
export async function unlockPublicLink(ctx: Context, token: string, password: string) {
  const link = await linkByToken(ctx.db, token);
  if (!link) throw new AppError("NOT_FOUND", PUBLIC_LINK_NOT_FOUND);
  return unlockLink(ctx.db, { ...readerOf(ctx), visitor: ctx.visitor }, link, password, unlockTries(ctx, link.tokenHash));
}

/** Opens a password-protected share (/chat/share/{id}) for this browser session. */
export async function unlockSharedConversation(ctx: Context, userId: string, sessionId: number, password: string) {
  return unlockShare(ctx.db, { ...readerOf(ctx, userId), visitor: ctx.visitor }, userId, sessionId, password, (gateId) => unlockTries(ctx, gateId)());
}

type Owner = PrivacyPerson & { id: string };

/** Turns a post's public link on (through the privacy check, as anything leaving) or off. */
export async function setPostLinkChecked(ctx: Context, user: Owner, postId: number, input: PrivacyChoice & { enabled: boolean; listed?: boolean }) {
  if (input.enabled) await redactPostForLink(ctx.db, user, postId, input, ctx.now());
  return setPostLink(ctx.db, ctx.keys, user.id, postId, input);
}

/** Turns a shared conversation's public link on (through the privacy check) or off. */
export async function setSessionLinkChecked(ctx: Context, user: Owner, sessionId: number, input: PrivacyChoice & { enabled: boolean }) {
  if (input.enabled) await redactSharedConversation(ctx.db, user, sessionId, input, "link");
  return setSessionLink(ctx.db, ctx.keys, user.id, sessionId, input, ctx.now());
}
