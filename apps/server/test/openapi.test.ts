import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenApiDocument } from "../src/rest/openapi-document";
import { openApiPath, routeKey } from "../src/rest/openapi-document";
import { restRoutes } from "../src/rest/answers";
import { ADMIN_CLAIM_ENV, asAdmin, testIdentities } from "./support/chat-fixture";
import { createTestApp } from "./support/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
/** The document as an admin reads it: every row of the table. */
let document: OpenApiDocument;
beforeAll(async () => {
  t = await createTestApp({ env: ADMIN_CLAIM_ENV, deps: { authenticator: testIdentities } });
  const response = await t.app.inject({ method: "GET", url: "/api/v1/openapi.json", headers: asAdmin("ada") });
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  document = response.json() as OpenApiDocument;
});
afterAll(() => t.close());

type Operation = {
  operationId: string;
  security: unknown[];
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
};

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation: operation as unknown as Operation })),
  );

/** The download rows, as `METHOD /api/v1/path/{param}` keys of the document. */
const downloads = new Set(restRoutes.filter((route) => route.download).map((route) => `${route.method} ${openApiPath(route.path)}`));

/** Every `$ref` in the document, wherever it is. */
function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string") found.push(inner);
      else refsIn(inner, found);
    }
  }
  return found;
}

describe("the OpenAPI document at /api/v1/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document (checked against the specification's JSON schema)", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("lists exactly the rows of the REST table, each with its method and path", () => {
    const documented = operations().map((o) => `${o.method.toUpperCase()} ${o.path}`);
    expect(documented.sort()).toEqual(restRoutes.map((r) => `${r.method} ${openApiPath(r.path)}`).sort());
  });

  it("has a response schema for every row (its procedure's .output(), or what its special answers)", () => {
    expect(restRoutes.filter((route) => route.output === undefined).map(routeKey)).toEqual([]);
  });

  it("names every operation uniquely", () => {
    const ids = operations().map((o) => o.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]+$/);
  });

  it("resolves every $ref to a schema it holds", () => {
    const refs = refsIn(document);
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(document.components.schemas, ref).toHaveProperty([ref.split("/").at(-1)!]);
    }
  });

  it("declares every path parameter, required, and no other", () => {
    for (const { path, operation } of operations()) {
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const declared = (operation.parameters ?? []).filter((p) => p.in === "path");
      expect(
        declared.map((p) => p.name),
        path,
      ).toEqual(templated);
      for (const parameter of declared) expect(parameter.required).toBe(true);
    }
  });

  it("takes bearer tokens (an OIDC access token or a personal access token) everywhere but the public rows", () => {
    expect(document.components.securitySchemes.bearer).toMatchObject({
      type: "http",
      scheme: "bearer",
      description: expect.stringContaining("personal access token"),
    });
    for (const route of restRoutes) {
      const operation = document.paths[openApiPath(route.path)]![route.method.toLowerCase()] as unknown as Operation;
      expect(operation.security, routeKey(route)).toEqual(route.access === "public" ? [] : [{ bearer: [] }]);
    }
  });

  it("documents the error body `{ message }` for failures, and a success body for every row", () => {
    expect(document.components.schemas.Error).toEqual({
      type: "object",
      properties: { message: { type: "string" } },
      required: ["message"],
      additionalProperties: false,
    });
    for (const { path, method, operation } of operations()) {
      expect(operation.responses.default?.content?.["application/json"]?.schema.$ref, `${method} ${path}`).toBe("#/components/schemas/Error");
      const success = operation.responses["200"]?.content;
      expect(success && Object.keys(success).length, `${method} ${path}`).toBeGreaterThan(0);
      // A download row (exports, the leaderboard's votes) answers a file, not a JSON body.
      if (!downloads.has(`${method.toUpperCase()} ${path}`))
        expect(success?.["application/json"]?.schema.$ref, `${method} ${path}`).toMatch(/^#\/components\/schemas\//);
      if (path.includes("{")) expect(operation.responses["404"], `${method} ${path}`).toBeDefined();
    }
  });

  it("derives query parameters and bodies from the procedures' schemas, with their rules", () => {
    const feed = document.paths["/api/v1/post/getRecentPosts"]!.get as unknown as {
      parameters: { name: string; required: boolean; schema: Record<string, unknown> }[];
    };
    expect(feed.parameters.map((p) => p.name)).toEqual(["limit", "category", "sort", "cursor"]);
    expect(feed.parameters.find((p) => p.name === "limit")).toMatchObject({ required: false, schema: { type: "integer", minimum: 1, default: 20 } });
    const feedAnswer = (feed as unknown as { responses: { "200": { headers?: Record<string, { description: string }> } } }).responses["200"];
    expect(feedAnswer.headers?.Link?.description).toMatch(/rel="next"/);
    const comment = document.paths["/api/v1/post/comment/{postId}"]!.post as unknown as Operation;
    const body = comment.requestBody!.content["application/json"]!.schema as { $ref: string };
    expect(document.components.schemas[body.$ref.split("/").at(-1)!]).toEqual({
      type: "object",
      properties: {
        content: { type: "string", minLength: 1, maxLength: 2000 },
        // Optional: the answer a comment is about (a post answer's key; docs/reach.md).
        answer: { type: "string", pattern: "^[1-9]\\d{0,14}(?:-[0-9a-z]{1,7})?$" },
      },
      required: ["content"],
    });
    // Sharing needs nothing but the path; the privacy check's choices may come in an optional body.
    const share = document.paths["/api/v1/chat/shareChat/{id}"]!.post as unknown as Operation;
    expect(share.requestBody?.required).toBe(false);
    const shareBody = document.components.schemas[(share.requestBody!.content["application/json"]!.schema as { $ref: string }).$ref.split("/").at(-1)!] as {
      required?: string[];
    };
    expect(shareBody.required ?? []).toEqual([]);
  });
});

