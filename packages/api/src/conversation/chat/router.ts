import { chatInputs, DISCOVERY_LIMITS } from "@parley/contracts";
import { AppError } from "../../kit/errors";
import { isNewSearch, loadUser, loadViewer, protectedProcedure, rateLimit, router } from "../../kit/trpc";
import { switchBranch } from "./branches";
import { searchSessionsByUser } from "./search";
import { cloneSession } from "./clone";
import { compareProcedures } from "./compare/router";
import { getSessionHistory } from "./history";
import { listChatOptions } from "./options";
import { startSend } from "./send";
import { parseMessage } from "./send-input";
import { deleteSession, listSessionsByUser, setSessionShared } from "./sessions";

const EDIT_NEEDS_SESSION = "Editing or regenerating a message needs its conversation: send session_id with sibling_of_entry_id.";

/** Procedures of the chat domain. */
export const chatRouter = router({
  options: protectedProcedure.use(loadUser).query(async ({ ctx }) => listChatOptions(ctx, ctx.user)),
  search: protectedProcedure
    .input(chatInputs.search)
    .use(rateLimit("search", isNewSearch))
    .use(loadViewer)
    .query(async ({ ctx, input }) => searchSessionsByUser(ctx.db, ctx.user.id, { ...input, limit: DISCOVERY_LIMITS.searchPageSize })),
  sessions: protectedProcedure.use(loadViewer).query(async ({ ctx }) => ({ sessions: await listSessionsByUser(ctx.db, ctx.user.id) })),
  history: protectedProcedure
    .input(chatInputs.history)
    .use(loadViewer)
    .query(async ({ ctx, input }) => getSessionHistory(ctx.db, ctx.user.id, input.sessionId, input.shared)),
  /** Streams `SendEvent`s: over tRPC with the streaming link, over REST as JSON or SSE. */
  send: protectedProcedure.input(chatInputs.send).use(rateLimit("send")).mutation(async ({ ctx, input, signal }) => {
    const content = parseMessage(input.messages.at(-1));
    const siblingOf = input.sibling_of_entry_id ?? null;
    if (siblingOf !== null && input.session_id <= 0) throw new AppError("BAD_REQUEST", EDIT_NEEDS_SESSION);
    return startSend(
      ctx,
      ctx.auth,
      { content, modelId: input.model_id, promptId: input.prompt_id, sessionId: Math.max(0, input.session_id), category: input.category ?? null, siblingOf },
      ctx.shutdown && signal ? AbortSignal.any([signal, ctx.shutdown]) : (signal ?? ctx.shutdown),
    );
  }),
  clone: protectedProcedure
    .input(chatInputs.clone)
    .use(rateLimit("clone"))
    .use(loadUser)
    .mutation(async ({ ctx, input }) =>
      cloneSession(ctx.db, ctx.user.id, input.sessionId, { addCloneText: input.addCloneText, now: ctx.now() }),
    ),
  /** Shows the branch through an exchange: the newest exchange below it becomes the active one. */
  switchBranch: protectedProcedure
    .input(chatInputs.switchBranch)
    .use(loadUser)
    .mutation(async ({ ctx, input }) => switchBranch(ctx.db, ctx.user.id, input.sessionId, input.entryId)),
  delete: protectedProcedure
    .input(chatInputs.delete)
    .use(loadUser)
    .mutation(async ({ ctx, input }) => deleteSession(ctx.db, ctx.user.id, input.id)),
  share: protectedProcedure
    .input(chatInputs.share)
    .use(rateLimit("share"))
    .use(loadUser)
    .mutation(async ({ ctx, input }) => setSessionShared(ctx.db, ctx.user.id, input.id, input.shared, ctx.now())),
  ...compareProcedures(),
});
