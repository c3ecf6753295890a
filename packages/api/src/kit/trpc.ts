import { initTRPC, TRPCError } from "@trpc/server";
import { ACCESS_TOKEN_MESSAGES, MESSAGES } from "@parley/contracts";
import { isDatabaseUnavailable } from "@parley/db";
import { AppError, toPublicError, toTRPCError } from "./errors";
import type { Context } from "./context";
import type { ProcedureMeta } from "./rest";
import { RateLimitError, type RateLimitedAction } from "./rate-limits";
import { isAdminIdentity } from "./admin-rule";

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // People read `message`; internals (stack, SQL, causes) never leave the server.
    errorFormatter({ shape, error }) {
      // The status REST answers with (a 410 has no tRPC code of its own), which tRPC's answer takes too.
      const { message, status } = toPublicError(error);
      return { message, code: shape.code, data: { code: shape.data.code, httpStatus: status } };
    },
  });

/** Translates domain errors (AppError) and an unreachable database into tRPC errors at the edge, once. */
const errorTranslation = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && (result.error.cause instanceof AppError || isDatabaseUnavailable(result.error.cause))) {
    throw toTRPCError(result.error.cause);
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/** Open to anyone. Each builder names who may call it in its meta (`access`), for the REST documentation. */
export const publicProcedure = t.procedure.use(errorTranslation).meta({ access: "public" });

/** A read-only personal access token reaches queries only: every other call (so every REST write) is refused. */
function refuseReadOnlyWrite(auth: Context["auth"], type: string) {
  if (auth?.readOnly && type !== "query") throw new AppError("FORBIDDEN", ACCESS_TOKEN_MESSAGES.readOnly);
}

/** Needs a verified access token; `ctx.auth` is non-null inside. */
export const protectedProcedure = publicProcedure
  .use(({ ctx, next, type }) => {
    if (!ctx.auth) throw new AppError("UNAUTHORIZED", MESSAGES.signInRequired);
    refuseReadOnlyWrite(ctx.auth, type);
    return next({ ctx: { ...ctx, auth: ctx.auth } });
  })
  .meta({ access: "signed-in" });

/**
 * For procedures on the caller's own data: `ctx.user` is the caller's account row, loaded once.
 * Used after `.input()`, so bad input is refused before anything is read. A signed-in caller
 * whose account setup has not run gets NOT_FOUND with a clear message.
 */
export const loadUser = t.middleware(async ({ ctx, next }) => {
  if (!ctx.auth) throw new AppError("UNAUTHORIZED", MESSAGES.signInRequired);
  const user = await ctx.accounts.load({ db: ctx.db, auth: ctx.auth }, ctx.now());
  return next({ ctx: { ...ctx, auth: ctx.auth, user } });
});

/**
 * For reads of the caller's own view that need only the account id (feeds, search, a post, a
 * conversation): `ctx.user` is `{ id }`, remembered per process once known (requireViewer), so
 * the read is one query. Changes use loadUser, which reads the account afresh.
 */
export const loadViewer = t.middleware(async ({ ctx, next }) => {
  if (!ctx.auth) throw new AppError("UNAUTHORIZED", MESSAGES.signInRequired);
  const user = await ctx.accounts.viewer({ db: ctx.db, auth: ctx.auth }, ctx.now());
  return next({ ctx: { ...ctx, auth: ctx.auth, user } });
});

/**
 * Marks the 404 of an admin path asked by someone who is not an admin, so the REST adapter can
 * answer it exactly as it answers a path that does not exist.
 */
export class UnlistedPathError extends Error {
  constructor() {
    super("not an admin");
    this.name = "UnlistedPathError";
  }
}

/**
 * For admins only. Anyone else (signed out included) is told what tRPC tells about a procedure
 * that does not exist, before the input is even read: nothing says that admin paths exist.
 */
export const adminProcedure = publicProcedure
  .use(async ({ ctx, next, path, type }) => {
    if (!ctx.auth || !(await isAdminIdentity(ctx.auth, ctx.admins))) {
      throw new TRPCError({ code: "NOT_FOUND", message: `No procedure found on path "${path}"`, cause: new UnlistedPathError() });
    }
    refuseReadOnlyWrite(ctx.auth, type);
    return next({ ctx: { ...ctx, auth: ctx.auth } });
  })
  .meta({ access: "admin" });

/** Whether the caller is an admin (for reads that show admins more, such as a hidden post). */
export const callerIsAdmin = (ctx: Pick<Context, "auth" | "admins">) => isAdminIdentity(ctx.auth, ctx.admins);

/**
 * Counts the caller's `action` against its rule (ctx.limiter) and refuses it beyond the limit.
 * Used after `.input()`, so only valid requests count; `counts` narrows it to some calls.
 */
export const rateLimit = (action: RateLimitedAction, counts?: (input: unknown) => boolean) =>
  t.middleware(async ({ ctx, input, next }) => {
    if (ctx.auth && (counts === undefined || counts(input))) {
      const { allowed, retryAfterSeconds } = await ctx.limiter.hit(action, `${ctx.auth.issuer} ${ctx.auth.subject}`);
      if (!allowed) throw new RateLimitError(action, Math.max(1, retryAfterSeconds));
    }
    return next();
  });

/**
 * A new search (words typed, `q`, and no `cursor`) counts against the `search` limit, wherever
 * it is asked (posts, one's conversations, Discover's prompts); its further pages do not, nor does
 * a list read without words.
 */
export const isNewSearch = (input: unknown) => {
  const { q, cursor } = (input ?? {}) as { q?: unknown; cursor?: unknown };
  return !cursor && typeof q === "string" && q !== "";
};