describe("admin paths", () => {
  const adminPaths = restRoutes.filter((route) => route.access === "admin").map((route) => openApiPath(route.path));
  const asks: [string, Record<string, string>][] = [
    ["someone signed out", {}],
    ["someone signed in who is not an admin", { authorization: "Bearer test:bob" }],
    ["someone with a token that is not valid", { authorization: "Bearer not-a-token" }],
  ];

  it.each(asks)("are not in the OpenAPI document or on /api/docs for %s", async (_who, headers) => {
    expect(adminPaths.length).toBeGreaterThan(3);
    const json = await t.app.inject({ method: "GET", url: "/api/v1/openapi.json", headers });
    expect(json.statusCode).toBe(200);
    const listed = Object.keys((json.json() as OpenApiDocument).paths);
    expect(listed.length).toBe(new Set(restRoutes.filter((route) => route.access !== "admin").map((route) => openApiPath(route.path))).size);
    for (const path of adminPaths) expect(listed).not.toContain(path);
    expect(json.body).not.toContain("/api/v1/admin/");
    const page = await t.app.inject({ method: "GET", url: "/api/docs", headers });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain("/api/v1/admin/");
    expect(page.body).toContain("/api/v1/post/comment/{postId}");
    for (const response of [json, page]) expect(response.headers.vary).toMatch(/Authorization/i);
  });

  it("are listed to an admin, in an answer no shared cache keeps", async () => {
    for (const path of adminPaths) expect(Object.keys(document.paths)).toContain(path);
    const page = await t.app.inject({ method: "GET", url: "/api/docs", headers: asAdmin("ada") });
    for (const path of adminPaths) expect(page.body).toContain(`<code>${path}</code>`);
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(page.headers.vary).toMatch(/Authorization/i);
  });
});

describe("the API documentation page at /api/docs", () => {
  let html: string;
  let headers: Record<string, unknown>;
  beforeAll(async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/docs", headers: asAdmin("ada") });
    expect(response.statusCode).toBe(200);
    html = response.body;
    headers = response.headers;
  });

  it("is HTML under the app's Content-Security-Policy, with no script and nothing from elsewhere", () => {
    expect(headers["content-type"]).toMatch(/^text\/html/);
    expect(String(headers["content-security-policy"])).toContain("script-src 'self'");
    expect(String(headers["content-security-policy"])).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(html).not.toMatch(/<script|<link|<iframe|<img/i);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//i);
  });

  it("lists every operation with its method and path, and every schema", () => {
    for (const { path, method, operation } of operations()) {
      expect(html).toContain(`id="${operation.operationId}"`);
      expect(html).toContain(`${method.toUpperCase()}</span> <code>${path}</code>`);
    }
    for (const name of Object.keys(document.components.schemas)) expect(html).toContain(`id="schema-${name}"`);
  });

  it("is a page people can read with assistive technology: language, one h1, captioned tables with header cells, working links", () => {
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
    expect(html).toMatch(/<title>Parley API/);
    const tables = html.match(/<table>/g)?.length ?? 0;
    expect(tables).toBeGreaterThan(40);
    expect(html.match(/<table><caption>/g)).toHaveLength(tables);
    const ids = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
    const anchors = [...html.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]);
    expect(anchors.length).toBeGreaterThan(40);
    for (const anchor of anchors) expect(ids.has(anchor), anchor).toBe(true);
  });
});
