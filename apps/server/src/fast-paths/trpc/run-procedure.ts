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
type Middleware = (options: StepOptions) => Promise<Result>;
/** A procedure's definition as tRPC builds it: `resolver` is also its last middleware, wrapped. */
type Definition = { type: string; meta: unknown; middlewares: Middleware[]; resolver?: (options: StepOptions) => unknown; caller?: unknown; output?: unknown };

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

/**
 * The middleware at `index`, or the resolver itself when `index` is the last one: tRPC wraps
 * the resolver in a middleware of its own (await the resolver, return `{ ok: true, data }`);
 * called directly, a resolver that answers at once costs no promise hop.
 */
function step(def: Definition, call: ProcedureCall, index: number, at: Step): Promise<Result> {
  if (def.resolver && index === def.middlewares.length - 1) return resolve(def, def.resolver, call, at);
  if (skipsOutput(def, def.middlewares[index]!)) return step(def, call, index + 1, at);
  return middleware(def, call, index, at);
}

/**
 * Whether a middleware is the `.output()` of an answer schema that does not check (production,
 * packages/api/src/kit/answers.ts): tRPC's output middleware would parse the result with the
 * identity and copy it, so running it or not gives the same result.
 */
function skipsOutput(def: Definition, middleware: Middleware): boolean {
  if ((middleware as { _type?: string })._type !== "output") return false;
  return typeof def.output === "function" && (def.output as { checks?: unknown }).checks === false;
}

async function middleware(def: Definition, call: ProcedureCall, index: number, at: Step): Promise<Result> {
  try {
    const next = (options: NextOptions) =>
      step(def, call, index + 1, {
        ctx: options?.ctx ? { ...(at.ctx as Record<string, unknown>), ...options.ctx } : at.ctx,
        input: options && "input" in options ? options.input : at.input,
        getRawInput: options?.getRawInput ?? at.getRawInput,
      });
    return await def.middlewares[index]!(optionsOf(def, call, at, next));
  } catch (cause) {
    return failure(cause);
  }
}

function resolve(def: Definition, resolver: NonNullable<Definition["resolver"]>, call: ProcedureCall, at: Step): Promise<Result> {
  let data: unknown;
  try {
    data = resolver(optionsOf(def, call, at, nothingAfterResolver));
  } catch (cause) {
    return Promise.resolve(failure(cause));
  }
  const succeeded = (value: unknown) => ({ marker: middlewareMarker, ok: true, data: value, ctx: at.ctx }) as Result;
  if (isThenable(data)) return Promise.resolve(data).then(succeeded, failure);
  return Promise.resolve(succeeded(data));
}

/**
 * What a middleware (or the resolver) is given: one object of one shape at every step. The
 * signal is read from the call when asked for, so a call that makes it on demand (see
 * plain-call.ts) makes none for procedures that never look at it.
 */
function optionsOf(def: Definition, call: ProcedureCall, at: Step, next: (options: NextOptions) => Promise<Result>) {
  return new StepOptions(def, call, at, next);
}

/**
 * A class, not an object literal with `get signal()`: V8 builds a literal with an accessor in
 * dictionary mode, and what it makes for one outlives the young generation's collections, so the
 * values it holds (the context, the call, and through them the request) stayed alive until the
 * next full one: 2,100 bytes a request carried into the old generation, a quarter of the REST
 * path's CPU time (docs/performance.md, HTTP). Here the getter lives once, on the prototype.
 */
class StepOptions {
  readonly ctx: unknown;
  readonly type: string;
  readonly path: string;
  readonly input: unknown;
  readonly getRawInput: () => Promise<unknown>;
  readonly meta: unknown;
  readonly batchIndex: number;

  constructor(
    def: Definition,
    private readonly call: ProcedureCall,
    at: Step,
    readonly next: (options: NextOptions) => Promise<Result>,
  ) {
    this.ctx = at.ctx;
    this.type = def.type;
    this.path = call.path;
    this.input = at.input;
    this.getRawInput = at.getRawInput;
    this.meta = def.meta;
    this.batchIndex = call.batchIndex;
  }

  get signal() {
    return this.call.signal;
  }
}

/** A resolver is handed `next` as every middleware is; there is nothing after it to call. */
const nothingAfterResolver = () => Promise.resolve(failure(new TypeError("There is no middleware after the resolver")));

function failure(cause: unknown): Result {
  return { ok: false, error: getTRPCErrorFromUnknown(cause), marker: middlewareMarker } as Result;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === "object" || typeof value === "function") && value !== null && typeof (value as { then?: unknown }).then === "function";
}
