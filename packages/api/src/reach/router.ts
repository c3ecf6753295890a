import { archiveInputs, IMPORT_LIMITS, publicLinkInputs } from "@parley/contracts";
import { loadUser, loadViewer, protectedProcedure, publicProcedure, rateLimit, router } from "../kit/trpc";
import type { Context } from "../kit/context";
import { AppError } from "../kit/errors";
import { RateLimitError } from "../kit/rate-limits";
import { readerOf, unlockLink } from "../kit/link-controls";
import { unlockShare } from "../conversation/chat/share-gate";
import { getLinkSettings, listSharedLinks, refreshShare, revokeAllLinks, revokeLink, setLinkSettings } from "./shared-links";
import { getImportProgress, importConversations } from "./import-store";
import { tooLarge } from "./import-formats";
import { getPostLinkStatus, getPublicPost, getPublicSession, getPublicSessionShare, getSessionLinkStatus, linkByToken, PUBLIC_LINK_NOT_FOUND, setPostLink, setSessionLink } from "./public-links";
import { getPublicPrompt } from "./public-prompt";
import { renderTranscript } from "./transcript";
import { getPostTranscript, getSessionTranscript } from "./transcripts";
import { checkedTranscript } from "./privacy-scan";
import { redactPostForLink } from "../community/post/post-privacy";
import { redactSharedConversation } from "../conversation/chat/share-privacy";

/** Downloads and imports of conversations (Markdown and JSON out; ChatGPT and Claude exports in). */
export const archiveRouter = router({
  /** The caller's conversation as a file (the branch the chat screen shows). */
  exportSession: protectedProcedure.meta({ rest: { method: "GET", path: "/chat/export/:sessionId", summary: "Download one of the caller's conversations as Markdown or JSON", download: true } })
    .input(archiveInputs.exportSession)
    .use(rateLimit("export"))
    .use(loadUser)
    .query(async ({ ctx, input }) => renderTranscript(await checkedTranscript(ctx.db, ctx.user, await getSessionTranscript(ctx.db, ctx.user.id, input.sessionId, false), input), input.format, ctx.now())),
  /** Any post the caller can see, as a file. */
  exportPost: protectedProcedure.meta({ rest: { method: "GET", path: "/post/export/:postId", summary: "Download a post as Markdown or JSON", download: true } })
    .input(archiveInputs.exportPost)
    .use(rateLimit("export"))
    .use(loadUser)
    .query(async ({ ctx, input }) => renderTranscript(await getPostTranscript(ctx.db, ctx.user.id, input.postId), input.format, ctx.now())),
  /** A ChatGPT or Claude conversations.json, as its text, becomes conversations of the caller. */
  import: protectedProcedure.meta({ rest: { method: "POST", path: "/chat/import", summary: "Import a ChatGPT or Claude conversations.json as the caller's conversations (the file as text/plain, the export's array, or { file, jobId })", description: "Send a jobId (a UUID you pick; in the query with a text/plain file or the array) to follow the import's progress at GET /chat/import/{jobId} while it runs." } })
    .input(archiveInputs.import)
    .use(rateLimit("post"))
    .use(loadUser)
    .mutation(async ({ ctx, input }) => {
      if (input.file.length > IMPORT_LIMITS.bytes) throw tooLarge();
      return importConversations(ctx.db, ctx.user.id, input.file, { jobId: input.jobId, quotaBytes: ctx.storageQuotaBytes, now: ctx.now() });
    }),
  /** How far one of the caller's imports got (while it runs, and after). */
  importProgress: protectedProcedure.meta({ rest: { method: "GET", path: "/chat/import/:jobId", summary: "How far one of the caller's imports got: the import id is the one sent as jobId (query or body), or the job_id of its answer" } })
    .input(archiveInputs.importProgress)
    .use(loadUser)
    .query(async ({ ctx, input }) => getImportProgress(ctx.db, ctx.user.id, input.jobId)),
});

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

