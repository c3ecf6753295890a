import type { FastifyInstance } from "fastify";
import type { RestRoute } from "./adapter";
import { renderDocsPage } from "./docs-page";
import { buildOpenApiDocument } from "./openapi";

/**
 * Serves the API's description, built once at start-up from the REST table and the zod schemas:
 * the OpenAPI 3.1 document at /api/v1/openapi.json and a readable page at /api/docs.
 */
export function registerApiDocs(app: FastifyInstance, routes: readonly RestRoute[], publicUrl: string) {
  const document = buildOpenApiDocument(routes, { version: "1.0.0", serverUrl: publicUrl });
  const json = JSON.stringify(document);
  const page = renderDocsPage(document);
  app.get("/api/v1/openapi.json", (_request, reply) => reply.type("application/json; charset=utf-8").header("Cache-Control", "no-cache").send(json));
  app.get("/api/docs", (_request, reply) => reply.type("text/html; charset=utf-8").header("Cache-Control", "no-cache").send(page));
}
