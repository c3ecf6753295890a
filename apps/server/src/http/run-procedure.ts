import { TRPCError } from "@trpc/server";
import { getTRPCErrorFromUnknown, middlewareMarker, type AnyProcedure } from "@trpc/server/unstable-core-do-not-import";

/** What one run of a procedure is given. */
export type ProcedureCall = {
  path: string;
  ctx: unknown;
  input: unknown;
  signal: AbortSignal | undefined;
  batchIndex: number;
};

type Result = { ok: true; data: unknown; ctx?: unknown } | { ok: false; error: TRPCError };
type NextOptions = { ctx?: Record<string, unknown>; input?: unknown; getRawInput?: () => Promise<unknown> } | undefined;
type Middleware = (options: Record<string, unknown>) => Promise<Result>;
type Definition = { type: string; meta: unknown; middlewares: Middleware[]; caller?: unknown };

/** One step down the middleware chain: the context, parsed input and raw input it passes on. */
type Step = { ctx: unknown; input: unknown; getRawInput: () => Promise<unknown> };

/**
 * Runs a procedure as calling it does (`procedure({ path, ctx, getRawInput, ... })`): its
 * middlewares in order (the input parser is one of them), each given what the previous one
 * passed to `next`, and its resolver last; a middleware's throw becomes a failed result that
 * the ones before it see, and the call throws the final error. tRPC builds each middleware's
 * options by copying every field with a generic helper, twice a step, which on a small
 * procedure cost more than the procedure; here each step is one object of a fixed shape.
 */
export async function runProcedure(procedure: AnyProcedure, call: ProcedureCall): Promise<unknown> {
  const def = procedure._def as unknown as Definition;
  const input = call.input;
  const result = await step(def, call, 0, { ctx: call.ctx, input: undefined, getRawInput: () => Promise.resolve(input) });
  if (!result) throw new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "No result from middlewares - did you forget to `return next()`?" });
  if (!result.ok) throw result.error;
  return result.data;
}

/** Whether runProcedure can run this procedure (one with a caller override of its own cannot). */
export function isRunnable(procedure: AnyProcedure): boolean {
  return !(procedure._def as unknown as Definition).caller;
}

async function step(def: Definition, call: ProcedureCall, index: number, at: Step): Promise<Result> {
  try {
    return await def.middlewares[index]!({
      ctx: at.ctx,
      type: def.type,
      path: call.path,
      input: at.input,
      getRawInput: at.getRawInput,
      meta: def.meta,
      signal: call.signal,
      batchIndex: call.batchIndex,
      next: (options: NextOptions) =>
        step(def, call, index + 1, {
          ctx: options?.ctx ? { ...(at.ctx as Record<string, unknown>), ...options.ctx } : at.ctx,
          input: options && "input" in options ? options.input : at.input,
          getRawInput: options?.getRawInput ?? at.getRawInput,
        }),
    });
  } catch (cause) {
    return { ok: false, error: getTRPCErrorFromUnknown(cause), marker: middlewareMarker } as Result;
  }
}