/** 'Anyone with the link' addresses of posts and shared conversations, and reading through them. */
export const publicLinkRouter = router({
  postStatus: protectedProcedure.meta({ rest: { method: "GET", path: "/post/publicLink/:postId", summary: "Whether one of the caller's posts has an 'anyone with the link' address" } }).input(publicLinkInputs.postStatus).use(loadUser).query(async ({ ctx, input }) => getPostLinkStatus(ctx.db, ctx.keys, ctx.user.id, input.postId)),
  setPost: protectedProcedure.meta({ rest: { method: "POST", path: "/post/publicLink/:postId", summary: "Turn a post's public link on or off (listed: may search engines index it)" } })
    .input(publicLinkInputs.setPost)
    .use(rateLimit("share"))
    .use(loadUser)
    .mutation(async ({ ctx, input }) => {
      if (input.enabled) await redactPostForLink(ctx.db, ctx.user, input.postId, input, ctx.now());
      return setPostLink(ctx.db, ctx.keys, ctx.user.id, input.postId, input);
    }),
  sessionStatus: protectedProcedure.meta({ rest: { method: "GET", path: "/chat/publicLink/:sessionId", summary: "Whether one of the caller's shared conversations has a public link" } })
    .input(publicLinkInputs.sessionStatus)
    .use(loadUser)
    .query(async ({ ctx, input }) => getSessionLinkStatus(ctx.db, ctx.keys, ctx.user.id, input.sessionId)),
  setSession: protectedProcedure.meta({ rest: { method: "POST", path: "/chat/publicLink/:sessionId", summary: "Turn a shared conversation's public link on or off" } })
    .input(publicLinkInputs.setSession)
    .use(rateLimit("share"))
    .use(loadUser)
    .mutation(async ({ ctx, input }) => {
      if (input.enabled) await redactSharedConversation(ctx.db, ctx.user, input.sessionId, input, "link");
      return setSessionLink(ctx.db, ctx.keys, ctx.user.id, input.sessionId, input, ctx.now());
    }),
  /** A public post, readable without signing in. */
  post: publicProcedure.meta({ rest: { method: "GET", path: "/public/post/:token", summary: "A public post through its link" } }).input(publicLinkInputs.post).query(async ({ ctx, input }) => getPublicPost(ctx.db, input.token, await publicReaderOf(ctx))),
  /** A public conversation, readable without signing in. */
  session: publicProcedure.meta({ rest: { method: "GET", path: "/public/chat/:token", summary: "A public conversation through its link" } }).input(publicLinkInputs.session).query(async ({ ctx, input }) => getPublicSession(ctx.db, input.token, await publicReaderOf(ctx))),
  /** For a signed-in reader of a public conversation (set up or not yet): the share to continue from and clone. */
  sessionShare: protectedProcedure.meta({ rest: { method: "GET", path: "/public/chat/:token/share", summary: "The shared conversation behind a public link, for a signed-in reader to open and clone" } }).input(publicLinkInputs.sessionShare).query(async ({ ctx, input }) => getPublicSessionShare(ctx.db, input.token, await publicReaderOf(ctx))),
  /** A published prompt through its public link (/pp/{token}), readable without signing in. */
  prompt: publicProcedure.meta({ rest: { method: "GET", path: "/public/prompt/:token", summary: "A published prompt through its public link" } }).input(publicLinkInputs.prompt).query(async ({ ctx, input }) => getPublicPrompt(ctx.db, input.token, await publicReaderOf(ctx))),
  /** Opens a password-protected link for this browser session (a signed session cookie for that link). */
  unlock: publicProcedure.meta({ rest: { method: "POST", path: "/public/unlock/:token", summary: "Enter a public link's password: the browser session may read it from then on (a session cookie)", description: "Five tries per link and client address every 15 minutes; more answer 429. Twenty wrong ones from all addresses in 15 minutes lock the link (429, no password checked) until its owner lifts the lock." } })
    .input(publicLinkInputs.unlock)
    .mutation(async ({ ctx, input }) => {
      const link = await linkByToken(ctx.db, input.token);
      if (!link) throw new AppError("NOT_FOUND", PUBLIC_LINK_NOT_FOUND);
      return unlockLink(ctx.db, { ...readerOf(ctx), visitor: ctx.visitor }, link, input.password, unlockTries(ctx, link.tokenHash));
    }),
  /** Opens a password-protected share (/chat/share/{id}) for this browser session. */
  unlockShare: protectedProcedure.meta({ rest: { method: "POST", path: "/links/share/:sessionId/unlock", summary: "Enter a shared conversation's password: the browser session may read the share from then on (a session cookie)", description: "Five tries per share and client address every 15 minutes; more answer 429. Twenty wrong ones from all addresses in 15 minutes lock the share (429) until its owner lifts the lock." } })
    .input(publicLinkInputs.unlockShare)
    .use(loadViewer)
    .mutation(async ({ ctx, input }) => unlockShare(ctx.db, { ...readerOf(ctx, ctx.user.id), visitor: ctx.visitor }, ctx.user.id, input.sessionId, input.password, (gateId) => unlockTries(ctx, gateId)())),
  /** The controls and views of one of the caller's public links. */
  settings: protectedProcedure.meta({ rest: { method: "GET", path: "/links/:kind/:id", summary: "The expiry, password, view cap and views of one of the caller's links (kind: post, conversation, prompt or share)" } })
    .input(publicLinkInputs.settings)
    .use(loadUser)
    .query(async ({ ctx, input }) => getLinkSettings(ctx.db, ctx.user.id, input.kind, input.id, ctx.now())),
  configure: protectedProcedure.meta({ rest: { method: "POST", path: "/links/:kind/:id", summary: "Set a link's (a public link's or a share's) expiry (1d, 7d, 30d, never: from now), password (null removes it) and view cap (null: none)" } })
    .input(publicLinkInputs.configure)
    .use(rateLimit("share"))
    .use(loadUser)
    .mutation(async ({ ctx, input }) => setLinkSettings(ctx.db, ctx.user.id, input.kind, input.id, input, ctx.now())),
  /** Every link the caller has made (the Shared links page). */
  mine: protectedProcedure.meta({ rest: { method: "GET", path: "/links", summary: "Every link the caller has made: public links of posts, conversations and prompts, and shares, with their state and views" } })
    .use(loadUser)
    .query(async ({ ctx }) => listSharedLinks(ctx.db, ctx.keys, ctx.user.id, ctx.now())),
  revoke: protectedProcedure.meta({ rest: { method: "POST", path: "/links/revoke/:kind/:id", summary: "Turn one of the caller's links off (kind: post, conversation, prompt or share)" } })
    .input(publicLinkInputs.revoke)
    .use(rateLimit("share"))
    .use(loadUser)
    .mutation(async ({ ctx, input }) => revokeLink(ctx.db, ctx.user.id, input.kind, input.id, ctx.now())),
  revokeAll: protectedProcedure.meta({ rest: { method: "POST", path: "/links/revokeAll", summary: "Turn every link of the caller off ({ confirm: true }): public links deleted, shares ended" } })
    .input(publicLinkInputs.revokeAll)
    .use(rateLimit("share"))
    .use(loadUser)
    .mutation(async ({ ctx }) => revokeAllLinks(ctx.db, ctx.user.id)),
  refreshShare: protectedProcedure.meta({
    rest: {
      method: "POST",
      path: "/links/share/:sessionId/refresh",
      summary: "Take a shared conversation's snapshot again, from the conversation as it is now",
      description: "Passes the privacy check as sharing does: run it with target share_refresh and send its text_hash as privacy_hash, with the ids of the findings to redact as redact.",
    },
  })
    .input(publicLinkInputs.refreshShare)
    .use(rateLimit("share"))
    .use(loadUser)
    .mutation(async ({ ctx, input }) => refreshShare(ctx.db, ctx.user, input.sessionId, input, ctx.now())),
});
