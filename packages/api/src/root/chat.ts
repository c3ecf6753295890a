import type { TRPCRouterRecord } from "@trpc/server";
import { chatInputs, chatOutputs, DISCOVERY_LIMITS } from "@parley/contracts";
import { answer, eventStream } from "../kit/answers";
import { AppError } from "../kit/errors";
import { readerOf } from "../account/sharing/link-controls";
import { isNewSearch, loadUser, loadViewer, protectedProcedure, rateLimit } from "../kit/trpc";
import { switchBranch } from "../conversation/chat/branches";
import { cloneSession } from "../conversation/chat/clone";
import { getCompareColumns, pickWinner, stopCompareColumn } from "../conversation/chat/compare/columns";
import { getSessionHistory } from "../conversation/chat/history";
import { listChatOptions, usableModelIds } from "../conversation/chat/options";
import { searchSessionsByUser } from "../conversation/chat/search";
import { startExchange, type ExchangeInput } from "../conversation/chat/send";
import type { EventOf } from "../conversation/chat/send/events";
import { parseMessage } from "../conversation/chat/send-input";
import { deleteSession, listSessions } from "../conversation/chat/sessions";
import { shareSessionChecked } from "../conversation/chat/share-privacy";
import { promptUseOf } from "../conversation/prompts/uses";
import { clonePostIntoSession } from "../community/post/clone";
import { voteCountingOf } from "../community/post/votes";
import { decideBattleStanding, getBattleStanding } from "../community/verdicts/battle-standing";

/** A send's message, prompts and conversation, from any of the three send inputs. */
function exchangeInput(
  content: string,
  input: { prompt_id: number | null; promptId?: number | null; promptVersion?: number | null; session_id: number; category?: string | null },
): ExchangeInput {
  return { content, promptId: input.prompt_id, use: promptUseOf(input), sessionId: Math.max(0, input.session_id), category: input.category ?? null };
}

/** A send stops when its caller goes away, or when the server stops after its grace period. */
function sendSignal(ctx: { shutdown?: AbortSignal }, signal: AbortSignal | undefined): AbortSignal | undefined {
  return ctx.shutdown && signal ? AbortSignal.any([signal, ctx.shutdown]) : (signal ?? ctx.shutdown);
}

const EDIT_NEEDS_SESSION = "Editing or regenerating a message needs its conversation: send session_id with sibling_of_entry_id.";

/**
 * The `chat` namespace: the caller's conversations, sending (one model, a comparison, a blind
 * battle; each streams its events), and starting a conversation from a post.
 */
