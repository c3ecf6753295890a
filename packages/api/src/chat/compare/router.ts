import { z } from "zod";
import { CATEGORIES, INT4_MAX, storableText } from "@parley/contracts";
import { loadUser, protectedProcedure, rateLimit } from "../../trpc";
import { startCompare } from ".";
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

/**
 * The comparison procedures of the chat router. Built from the chat router's own session id
 * schema and message check, so a comparison is validated exactly as a send is.
 */
export function compareProcedures(shared: { sessionIdSchema: z.ZodType<number, unknown>; parseMessage: (message: unknown) => string }) {
  const compareInput = z.object({
    messages: z.array(z.object({ content: storableText() })).min(1, "messages must contain the message to send"),
    model_ids: modelIdsSchema,
    prompt_id: z
      .union([z.number().int().positive().max(INT4_MAX, `must be a prompt id of at most ${INT4_MAX}`), z.literal(""), z.literal(0), z.null()])
      .optional()
      .transform((v) => (typeof v === "number" && v > 0 ? v : null)),
    session_id: z.coerce.number().int().min(-1).max(Number.MAX_SAFE_INTEGER).optional().default(0),
    category: z.enum(CATEGORIES, { message: `must be one of ${CATEGORIES.join(", ")}` }).nullish(),
  });
  const columnInput = z.object({ sessionId: shared.sessionIdSchema, column: columnSchema });
  return {
    /** Streams `CompareEvent`s: over tRPC with the streaming link, over REST as JSON or SSE. */
    compare: protectedProcedure
      .input(compareInput)
      .use(rateLimit("send"))
      .mutation(async ({ ctx, input, signal }) => {
        const content = shared.parseMessage(input.messages.at(-1));
        return startCompare(
          ctx,
          ctx.auth,
          { content, modelIds: input.model_ids, promptId: input.prompt_id, sessionId: Math.max(0, input.session_id), category: input.category ?? null },
          ctx.shutdown && signal ? AbortSignal.any([signal, ctx.shutdown]) : (signal ?? ctx.shutdown),
        );
      }),
    compareColumns: protectedProcedure
      .input(z.object({ sessionId: shared.sessionIdSchema, shared: z.boolean().optional().default(false) }))
      .use(loadUser)
      .query(async ({ ctx, input }) => getCompareColumns(ctx.db, ctx.user.id, input.sessionId, input.shared)),
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
