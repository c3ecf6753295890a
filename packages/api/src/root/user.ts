import type { TRPCRouterRecord } from "@trpc/server";
import { userInputs, userOutputs } from "@parley/contracts";
import { answer } from "../kit/answers";
import { loadUser, protectedProcedure, rateLimit } from "../kit/trpc";
import { createAccessTokenSignedIn, listAccessTokens, revokeAccessToken } from "../account/user/access-tokens";
import { setupAccount } from "../account/user/account-setup";
import { requestVerificationLink, verificationOf } from "../account/user/email-verification";
import { changeUserSettings, getUserSettings } from "../account/user/settings";

/** The `user` namespace: account setup, the caller's own settings, verification and personal access tokens. */
export const user = {
  setup: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/user/addUser",
        summary: "Set up the caller's account from the identity profile (runs once; repeats are harmless)",
      },
    })
    .input(userInputs.setup)
    .output(answer(userOutputs.setup))
    .mutation(({ ctx, input }) => setupAccount(ctx.db, ctx.auth, input?.user ?? {})),
  settings: protectedProcedure
    .meta({ rest: { method: "GET", path: "/user/usersettings", summary: "The caller's settings: email, nickname and provider keys (masked)" } })
    .output(answer(userOutputs.settings))
    .use(loadUser)
    .query(({ ctx }) => getUserSettings(ctx.db, ctx.user, ctx.auth)),
  updateSettings: protectedProcedure
    .meta({ rest: { method: "POST", path: "/user/updateUserApiKeys", summary: "Save provider keys and the nickname; an empty key keeps the stored one" } })
    .input(userInputs.updateSettings)
    .output(answer(userOutputs.updateSettings))
    .use(loadUser)
    .mutation(({ ctx, input }) => changeUserSettings(ctx.db, ctx.keys, ctx.user, ctx.auth, input)),
  verification: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/user/verification",
        summary: "How the caller's e-mail address is verified: a link from the embedded sign-in, or the identity provider's own way",
      },
    })
    .output(answer(userOutputs.verification))
    .use(loadUser)
    .query(({ ctx }) => verificationOf(ctx, ctx.user)),
  requestVerification: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/user/verification",
        summary: "Ask for a new link that verifies the caller's address (the embedded sign-in writes it to the server's log for its operator)",
      },
    })
    .input(userInputs.requestVerification)
    .output(answer(userOutputs.requestVerification))
    .use(rateLimit("verify"))
    .use(loadUser)
    .mutation(({ ctx }) => requestVerificationLink(ctx, ctx.auth, ctx.user)),
  // Personal access tokens. Making one needs a real sign-in, so a leaked token cannot mint
  // more; listing and revoking work with a token too (revoking only ever takes access away).
  createToken: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/user/tokens",
        summary: "Create a personal access token; the answer shows its secret once. Needs a sign-in, not a token",
      },
    })
    .input(userInputs.createToken)
    .output(answer(userOutputs.createToken))
    .use(loadUser)
    .mutation(({ ctx, input }) => createAccessTokenSignedIn(ctx.db, ctx.auth, ctx.user, input, ctx.now())),
  tokens: protectedProcedure
    .meta({ rest: { method: "GET", path: "/user/tokens", summary: "List the caller's personal access tokens (never their secrets)" } })
    .output(answer(userOutputs.tokens))
    .use(loadUser)
    .query(({ ctx }) => listAccessTokens(ctx.db, ctx.user)),
  revokeToken: protectedProcedure
    .meta({ rest: { method: "DELETE", path: "/user/tokens/:id", summary: "Revoke one of the caller's personal access tokens" } })
    .input(userInputs.revokeToken)
    .output(answer(userOutputs.revokeToken))
    .use(loadUser)
    .mutation(({ ctx, input }) => revokeAccessToken(ctx.db, ctx.user, input.id)),
} satisfies TRPCRouterRecord;