export const chat = {
  options: protectedProcedure
    .meta({ rest: { method: "GET", path: "/chat/getPromptsAndModels", summary: "The models and saved prompts the caller can use" } })
    .output(answer(chatOutputs.options))
    .use(loadUser)
    .query(({ ctx }) => listChatOptions(ctx, ctx.user)),
  search: protectedProcedure
    .meta({ rest: { method: "GET", path: "/chat/search", summary: "Search the caller's own conversations" } })
    .input(chatInputs.search)
    .output(answer(chatOutputs.search))
    .use(rateLimit("search", isNewSearch))
    .use(loadViewer)
    .query(({ ctx, input }) => searchSessionsByUser(ctx.db, ctx.user.id, { ...input, limit: DISCOVERY_LIMITS.searchPageSize })),
  sessions: protectedProcedure
    .meta({ rest: { method: "GET", path: "/chat/getSessionHistory", summary: "The caller's conversations, newest first" } })
    .output(answer(chatOutputs.sessions))
    .use(loadViewer)
    .query(({ ctx }) => listSessions(ctx.db, ctx.user.id)),
  history: protectedProcedure
    .input(chatInputs.history)
    .output(answer(chatOutputs.history))
    .use(loadViewer)
    .query(({ ctx, input }) => getSessionHistory(ctx.db, ctx.user.id, input.sessionId, input.shared, readerOf(ctx, ctx.user.id))),
  /** Streams a chat's events (`EventOf<"chat">`): over tRPC with the streaming link, over REST as JSON or SSE. */
  send: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/chat/postChat",
        summary:
          "Send a message (session_id 0 starts a conversation) and get the reply: JSON once complete, or Server-Sent Events with Accept: " +
          "text/event-stream",
      },
    })
    .input(chatInputs.send)
    .output(answer(eventStream<EventOf<"chat">>()))
    .use(rateLimit("send"))
    .mutation(({ ctx, input, signal }) => {
      const content = parseMessage(input.messages.at(-1));
      const siblingOf = input.sibling_of_entry_id ?? null;
      if (siblingOf !== null && input.session_id <= 0) throw new AppError("BAD_REQUEST", EDIT_NEEDS_SESSION);
      return startExchange(ctx, ctx.auth, { kind: "chat", modelId: input.model_id, siblingOf }, exchangeInput(content, input), sendSignal(ctx, signal));
    }),
  clone: protectedProcedure
    .meta({ rest: { method: "POST", path: "/chat/cloneChat", summary: "Copy the caller's own or a shared conversation into a new one" } })
    .input(chatInputs.clone)
    .output(answer(chatOutputs.clone))
    .use(rateLimit("clone"))
    .use(loadUser)
    .mutation(({ ctx, input }) =>
      cloneSession(ctx.db, ctx.user.id, input.sessionId, { addCloneText: input.addCloneText, now: ctx.now(), reader: readerOf(ctx, ctx.user.id) }),
    ),
  /** Shows the branch through an exchange: the newest exchange below it becomes the active one. */
  switchBranch: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/chat/switchBranch",
        summary: "Show another branch of a conversation (edits and regenerations are sends with sibling_of_entry_id)",
      },
    })
    .input(chatInputs.switchBranch)
    .output(answer(chatOutputs.switchBranch))
    .use(loadUser)
    .mutation(({ ctx, input }) => switchBranch(ctx.db, ctx.user.id, input.sessionId, input.entryId)),
  delete: protectedProcedure
    .meta({ rest: { method: "POST", path: "/chat/deleteChat/:id", summary: "Delete one of the caller's conversations" } })
    .input(chatInputs.delete)
    .output(answer(chatOutputs.delete))
    .use(loadUser)
    .mutation(({ ctx, input }) => deleteSession(ctx.db, ctx.user.id, input.id)),
  share: protectedProcedure
    .meta({
      rest: [
        { method: "POST", path: "/chat/shareChat/:id", summary: "Share a conversation read-only with signed-in people", sets: { shared: true } },
        { method: "POST", path: "/chat/unshareChat/:id", summary: "Stop sharing a conversation", sets: { shared: false } },
      ],
    })
    .input(chatInputs.share)
    .output(answer(chatOutputs.share))
    .use(rateLimit("share"))
    .use(loadUser)
    .mutation(({ ctx, input }) => shareSessionChecked(ctx.db, ctx.user, input.id, input.shared, input, ctx.now())),
  /** Streams a comparison's events (`EventOf<"comparison">`): over tRPC with the streaming link, over REST as JSON or SSE. */
  compare: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/chat/compare",
        summary: "Send one message to 2-4 models side by side: JSON once every column has ended, or Server-Sent Events",
      },
    })
    .input(chatInputs.compare)
    .output(answer(eventStream<EventOf<"comparison">>()))
    .use(rateLimit("send"))
    .mutation(({ ctx, input, signal }) => {
      const content = parseMessage(input.messages.at(-1));
      return startExchange(ctx, ctx.auth, { kind: "comparison", modelIds: input.model_ids }, exchangeInput(content, input), sendSignal(ctx, signal));
    }),
  compareColumns: protectedProcedure
    .input(chatInputs.compareColumns)
    .output(answer(chatOutputs.compareColumns))
    .use(loadUser)
    .query(async ({ ctx, input }) =>
      getCompareColumns(ctx.db, ctx.user.id, input.sessionId, input.shared, await usableModelIds(ctx, ctx.user.id), readerOf(ctx, ctx.user.id)),
    ),
  stopCompareColumn: protectedProcedure
    .input(chatInputs.stopCompareColumn)
    .output(answer(chatOutputs.stopCompareColumn))
    .use(loadUser)
    .mutation(({ ctx, input }) => stopCompareColumn(ctx.db, ctx.stops, ctx.user.id, input.sessionId, input.column)),
  pickWinner: protectedProcedure
    .input(chatInputs.pickWinner)
    .output(answer(chatOutputs.pickWinner))
    .use(loadUser)
    .mutation(({ ctx, input }) => pickWinner(ctx.db, ctx.user.id, input.sessionId, input.column)),
  /**
   * Streams a battle's events (`EventOf<"battle">`, no model named): over tRPC with the streaming
   * link, over REST as JSON or SSE (docs/leaderboard.md, "Battles").
   */
  battle: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/chat/battles",
        summary:
          "Start a blind battle: two models drawn from those the caller may use answer one message as A and B, unnamed until the verdict: JSON once " +
          "both have ended, or Server-Sent Events",
      },
    })
    .input(chatInputs.battle)
    .output(answer(eventStream<EventOf<"battle">>()))
    .use(rateLimit("send"))
    .use(loadUser)
    .mutation(async ({ ctx, input, signal }) => {
      const content = parseMessage(input.messages.at(-1));
      const usable = [...(await usableModelIds(ctx, ctx.user.id))];
      return startExchange(
        ctx,
        ctx.auth,
        { kind: "battle", usable, random: Math.random },
        exchangeInput(content, { ...input, session_id: 0 }),
        sendSignal(ctx, signal),
      );
    }),
  /** Copies a community post's conversation into a new session. */
  clonePost: protectedProcedure
    .input(chatInputs.clonePost)
    .output(answer(chatOutputs.clonePost))
    .use(rateLimit("clone"))
    .use(loadUser)
    .mutation(({ ctx, input }) => clonePostIntoSession(ctx.db, ctx.user.id, input.postId, ctx.now(), () => usableModelIds(ctx, ctx.user.id))),
  /** A battle with its verdict as the vote rules count it: whether it counts, and when. */
  battleById: protectedProcedure
    .meta({ rest: { method: "GET", path: "/chat/battles/:id", summary: "One of the caller's battles: its answers as A and B, named only after the verdict" } })
    .input(chatInputs.battleById)
    .output(answer(chatOutputs.battleById))
    .use(loadUser)
    .query(({ ctx, input }) => getBattleStanding(ctx.db, ctx.user.id, input.id, voteCountingOf(ctx))),
  battleVerdict: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/chat/battles/:id/verdict",
        summary: "Give a battle its one verdict (a, b, tie or both_bad): final, and it names the models",
      },
    })
    .input(chatInputs.battleVerdict)
    .output(answer(chatOutputs.battleVerdict))
    .use(loadUser)
    .mutation(({ ctx, input }) => decideBattleStanding(ctx.db, ctx.user.id, input.id, input.choice, ctx.now(), voteCountingOf(ctx))),
} satisfies TRPCRouterRecord;
