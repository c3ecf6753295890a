import type { TRPCRouterRecord } from "@trpc/server";
import { publicLinkInputs, publicLinkOutputs } from "@parley/contracts";
import { answer } from "../kit/answers";
import { loadUser, loadViewer, protectedProcedure, publicProcedure, rateLimit } from "../kit/trpc";
import { getPostLinkStatus, getSessionLinkStatus } from "../reach/public-links";
import {
  readPublicPost,
  readPublicPrompt,
  readPublicSession,
  readPublicSessionShare,
  setPostLinkChecked,
  setSessionLinkChecked,
  unlockPublicLink,
  unlockSharedConversation,
} from "../reach/public-reader";
import { getLinkSettings, listSharedLinks, refreshShare, revokeAllLinks, revokeLink, setLinkSettings } from "../reach/shared-links";

/** The `publicLink` namespace: 'anyone with the link' addresses of posts, conversations and prompts, their controls, and reading through them. */
export const publicLink = {
  postStatus: protectedProcedure
    .meta({ rest: { method: "GET", path: "/post/publicLink/:postId", summary: "Whether one of the caller's posts has an 'anyone with the link' address" } })
    .input(publicLinkInputs.postStatus)
    .output(answer(publicLinkOutputs.postStatus))
    .use(loadUser)
    .query(({ ctx, input }) => getPostLinkStatus(ctx.db, ctx.keys, ctx.user.id, input.postId)),
  setPost: protectedProcedure
    .meta({ rest: { method: "POST", path: "/post/publicLink/:postId", summary: "Turn a post's public link on or off (listed: may search engines index it)" } })
    .input(publicLinkInputs.setPost)
    .output(answer(publicLinkOutputs.setPost))
    .use(rateLimit("share"))
    .use(loadUser)
    .mutation(({ ctx, input }) => setPostLinkChecked(ctx, ctx.user, input.postId, input)),
  sessionStatus: protectedProcedure
    .meta({ rest: { method: "GET", path: "/chat/publicLink/:sessionId", summary: "Whether one of the caller's shared conversations has a public link" } })
    .input(publicLinkInputs.sessionStatus)
    .output(answer(publicLinkOutputs.sessionStatus))
    .use(loadUser)
    .query(({ ctx, input }) => getSessionLinkStatus(ctx.db, ctx.keys, ctx.user.id, input.sessionId)),
  setSession: protectedProcedure
    .meta({ rest: { method: "POST", path: "/chat/publicLink/:sessionId", summary: "Turn a shared conversation's public link on or off" } })
    .input(publicLinkInputs.setSession)
    .output(answer(publicLinkOutputs.setSession))
    .use(rateLimit("share"))
    .use(loadUser)
    .mutation(({ ctx, input }) => setSessionLinkChecked(ctx, ctx.user, input.sessionId, input)),
  /** A public post, readable without signing in. */
  post: publicProcedure
    .meta({ rest: { method: "GET", path: "/public/post/:token", summary: "A public post through its link" } })
    .input(publicLinkInputs.post)
    .output(answer(publicLinkOutputs.post))
    .query(({ ctx, input }) => readPublicPost(ctx, input.token)),
  /** A public conversation, readable without signing in. */
  session: publicProcedure
    .meta({ rest: { method: "GET", path: "/public/chat/:token", summary: "A public conversation through its link" } })
    .input(publicLinkInputs.session)
    .output(answer(publicLinkOutputs.session))
    .query(({ ctx, input }) => readPublicSession(ctx, input.token)),
  /** For a signed-in reader of a public conversation (set up or not yet): the share to continue from and clone. */
  sessionShare: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/public/chat/:token/share",
        summary: "The shared conversation behind a public link, for a signed-in reader to open and clone",
      },
    })
    .input(publicLinkInputs.sessionShare)
    .output(answer(publicLinkOutputs.sessionShare))
    .query(({ ctx, input }) => readPublicSessionShare(ctx, input.token)),
  /** A published prompt through its public link (/pp/{token}), readable without signing in. */
  prompt: publicProcedure
    .meta({ rest: { method: "GET", path: "/public/prompt/:token", summary: "A published prompt through its public link" } })
    .input(publicLinkInputs.prompt)
    .output(answer(publicLinkOutputs.prompt))
    .query(({ ctx, input }) => readPublicPrompt(ctx, input.token)),
  /** Opens a password-protected link for this browser session (a signed session cookie for that link). */
  unlock: publicProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/public/unlock/:token",
        summary: "Enter a public link's password: the browser session may read it from then on (a session cookie)",
        description:
          "Five tries per link and client address every 15 minutes; more answer 429. Twenty wrong ones from all addresses in 15 minutes lock the " +
          "link (429, no password checked) until its owner lifts the lock.",
      },
    })
    .input(publicLinkInputs.unlock)
    .output(answer(publicLinkOutputs.unlock))
    .mutation(({ ctx, input }) => unlockPublicLink(ctx, input.token, input.password)),
  /** Opens a password-protected share (/chat/share/{id}) for this browser session. */
  unlockShare: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/links/share/:sessionId/unlock",
        summary: "Enter a shared conversation's password: the browser session may read the share from then on (a session cookie)",
        description:
          "Five tries per share and client address every 15 minutes; more answer 429. Twenty wrong ones from all addresses in 15 minutes lock the " +
          "share (429) until its owner lifts the lock.",
      },
    })
    .input(publicLinkInputs.unlockShare)
    .output(answer(publicLinkOutputs.unlockShare))
    .use(loadViewer)
    .mutation(({ ctx, input }) => unlockSharedConversation(ctx, ctx.user.id, input.sessionId, input.password)),
  /** The controls and views of one of the caller's public links. */
  settings: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/links/:kind/:id",
        summary: "The expiry, password, view cap and views of one of the caller's links (kind: post, conversation, prompt or share)",
      },
    })
    .input(publicLinkInputs.settings)
    .output(answer(publicLinkOutputs.settings))
    .use(loadUser)
    .query(({ ctx, input }) => getLinkSettings(ctx.db, ctx.user.id, input.kind, input.id, ctx.now())),
  configure: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/links/:kind/:id",
        summary: "Set a link's (a public link's or a share's) expiry (1d, 7d, 30d, never: from now), password (null removes it) and view cap (null: none)",
      },
    })
    .input(publicLinkInputs.configure)
    .output(answer(publicLinkOutputs.configure))
    .use(rateLimit("share"))
    .use(loadUser)
    .mutation(({ ctx, input }) => setLinkSettings(ctx.db, ctx.user.id, input.kind, input.id, input, ctx.now())),
  /** Every link the caller has made (the Shared links page). */
  mine: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/links",
        summary: "Every link the caller has made: public links of posts, conversations and prompts, and shares, with their state and views",
      },
    })
    .output(answer(publicLinkOutputs.mine))
    .use(loadUser)
    .query(({ ctx }) => listSharedLinks(ctx.db, ctx.keys, ctx.user.id, ctx.now())),
  revoke: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/links/revoke/:kind/:id",
        summary: "Turn one of the caller's links off (kind: post, conversation, prompt or share)",
      },
    })
    .input(publicLinkInputs.revoke)
    .output(answer(publicLinkOutputs.revoke))
    .use(rateLimit("share"))
    .use(loadUser)
    .mutation(({ ctx, input }) => revokeLink(ctx.db, ctx.user.id, input.kind, input.id, ctx.now())),
  revokeAll: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/links/revokeAll",
        summary: "Turn every link of the caller off ({ confirm: true }): public links deleted, shares ended",
      },
    })
    .input(publicLinkInputs.revokeAll)
    .output(answer(publicLinkOutputs.revokeAll))
    .use(rateLimit("share"))
    .use(loadUser)
    .mutation(({ ctx }) => revokeAllLinks(ctx.db, ctx.user.id)),
  refreshShare: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/links/share/:sessionId/refresh",
        summary: "Take a shared conversation's snapshot again, from the conversation as it is now",
        description:
          "Passes the privacy check as sharing does: run it with target share_refresh and send its text_hash as privacy_hash, with the ids of the " +
          "findings to redact as redact.",
      },
    })
    .input(publicLinkInputs.refreshShare)
    .output(answer(publicLinkOutputs.refreshShare))
    .use(rateLimit("share"))
    .use(loadUser)
    .mutation(({ ctx, input }) => refreshShare(ctx.db, ctx.user, input.sessionId, input, ctx.now())),
} satisfies TRPCRouterRecord;
