import { chatInputs } from "@parley/contracts";
import { loadUser, protectedProcedure, rateLimit } from "../../../kit/trpc";
import { readerOf } from "../../../kit/link-controls";
import { startCompare } from ".";
import { parseMessage } from "../send-input";
import { promptUseOf, recordingPromptUse } from "../../prompts/uses";
import { usableModelIds } from "../options";
import { getCompareColumns, pickWinner, stopCompareColumn } from "./columns";

/** The comparison procedures of the chat router, validated exactly as a send is. */
export function compareProcedures() {
  return {
    /** Streams `CompareEvent`s: over tRPC with the streaming link, over REST as JSON or SSE. */
    compare: protectedProcedure.meta({ rest: { method: "POST", path: "/chat/compare", summary: "Send one message to 2-4 models side by side: JSON once every column has ended, or Server-Sent Events" } })
      .input(chatInputs.compare)
      .use(rateLimit("send"))
      .mutation(async ({ ctx, input, signal }) => {
        const content = parseMessage(input.messages.at(-1));
        const events = await startCompare(
          ctx,
          ctx.auth,
          { content, modelIds: input.model_ids, promptId: input.prompt_id, sessionId: Math.max(0, input.session_id), category: input.category ?? null },
          ctx.shutdown && signal ? AbortSignal.any([signal, ctx.shutdown]) : (signal ?? ctx.shutdown),
        );
        return recordingPromptUse(ctx.db, promptUseOf(input), events);
      }),
    compareColumns: protectedProcedure
      .input(chatInputs.compareColumns)
      .use(loadUser)
      .query(async ({ ctx, input }) => getCompareColumns(ctx.db, ctx.user.id, input.sessionId, input.shared, await usableModelIds(ctx, ctx.user.id), readerOf(ctx, ctx.user.id))),
    stopCompareColumn: protectedProcedure
      .input(chatInputs.stopCompareColumn)
      .use(loadUser)
      .mutation(async ({ ctx, input }) => stopCompareColumn(ctx.db, ctx.stops, ctx.user.id, input.sessionId, input.column)),
    pickWinner: protectedProcedure
      .input(chatInputs.pickWinner)
      .use(loadUser)
      .mutation(async ({ ctx, input }) => pickWinner(ctx.db, ctx.user.id, input.sessionId, input.column)),
  };
}
