// tRPC's calls answered without its Fetch conversion, its per-call proxies and its per-step option
// copies: faster, and written against tRPC's internals, so used only while the start-up
// self-check finds the tRPC they were written for (see self-check.ts); otherwise tRPC's own
// handler and caller answer, with the same results.
import type { AnyRouter } from "@trpc/server/unstable-core-do-not-import";
import type { Context } from "@parley/api";
import { answerPlainCall as answerPlainCallFast, type PlainCallOptions } from "./plain-call";
import { procedureInvoker as procedureInvokerFast, type Invoker } from "./procedure-invoker";
import { checkTrpc, installedTrpc, type TrpcShape } from "./self-check";

export type { Invoker } from "./procedure-invoker";
export { TRPC_WRITTEN_FOR, installedTrpc, type TrpcShape } from "./self-check";

/** The self-check's finding for this process: null while the fast paths fit the installed tRPC. */
let finding: string | null | undefined;

/**
 * Runs the self-check against `shape` (the installed tRPC unless a test hands another) and keeps
 * its finding for the calls that follow; returns it: null, or the line to log once at start-up.
 */
export function checkTrpcFastPaths(shape: TrpcShape = installedTrpc()): string | null {
  finding = checkTrpc(shape);
  return finding;
}

const fastPathsFit = () => (finding === undefined ? checkTrpcFastPaths() : finding) === null;

/**
 * Answers a plain JSON query or mutation call and returns true, or returns false without touching
 * the reply when tRPC's own handler must answer it (always, when the fast paths do not fit).
 */
export function answerPlainCall<TContext>(opts: PlainCallOptions<TContext>): Promise<boolean> {
  return fastPathsFit() ? answerPlainCallFast(opts) : Promise.resolve(false);
}

/**
 * A server-side invoker of `router`'s procedures for a request's context and abort signal: the
 * fast one while the fast paths fit, else tRPC's own `createCaller`.
 */
export function procedureInvoker(router: AnyRouter): (ctx: Context, signal?: AbortSignal) => Invoker {
  if (fastPathsFit()) return procedureInvokerFast(router);
  return (ctx, signal) => router.createCaller(ctx, { signal }) as Invoker;
}
