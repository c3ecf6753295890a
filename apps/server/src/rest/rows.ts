import type { AnyTRPCProcedure, AnyTRPCRouter } from "@trpc/server";
import { declaredMetaOf, type ProcedureAccess, type RestMethod } from "@parley/api";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z, type ZodType } from "zod";

/**
 * Runs a procedure by its path in the router (`post.comments`, or deeper in a nested router)
 * with the request's context, and answers with what it returns, typed by the row that asks.
 */
export type RunProcedure = <TOutput>(procedure: string, input: unknown) => Promise<TOutput>;

/** What a row's answer is given for one request. */
export type RowCall = { run: RunProcedure; request: FastifyRequest; reply: FastifyReply };

/** One /api/v1 path: how it is served and how the OpenAPI document describes it. */
export type RestRow = {
  method: RestMethod;
  /** The path under /api/v1, with `:name` for a path parameter. */
  path: string;
  summary: string;
  description?: string;
  /** Who may call it: `public` rows need no token; `admin` rows answer 404 to anyone else. */
  access: ProcedureAccess;
  /** The procedure's input schema: its fields in the path are path parameters, the others the query (GET) or the JSON body. */
  input: ZodType | undefined;
  /** The JSON body when it is not the input's remaining fields (`null`: the row takes no body). */
  body?: ZodType | null;
  /** Input fields the path itself sets (not parameters, not in the body). */
  sets?: Readonly<Record<string, string | number | boolean>>;
  /** The answer is a file (`{ filename, contentType, body }`), sent as a download. */
  download?: true;
  /** The answer is a stream of events: one JSON answer, or Server-Sent Events with `Accept: text/event-stream`. */
  streams?: true;
  /** Headers of the successful answer, by name, with what they say (documentation). */
  headers?: Readonly<Record<string, string>>;
  /** Headers of every answer of the row, failures included. */
  answerHeaders?: Readonly<Record<string, string>>;
  /**
   * What the row answers, for the OpenAPI document and the contract tests: the procedure's
   * `.output()` schema (a download's file body), or the special's when the row answers otherwise.
   */
  output: ZodType | undefined;
  /** A larger request body than the app's default, and what a client is told beyond it. */
  bodyLimit?: { bytes: number; message: string };
  /** Answers one request: sends the reply (or returns what to send). */
  answer: (call: RowCall) => Promise<unknown>;
};

/**
 * What the server adds to a declared row whose answer is not the procedure's result as it is
 * (a stream collected into one JSON answer, a page whose next link is a header, headers that
 * follow the result) or whose input is not the request's fields (a file sent as it is). Keyed
 * by the procedure's path; `answer` replaces the plain one, and the rest adds to the row.
 */
export type RowSpecial = Partial<Omit<RestRow, "method" | "path" | "summary" | "description" | "access" | "input" | "answer">> & {
  procedure: string;
  answer?: (call: RowCall, input: unknown) => Promise<unknown>;
  /** The procedure's input from the request, when it is not the request's fields. */
  inputOf?: (request: FastifyRequest) => unknown;
};

type Download = { filename: string; contentType: string; body: string };

/**
 * The REST rows of a router: one per `rest` declaration in a procedure's meta (the procedure's
 * access and input schema come with it), with the server's specials applied, then `handWritten`
 * rows (paths no single procedure answers). A special that names no declared procedure is a
 * mistake and stops the server.
 */
export function restRowsOf(router: AnyTRPCRouter, specials: readonly RowSpecial[], handWritten: readonly RestRow[]): RestRow[] {
  const byProcedure = new Map(specials.map((special) => [special.procedure, special]));
  const procedures: Record<string, AnyTRPCProcedure> = router._def.procedures;
  const rows: RestRow[] = [];
  for (const [path, procedure] of Object.entries(procedures)) {
    const { access, rest } = declaredMetaOf(path, procedure._def.meta);
    if (rest.length === 0) continue;
    const input = inputSchemaOf(path, procedure);
    const special = byProcedure.get(path);
    byProcedure.delete(path);
    for (const declaration of rest) {
      const { inputOf, answer, procedure: _procedure, ...extra } = special ?? {};
      const output = answerSchemaOf(path, procedure, declaration.download === true);
      const row: Omit<RestRow, "answer"> = { ...declaration, access: access ?? "public", input, output, ...extra };
      const inputFrom = inputOf ?? inputReader(row);
      rows.push({
        ...row,
        answer: answer ? (call) => answer(call, inputFrom(call.request)) : plainAnswer(path, row, inputFrom),
      });
    }
  }
  if (byProcedure.size > 0) throw new Error(`REST specials for procedures with no rest declaration: ${[...byProcedure.keys()].join(", ")}`);
  return [...rows, ...handWritten];
}

