import { chatInputs, DISCOVERY_LIMITS } from "@parley/contracts";
import { AppError } from "../../kit/errors";
import { readerOf } from "../../kit/link-controls";
import { isNewSearch, loadUser, loadViewer, protectedProcedure, rateLimit, router } from "../../kit/trpc";
import { switchBranch } from "./branches";
import { searchSessionsByUser } from "./search";
import { cloneSession } from "./clone";
import { compareProcedures } from "./compare/router";
import { battleProcedures } from "./battle/router";
import { getSessionHistory } from "./history";
import { listChatOptions } from "./options";
import { startSend } from "./send";
import { parseMessage } from "./send-input";
import { promptUseOf, recordingPromptUse } from "../prompts/uses";
import { deleteSession, listSessionsByUser } from "./sessions";
import { shareSessionChecked } from "./share-privacy";

const EDIT_NEEDS_SESSION = "Editing or regenerating a message needs its conversation: send session_id with sibling_of_entry_id.";

/** Procedures of the chat domain. */
export const chatRouter = router({
  options: protectedProcedure.meta({ rest: { method: "GET", path: "/chat/getPromptsAndModels", summary: "The models and saved prompts the caller can use" } }).use(loadUser).query(async ({ ctx }) => listChatOptions(ctx, ctx.user)),
  search: protectedProcedure.meta({ rest: { method: "GET", path: "/chat/search", summary: "Search the caller's own conversations" } })
    .input(chatInputs.search)
    .use(rateLimit("search", isNewSearch))
    .use(loadViewer)
    .query(async ({ ctx, input }) => searchSessionsByUser(ctx.db, ctx.user.id, { ...input, limit: DISCOVERY_LIMITS.searchPageSize })),
  sessions: protectedProcedure.meta({ rest: { method: "GET", path: "/chat/getSessionHistory", summary: "The caller's conversations, newest first" } }).use(loadViewer).query(async ({ ctx }) => ({ sessions: await listSessionsByUser(ctx.db, ctx.user.id) })),
  history: protectedProcedure
    .input(chatInputs.history)
    .use(loadViewer)
    .query(async ({ ctx, input }) => getSessionHistory(ctx.db, ctx.user.id, input.sessionId, input.shared, readerOf(ctx, ctx.user.id))),
  /** Streams `SendEvent`s: over tRPC with the streaming link, over REST as JSON or SSE. */
  send: protectedProcedure.meta({ rest: { method: "POST", path: "/chat/postChat", summary: "Send a message (session_id 0 starts a conversation) and get the reply: JSON once complete, or Server-Sent Events with Accept: text/event-stream" } }).input(chatInputs.send).use(rateLimit("send")).mutation(async ({ ctx, input, signal }) => {
    const content = parseMessage(input.messages.at(-1));
    const siblingOf = input.sibling_of_entry_id ?? null;
    if (siblingOf !== null && input.session_id <= 0) throw new AppError("BAD_REQUEST", EDIT_NEEDS_SESSION);
    const events = await startSend(
      ctx,
      ctx.auth,
      { content, modelId: input.model_id, promptId: input.prompt_id, sessionId: Math.max(0, input.session_id), category: input.category ?? null, siblingOf },
      ctx.shutdown && signal ? AbortSignal.any([signal, ctx.shutdown]) : (signal ?? ctx.shutdown),
    );
    return recordingPromptUse(ctx.db, promptUseOf(input), events);
  }),
  clone: protectedProcedure.meta({ rest: { method: "POST", path: "/chat/cloneChat", summary: "Copy the caller's own or a shared conversation into a new one" } })
    .input(chatInputs.clone)
    .use(rateLimit("clone"))
    .use(loadUser)
    .mutation(async ({ ctx, input }) =>
      cloneSession(ctx.db, ctx.user.id, input.sessionId, { addCloneText: input.addCloneText, now: ctx.now(), reader: readerOf(ctx, ctx.user.id) }),
    ),
  /** Shows the branch through an exchange: the newest exchange below it becomes the active one. */
  switchBranch: protectedProcedure.meta({ rest: { method: "POST", path: "/chat/switchBranch", summary: "Show another branch of a conversation (edits and regenerations are sends with sibling_of_entry_id)" } })
    .input(chatInputs.switchBranch)
    .use(loadUser)
    .mutation(async ({ ctx, input }) => switchBranch(ctx.db, ctx.user.id, input.sessionId, input.entryId)),
  delete: protectedProcedure.meta({ rest: { method: "POST", path: "/chat/deleteChat/:id", summary: "Delete one of the caller's conversations" } })
    .input(chatInputs.delete)
    .use(loadUser)
    .mutation(async ({ ctx, input }) => deleteSession(ctx.db, ctx.user.id, input.id)),
  share: protectedProcedure.meta({ rest: [{ method: "POST", path: "/chat/shareChat/:id", summary: "Share a conversation read-only with signed-in people", sets: { shared: true } }, { method: "POST", path: "/chat/unshareChat/:id", summary: "Stop sharing a conversation", sets: { shared: false } }] })
    .input(chatInputs.share)
    .use(rateLimit("share"))
    .use(loadUser)
    .mutation(async ({ ctx, input }) => shareSessionChecked(ctx.db, ctx.user, input.id, input.shared, input, ctx.now())),
  ...compareProcedures(),
  ...battleProcedures(),
});
