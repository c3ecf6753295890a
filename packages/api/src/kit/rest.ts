import { z } from "zod";

const restMethod = z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"]);

/**
 * One REST path of a procedure. Its input is the path's `:name` segments, then the query (GET)
 * or the JSON body (POST, PUT, PATCH, DELETE), then `sets`; the procedure's own input schema checks it all.
 */
const restDeclaration = z.object({
  method: restMethod,
  /** The path under /api/v1; a `:name` segment is the input field `name`: `/post/comment/:postId`. */
  path: z.string().regex(/^(\/(:?[A-Za-z][A-Za-z0-9-]*))+$/, "a path under /api/v1: /segment/:field/..."),
  /** One line for the API documentation: what the call does. */
  summary: z.string().min(1),
  /** More to know than the summary says. */
  description: z.string().optional(),
  /** Input fields the path itself sets, not the client (`/chat/shareChat/:id` sets `shared: true`). */
  sets: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  /** The answer is a file (`{ filename, contentType, body }`), sent as a download. */
  download: z.literal(true).optional(),
});

/** `public`: anyone; `signed-in`: a valid access token; `admin`: admins only (to anyone else the path does not exist). */
const procedureAccess = z.enum(["public", "signed-in", "admin"]);

/**
 * What a procedure declares beside itself with `.meta(...)`: who may call it (set by the
 * procedure builders in trpc.ts) and, when it is also a REST path, where. The server builds the
 * /api/v1 routes, the OpenAPI document and the docs page from these and the procedure's input
 * schema, so a path is written once, next to the code that answers it.
 */
const procedureMeta = z.object({
  access: procedureAccess.optional(),
  rest: z.union([restDeclaration, z.array(restDeclaration)]).optional(),
});

export type RestMethod = z.infer<typeof restMethod>;
export type RestDeclaration = z.infer<typeof restDeclaration>;
export type ProcedureAccess = z.infer<typeof procedureAccess>;
export type ProcedureMeta = z.infer<typeof procedureMeta>;

/** A procedure's declarations as the server reads them from its `_def.meta`: who may call it, and its REST paths. */
export type DeclaredMeta = { access: ProcedureAccess | undefined; rest: RestDeclaration[] };

/**
 * Reads a procedure's meta (`procedure._def.meta`, which tRPC types as unknown): checked, so a
 * malformed declaration stops the server at start-up with the procedure's path in the message.
 */
export function declaredMetaOf(path: string, meta: unknown): DeclaredMeta {
  const parsed = procedureMeta.safeParse(meta ?? {});
  if (!parsed.success) throw new Error(`The meta of procedure "${path}" is not a valid declaration: ${z.prettifyError(parsed.error)}`);
  const { access, rest } = parsed.data;
  return { access, rest: rest === undefined ? [] : Array.isArray(rest) ? rest : [rest] };
}
