// REST rows come from the procedures' own declarations (`.meta({ rest })`): a router of any
// depth is served at the declared paths with the procedure's input schema, errors answer
// `{ message }`, and the OpenAPI document lists exactly what is declared.
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initTRPC, type AnyTRPCProcedure, type AnyTRPCRouter } from "@trpc/server";
import { z } from "zod";
import { appRouter, createContextInner, declaredMetaOf, toPublicError, type Context, type ProcedureMeta } from "@parley/api";
import type { DbHandle } from "@parley/db";
import { createTestDb } from "@parley/db/testing";
import { restRoutes } from "../src/rest/answers";
import { buildOpenApiDocument, routeKey } from "../src/rest/openapi-document";
import { restRowsOf, type RowSpecial } from "../src/rest/rows";
import { registerRestRoutes } from "../src/rest/serve";

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({ errorFormatter: ({ shape, error }) => ({ ...shape, message: toPublicError(error).message }) });
const open = t.procedure.meta({ access: "public" });

/** A router three levels deep, with every kind of input a declaration reads. */
const nested = t.router({
  shelf: t.router({
    books: t.router({
      get: open
        .meta({ rest: { method: "GET", path: "/shelf/books/:id", summary: "One book" } })
        .input(z.object({ id: z.coerce.number().int().positive(), lang: z.enum(["en", "fr"]).default("en") }))
        .query(({ input }) => ({ id: input.id, lang: input.lang })),
      lend: open
        .meta({
          rest: [
            { method: "POST", path: "/shelf/books/:id/lend", summary: "Lend a book", sets: { lent: true } },
            { method: "POST", path: "/shelf/books/:id/return", summary: "Take a book back", sets: { lent: false } },
          ],
        })
        .input(z.object({ id: z.coerce.number().int().positive(), lent: z.boolean(), to: z.string().min(1).optional() }))
        .mutation(({ input }) => ({ id: input.id, lent: input.lent, to: input.to ?? null })),
      shelve: open
        .meta({ rest: { method: "POST", path: "/shelf/books", summary: "Shelve a book" } })
        .input(z.object({ title: z.string().min(1) }))
        .mutation(({ input }) => ({ shelved: input.title })),
      dust: open.meta({ rest: { method: "DELETE", path: "/shelf/dust", summary: "Dust the shelf" } }).mutation(() => undefined),
    }),
  }),
  unlisted: open.query(() => "not on REST"),
});

let db: DbHandle;
let app: FastifyInstance;
const rows = () => restRowsOf(nested, [], []);

beforeAll(async () => {
  db = await createTestDb();
  app = Fastify();
  await registerRestRoutes(app, rows(), { router: nested, contextOf: () => createContextInner({ db: db.db, auth: null }) });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await db.close();
});

