// tRPC's plain JSON calls answered straight from Fastify's request, with tRPC's wire format.
// tRPC's own Fastify handler turns every request into a Fetch `Request` and its answer into a
// Fetch `Response` (bodies and headers as objects), which costs more than most procedures.
// Queries and mutations sent as plain JSON (`httpBatchLink`, or single calls) need none of that:
// parse, call each procedure with the request's abort signal, write the same JSON and status
// tRPC would.
import {
  getErrorShape,
  getHTTPStatusCode,
  getProcedureAtPath,
  getTRPCErrorFromUnknown,
  isAsyncIterable,
  isObject,
  isPromise,
  transformTRPCResponse,
  TRPCError,
  type AnyProcedure,
  type AnyRouter,
} from "@trpc/server/unstable-core-do-not-import";
import type { FastifyReply, FastifyRequest } from "fastify";
import { isRunnable, runProcedure, type ProcedureCall } from "./run-procedure";

type CallType = "query" | "mutation";
type Call = { path: string; procedure: AnyProcedure & { _def: { type: CallType } }; input: unknown };

export type PlainCallOptions<TContext> = {
  router: AnyRouter;
  maxBatchSize: number;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The part of the URL after /trpc/: one path, or comma-separated paths for a batch. */
  path: string;
  createContext: (request: FastifyRequest) => Promise<TContext>;
  onError: (opts: { error: TRPCError; path: string; input: unknown; ctx: TContext | undefined; type: CallType; req: FastifyRequest }) => void;
  /** Extra response headers for the errors of this request (e.g. Retry-After). */
  headersFor: (errors: TRPCError[]) => Record<string, string>;
};

/** Procedures by path, resolved once (the router is fixed for the life of the process). */
const procedures = new WeakMap<AnyRouter, Map<string, AnyProcedure | null>>();

async function procedureAt(router: AnyRouter, path: string): Promise<AnyProcedure | null> {
  let known = procedures.get(router);
  if (!known) procedures.set(router, (known = new Map()));
  if (!known.has(path)) known.set(path, await getProcedureAtPath(router, path));
  return known.get(path) ?? null;
}

/** What tRPC refuses to send as plain JSON: an iterable or an object holding promises or iterables. */
function isDataStream(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (isAsyncIterable(value)) return true;
  const fields = Object.values(value);
  return fields.some(isPromise) || fields.some(isAsyncIterable);
}

/**
 * Reads the calls of a plain JSON request, or null when anything about it is not the ordinary
 * case (tRPC's own handler then answers it, including every error it reports for bad requests).
 */
async function readCalls(router: AnyRouter, maxBatchSize: number, request: FastifyRequest, path: string): Promise<{ batch: boolean; calls: Call[] } | null> {
  const method = request.method;
  if (method !== "GET" && method !== "POST") return null;
  const headers = request.headers;
  const accept = headers["trpc-accept"] ?? (headers.accept?.includes("application/jsonl") ? "application/jsonl" : undefined);
  if (accept !== undefined) return null;
  if (method === "POST" && !headers["content-type"]?.startsWith("application/json")) return null;
  if (path.includes("%")) return null;

  const query = request.query as Record<string, string | string[] | undefined>;
  if (query.connectionParams !== undefined) return null;
  const batch = query.batch === "1";
  const paths = batch ? path.split(",") : [path];
  if (paths.length > maxBatchSize) return null;

  let raw: unknown;
  try {
    if (method === "GET") {
      const input = query.input;
      if (Array.isArray(input)) return null;
      raw = input ? JSON.parse(input) : undefined;
    } else {
      const body = request.body;
      if (typeof body !== "string") return null;
      if (body === "") return null;
      raw = JSON.parse(body);
    }
  } catch {
    return null;
  }
  if (batch && raw !== undefined && !isObject(raw)) return null;

  const type = method === "GET" ? "query" : "mutation";
  const calls: Call[] = [];
  for (const [index, callPath] of paths.entries()) {
    const procedure = await procedureAt(router, callPath);
    if (!procedure || procedure._def.type !== type || !isRunnable(procedure)) return null;
    const input = raw === undefined ? undefined : batch ? (raw as Record<string, unknown>)[index] : raw;
    calls.push({ path: callPath, procedure: procedure as Call["procedure"], input });
  }
  return { batch, calls };
}

