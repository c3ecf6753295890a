import { z } from "zod";
import { storableText } from "@parley/contracts";
import { loadUser, protectedProcedure, rateLimit } from "../../trpc";
import { startCompare } from ".";
import { parseMessage, sendFields, sessionIdSchema } from "../send-input";
import { usableModelIds } from "../../post/fork-comparison";
import { getCompareColumns, pickWinner, stopCompareColumn } from "./columns";

/** Fewest and most models one comparison asks. */
export const COMPARE_MODELS = { min: 2, max: 4 } as const;

const modelIdsSchema = z
  .array(storableText("Each model must be a model id.").min(1, "Each model must be a model id."), { message: "model_ids must be a list of model ids." })
  .min(COMPARE_MODELS.min, `Pick at least ${COMPARE_MODELS.min} models to compare.`)
  .max(COMPARE_MODELS.max, `Pick at most ${COMPARE_MODELS.max} models to compare.`)
  .refine((ids) => new Set(ids).size === ids.length, "Pick each model only once: the models of a comparison must be different.");

const columnSchema = z.coerce
  .number({ message: "must be a column number" })
  .int("must be a whole number")
  .min(0, "must be a column number from 0")
  .max(COMPARE_MODELS.max - 1, `must be a column number of at most ${COMPARE_MODELS.max - 1}`);

/** The comparison procedures of the chat router, validated exactly as a send is. */
export function compareProcedures() {
  const compareInput = z.object({ ...sendFields, model_ids: modelIdsSchema });
  const columnInput = z.object({ sessionId: sessionIdSchema, column: columnSchema });
  return {
    /** Streams `CompareEvent`s: over tRPC with the streaming link, over REST as JSON or SSE. */
    compare: protectedProcedure
      .input(compareInput)
      .use(rateLimit("send"))
      .mutation(async ({ ctx, input, signal }) => {
        const content = parseMessage(input.messages.at(-1));
        return startCompare(
          ctx,
          ctx.auth,
          { content, modelIds: input.model_ids, promptId: input.prompt_id, sessionId: Math.max(0, input.session_id), category: input.category ?? null },
          ctx.shutdown && signal ? AbortSignal.any([signal, ctx.shutdown]) : (signal ?? ctx.shutdown),
        );
      }),
    compareColumns: protectedProcedure
      .input(z.object({ sessionId: sessionIdSchema, shared: z.boolean().optional().default(false) }))
      .use(loadUser)
      .query(async ({ ctx, input }) => getCompareColumns(ctx.db, ctx.user.id, input.sessionId, input.shared, await usableModelIds(ctx, ctx.user.id))),
    stopCompareColumn: protectedProcedure
      .input(columnInput)
      .use(loadUser)
      .mutation(async ({ ctx, input }) => stopCompareColumn(ctx.db, ctx.user.id, input.sessionId, input.column)),
    pickWinner: protectedProcedure
      .input(columnInput)
      .use(loadUser)
      .mutation(async ({ ctx, input }) => pickWinner(ctx.db, ctx.user.id, input.sessionId, input.column)),
  };
}