/** A procedure's one zod input schema (its `.input(...)`), or undefined when it takes none. */
function inputSchemaOf(path: string, procedure: AnyTRPCProcedure): ZodType | undefined {
  const inputs = procedure._def.inputs;
  if (inputs.length === 0) return undefined;
  const [schema] = inputs;
  if (inputs.length === 1 && schema instanceof z.ZodType) return schema;
  throw new Error(`The REST row of "${path}" needs one zod input schema, not ${inputs.length} parsers`);
}

/**
 * The schema of what a procedure answers, from its `.output()` (the `answer(...)` parser of
 * packages/api keeps it): for a download, its file's body, which the row sends.
 */
function answerSchemaOf(path: string, procedure: AnyTRPCProcedure, download: boolean): ZodType | undefined {
  // tRPC keeps the `.output()` parser on the definition at run time; its types leave it out.
  const output: unknown = (procedure._def as { output?: unknown }).output;
  const schema = typeof output === "function" && "schema" in output ? output.schema : undefined;
  if (!(schema instanceof z.ZodType)) return undefined;
  if (!download) return schema;
  const body = schema instanceof z.ZodObject ? (schema.shape as Record<string, unknown>).body : undefined;
  if (body instanceof z.ZodType) return body;
  throw new Error(`"${path}" is declared as a download but its .output() is not a file ({ filename, contentType, body })`);
}

const pathParamsOf = (path: string) => [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/**
 * The procedure's input from a request: the path's parameters over the query (GET) or the JSON
 * body, then the fields the path sets; a body with no path fields goes as it is. The procedure's
 * schema checks and converts it all (path and query values are strings).
 */
function inputReader(row: Pick<RestRow, "method" | "path" | "input" | "sets">): (request: FastifyRequest) => unknown {
  if (!row.input) return () => undefined;
  const sets = row.sets ?? {};
  const fromPath = pathParamsOf(row.path).length > 0 || Object.keys(sets).length > 0;
  if (row.method === "GET") return (request) => ({ ...recordOf(request.query), ...recordOf(request.params), ...sets });
  if (!fromPath) return (request) => request.body;
  return (request) => ({ ...recordOf(request.body), ...recordOf(request.params), ...sets });
}

const recordOf = (value: unknown) => (isRecord(value) ? value : undefined);

/** Calls the procedure and sends its result as JSON (`{ ok: true }` for none), or as a file. */
function plainAnswer(procedure: string, row: Pick<RestRow, "download">, inputFrom: (request: FastifyRequest) => unknown): RestRow["answer"] {
  if (row.download) {
    return async ({ run, request, reply }) => sendDownload(reply, fileOf(procedure, await run<unknown>(procedure, inputFrom(request))));
  }
  return async ({ run, request, reply }) => reply.send((await run<unknown>(procedure, inputFrom(request))) ?? { ok: true });
}

function fileOf(procedure: string, result: unknown): Download {
  if (isRecord(result) && typeof result.filename === "string" && typeof result.contentType === "string" && typeof result.body === "string") {
    return { filename: result.filename, contentType: result.contentType, body: result.body };
  }
  throw new Error(`"${procedure}" is declared as a download but did not answer with a file`);
}

/** A file to save: its type, and a Content-Disposition naming it (ASCII name plus the UTF-8 one). */
function sendDownload(reply: FastifyReply, file: Download) {
  const ascii = file.filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return reply
    .type(file.contentType)
    .header("Content-Disposition", `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
    .header("Cache-Control", "private, no-store")
    .send(file.body);
}