describe("rows declared on a nested router", () => {
  it("has one row per declaration, none for an undeclared procedure, with the procedure's access and input", () => {
    const listed = rows();
    expect(listed.map(routeKey)).toEqual([
      "GET /shelf/books/:id",
      "POST /shelf/books/:id/lend",
      "POST /shelf/books/:id/return",
      "POST /shelf/books",
      "DELETE /shelf/dust",
    ]);
    for (const row of listed) expect(row.access).toBe("public");
    expect(listed[0]!.input).toBe(nested.shelf.books.get._def.inputs[0]);
    expect(listed[4]!.input).toBeUndefined();
  });

  it("serves a path parameter with the query, converted by the procedure's schema", async () => {
    const answer = await app.inject({ method: "GET", url: "/api/v1/shelf/books/7?lang=fr&extra=1" });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ id: 7, lang: "fr" });
  });

  it("takes the JSON body with the path's parameters and the fields the path sets, which a body cannot change", async () => {
    const lent = await app.inject({ method: "POST", url: "/api/v1/shelf/books/3/lend", payload: { to: "Ann", lent: false, id: 99 } });
    expect(lent.json()).toEqual({ id: 3, lent: true, to: "Ann" });
    const back = await app.inject({ method: "POST", url: "/api/v1/shelf/books/3/return" });
    expect(back.json()).toEqual({ id: 3, lent: false, to: null });
  });

  it("passes a body as it is when the path names no field, and answers { ok: true } for no result", async () => {
    expect((await app.inject({ method: "POST", url: "/api/v1/shelf/books", payload: { title: "Dune" } })).json()).toEqual({ shelved: "Dune" });
    const dusted = await app.inject({ method: "DELETE", url: "/api/v1/shelf/dust" });
    expect([dusted.statusCode, dusted.json()]).toEqual([200, { ok: true }]);
  });

  it("refuses bad input with 400 and a message naming the field", async () => {
    const bad = await app.inject({ method: "GET", url: "/api/v1/shelf/books/abc" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: expect.stringMatching(/^Invalid request: id: /) });
    const empty = await app.inject({ method: "POST", url: "/api/v1/shelf/books", payload: { title: "" } });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json())).toEqual(["message"]);
  });

  it("documents the nested rows: parameters from the path and query, the body without the path's fields", () => {
    const document = buildOpenApiDocument(rows(), { version: "1.0.0", serverUrl: "http://127.0.0.1" });
    expect(Object.keys(document.paths)).toEqual([
      "/api/v1/shelf/books/{id}",
      "/api/v1/shelf/books/{id}/lend",
      "/api/v1/shelf/books/{id}/return",
      "/api/v1/shelf/books",
      "/api/v1/shelf/dust",
    ]);
    const get = document.paths["/api/v1/shelf/books/{id}"]!.get as { parameters: { name: string; in: string; required: boolean }[]; security: unknown[] };
    expect(get.parameters.map(({ name, in: where, required }) => [name, where, required])).toEqual([
      ["id", "path", true],
      ["lang", "query", false],
    ]);
    expect(get.security).toEqual([]);
    const lend = document.paths["/api/v1/shelf/books/{id}/lend"]!.post as { requestBody: { content: { "application/json": { schema: { $ref: string } } } } };
    const body = document.components.schemas[lend.requestBody.content["application/json"].schema.$ref.split("/").at(-1)!];
    expect(body).toEqual({ type: "object", properties: { to: { type: "string", minLength: 1 } } });
  });
});

describe("declarations that cannot be served stop the server at start-up", () => {
  it("names the procedure whose meta is not a valid declaration", () => {
    const router = t.router({ bad: t.router({ one: open.meta({ rest: { method: "GET", path: "no-slash", summary: "x" } }).query(() => 1) }) });
    expect(() => restRowsOf(router, [], [])).toThrow(/The meta of procedure "bad\.one" is not a valid declaration/);
  });

  it("refuses a special for a procedure with no rest declaration", () => {
    const special: RowSpecial = { procedure: "unlisted", headers: { Link: "x" } };
    expect(() => restRowsOf(nested, [special], [])).toThrow("REST specials for procedures with no rest declaration: unlisted");
  });
});

describe("the app's table", () => {
  it("is the app router's declarations plus getChatHistory, the one path two procedures answer", () => {
    // The flat map of every procedure by its path, as tRPC keeps it.
    const router: AnyTRPCRouter = appRouter;
    const procedures: Record<string, AnyTRPCProcedure> = router._def.procedures;
    const declared = Object.entries(procedures).flatMap(([path, procedure]) => declaredMetaOf(path, procedure._def.meta).rest);
    expect(restRoutes.map(routeKey).sort()).toEqual([...declared.map(routeKey), "POST /chat/getChatHistory"].sort());
    expect(new Set(restRoutes.map(routeKey)).size).toBe(restRoutes.length);
  });

  it("says who may call each row as its procedure's builder does", () => {
    const access = (key: string) => restRoutes.find((row) => routeKey(row) === key)?.access;
    expect(access("GET /messages/public")).toBe("public");
    expect(access("GET /public/post/:token")).toBe("public");
    expect(access("GET /public/chat/:token/share")).toBe("signed-in");
    expect(access("POST /post/comment/:postId")).toBe("signed-in");
    expect(access("GET /admin/users")).toBe("admin");
  });
});
