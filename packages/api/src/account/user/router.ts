import { ACCESS_TOKEN_MESSAGES, LIMITS, userInputs } from "@parley/contracts";
import { AppError } from "../../kit/errors";
import { loadUser, protectedProcedure, rateLimit, router } from "../../kit/trpc";
import { createAccessToken, listAccessTokens, revokeAccessToken } from "./access-tokens";
import { setupAccount } from "./account-setup";
import { requestVerificationLink, verificationOf } from "./email-verification";
import { requireUser } from "./require-user";
import { getUserSettings, updateUserSettings } from "./settings";

/** Procedures of the user domain: account setup and the caller's own settings. */
export const userRouter = router({
  setup: protectedProcedure.meta({ rest: { method: "POST", path: "/user/addUser", summary: "Set up the caller's account from the identity profile (runs once; repeats are harmless)" } }).input(userInputs.setup).mutation(({ ctx, input }) =>
    setupAccount(ctx.db, ctx.auth, clip(input?.user ?? {})),
  ),
  settings: protectedProcedure.meta({ rest: { method: "GET", path: "/user/usersettings", summary: "The caller's settings: email, nickname and provider keys (masked)" } }).use(loadUser).query(async ({ ctx }) => getUserSettings(ctx.db, ctx.user, ctx.auth)),
  updateSettings: protectedProcedure.meta({ rest: { method: "POST", path: "/user/updateUserApiKeys", summary: "Save provider keys and the nickname; an empty key keeps the stored one" } }).input(userInputs.updateSettings).use(loadUser).mutation(async ({ ctx, input }) => {
    await updateUserSettings(ctx.db, ctx.keys, ctx.user, input);
    // The account as the update left it.
    return getUserSettings(ctx.db, await requireUser(ctx), ctx.auth);
  }),
  verification: protectedProcedure.meta({ rest: { method: "GET", path: "/user/verification", summary: "How the caller's e-mail address is verified: a link from the embedded sign-in, or the identity provider's own way" } }).use(loadUser).query(({ ctx }) => verificationOf(ctx, ctx.user)),
  requestVerification: protectedProcedure
    .meta({ rest: { method: "POST", path: "/user/verification", summary: "Ask for a new link that verifies the caller's address (the embedded sign-in writes it to the server's log for its operator)" } })
    .input(userInputs.requestVerification)
    .use(rateLimit("verify"))
    .use(loadUser)
    .mutation(({ ctx }) => requestVerificationLink(ctx, ctx.auth, ctx.user)),
  // Personal access tokens. Making one needs a real sign-in, so a leaked token cannot mint
  // more; listing and revoking work with a token too (revoking only ever takes access away).
  createToken: protectedProcedure.meta({ rest: { method: "POST", path: "/user/tokens", summary: "Create a personal access token; the answer shows its secret once. Needs a sign-in, not a token" } }).input(userInputs.createToken).use(loadUser).mutation(async ({ ctx, input }) => {
    if (ctx.auth.accessTokenId) throw new AppError("FORBIDDEN", ACCESS_TOKEN_MESSAGES.signInToCreate);
    return createAccessToken(ctx.db, ctx.user, input, ctx.now());
  }),
  tokens: protectedProcedure.meta({ rest: { method: "GET", path: "/user/tokens", summary: "List the caller's personal access tokens (never their secrets)" } }).use(loadUser).query(async ({ ctx }) => listAccessTokens(ctx.db, ctx.user)),
  revokeToken: protectedProcedure.meta({ rest: { method: "DELETE", path: "/user/tokens/:id", summary: "Revoke one of the caller's personal access tokens" } }).input(userInputs.revokeToken).use(loadUser).mutation(async ({ ctx, input }) => revokeAccessToken(ctx.db, ctx.user, input.id)),
});

/** Provider profiles can carry long names; the stored nickname keeps the app's limit. */
function clip<T extends { nickname?: string }>(profile: T): T {
  return profile.nickname === undefined ? profile : { ...profile, nickname: profile.nickname.slice(0, LIMITS.nickname) };
}