/**
 * Answers a plain JSON query or mutation call (single or batched) and returns true, or returns
 * false without touching the reply when the request needs tRPC's own handler.
 */
export async function answerPlainCall<TContext>(opts: PlainCallOptions<TContext>): Promise<boolean> {
  const { router, request, reply } = opts;
  const read = await readCalls(router, opts.maxBatchSize, request, opts.path);
  if (!read) return false;
  const config = router._def._config;
  const signal = new RequestSignal(request, reply);

  let ctx: TContext | undefined;
  let contextError: TRPCError | undefined;
  try {
    ctx = await opts.createContext(request);
  } catch (cause) {
    contextError = getTRPCErrorFromUnknown(cause);
  }

  const errors: TRPCError[] = [];
  const responses = await Promise.all(
    read.calls.map(async ({ path, procedure, input }, batchIndex) => {
      const type = procedure._def.type;
      try {
        if (contextError) throw contextError;
        const data: unknown = await runProcedure(procedure, new PlainCall(path, ctx, input, signal, batchIndex));
        if (isDataStream(data)) {
          throw new TRPCError({
            code: "UNSUPPORTED_MEDIA_TYPE",
            message: "Cannot use stream-like response in non-streaming request - use httpBatchStreamLink",
          });
        }
        return { result: { data } };
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        errors.push(error);
        opts.onError({ error, path, input, ctx, type, req: request });
        return { error: getErrorShape({ config, ctx, error, input, path, type }) };
      }
    }),
  );

  const untransformed = read.batch ? responses : responses[0]!;
  reply
    .code(getHTTPStatusCode(untransformed))
    .header("vary", "trpc-accept, accept")
    .header("content-type", "application/json")
    .headers(opts.headersFor(errors));
  // A Buffer, so that Fastify sends the content type exactly as set (tRPC sets no charset).
  await reply.send(Buffer.from(JSON.stringify(transformTRPCResponse(config, untransformed as Parameters<typeof transformTRPCResponse>[1]))));
  return true;
}

/**
 * One call of a request as runProcedure runs it, its signal made only when a procedure asks. A
 * class, not an object literal with `get signal()` (see StepOptions in run-procedure.ts).
 */
class PlainCall implements ProcedureCall {
  constructor(
    readonly path: string,
    readonly ctx: unknown,
    readonly input: unknown,
    private readonly requestSignal: RequestSignal,
    readonly batchIndex: number,
  ) {}

  get signal() {
    return this.requestSignal.signal;
  }
}

/**
 * The request's abort signal, made as tRPC's Node adapter makes it (aborted when the response
 * closes, the client gone or the answer sent, or when the request is aborted), but only once a
 * procedure asks for it: aborting builds an AbortError (a DOMException with its stack), which
 * for every request cost this path a third of its speed.
 */
class RequestSignal {
  #controller: AbortController | undefined;

  constructor(
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
  ) {}

  get signal(): AbortSignal {
    if (this.#controller) return this.#controller.signal;
    const controller = (this.#controller = new AbortController());
    const response = this.reply.raw;
    const incoming = this.request.raw;
    // Asked for after the response closed (a middleware that looks late): aborted already.
    if (response.destroyed) {
      controller.abort();
      return controller.signal;
    }
    const abort = () => {
      response.off("close", abort);
      incoming.off("aborted", abort);
      controller.abort();
    };
    response.once("close", abort);
    incoming.once("aborted", abort);
    return controller.signal;
  }
}
