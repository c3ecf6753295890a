import type { AnyProcedure, AnyRouter } from "@trpc/server/unstable-core-do-not-import";
import type { Context, createCaller } from "@parley/api";
import { isRunnable, runProcedure } from "./run-procedure";

/** `invoker.<router>.<procedure>(input)`: the shape of tRPC's server-side caller (createCaller). */
export type Invoker = ReturnType<typeof createCaller>;

/** What a namespace's methods read from the object they are called on. */
type Bound = { ctx: Context; signal: AbortSignal | undefined };

/**
 * A server-side invoker whose methods run each procedure (its input parser and middlewares, as
 * over HTTP, through runProcedure) with the request's context. tRPC's own caller reaches a
 * procedure through a proxy made per call and looks its path up each time; here the paths are
 * resolved once, into one prototype per namespace, and a call costs one small object.
 */
export function procedureInvoker(router: AnyRouter): (ctx: Context, signal?: AbortSignal) => Invoker {
  const namespaces = new Map<string, ReturnType<typeof boundClass>>();
  for (const [path, procedure] of Object.entries(router._def.procedures as Record<string, AnyProcedure>)) {
    const dot = path.indexOf(".");
    if (dot < 0 || path.indexOf(".", dot + 1) >= 0) throw new Error(`procedureInvoker expects <router>.<procedure> paths, not "${path}"`);
    const namespace = path.slice(0, dot);
    if (!namespaces.has(namespace)) namespaces.set(namespace, boundClass());
    if (!isRunnable(procedure)) throw new Error(`procedureInvoker cannot run "${path}": it has a caller of its own`);
    Object.defineProperty(namespaces.get(namespace)!.prototype, path.slice(dot + 1), {
      value: function call(this: Bound, input?: unknown) {
        return runProcedure(procedure, { path, ctx: this.ctx, input, signal: this.signal, batchIndex: 0 });
      },
    });
  }
  const RequestInvoker = boundClass();
  for (const [namespace, Namespace] of namespaces) {
    Object.defineProperty(RequestInvoker.prototype, namespace, {
      get(this: Bound) {
        return new Namespace(this.ctx, this.signal);
      },
    });
  }
  return (ctx, signal) => new RequestInvoker(ctx, signal) as unknown as Invoker;
}

/** A class of its own (one object shape, one prototype) for objects that carry a request's context. */
function boundClass() {
  return class implements Bound {
    constructor(
      readonly ctx: Context,
      readonly signal: AbortSignal | undefined,
    ) {}
  };
}
