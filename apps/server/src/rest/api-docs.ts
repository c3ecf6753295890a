import type { FastifyInstance } from "fastify";
import type { RestRoute } from "./adapter";
import { renderDocsPage } from "./docs-page";
import { buildOpenApiDocument } from "./openapi";

/**
 * Serves the API's description, built from the REST table and the zod schemas: the OpenAPI 3.1
 * document at /api/v1/openapi.json and a readable page at /api/docs. Both are made once, on the
 * first request (about 0.1 s), so an app that never serves them (every test) does not pay for it.
 */
export function registerApiDocs(app: FastifyInstance, routes: readonly RestRoute[], publicUrl: string) {
  let built: { json: string; page: string } | undefined;
  const docs = () => {
    if (!built) {
      const document = buildOpenApiDocument(routes, { version: "1.0.0", serverUrl: publicUrl });
      built = { json: JSON.stringify(document), page: renderDocsPage(document) };
    }
    return built;
  };
  app.get("/api/v1/openapi.json", (_request, reply) => reply.type("application/json; charset=utf-8").header("Cache-Control", "no-cache").send(docs().json));
  app.get("/api/docs", (_request, reply) => reply.type("text/html; charset=utf-8").header("Cache-Control", "no-cache").send(docs().page));
}
