import type { FastifyInstance, FastifyRequest } from "fastify";
import { isAdminIdentity, type AdminRule } from "@parley/api";
import type { Authenticator } from "../auth/authenticator";
import { renderDocsPage } from "./docs-page";
import { buildOpenApiDocument } from "./openapi-document";
import type { RestRow } from "./rows";

type Docs = { json: string; page: string };

/**
 * Serves the API's description, built from the REST rows declared on the procedures and their
 * zod schemas: the OpenAPI 3.1 document at /api/v1/openapi.json and a readable page at /api/docs. The admin paths are listed
 * to admins only (a request whose Authorization names one); to anyone else they do not exist, as
 * the paths themselves answer. Each version is made once, on its first request (about 0.1 s), so
 * an app that never serves them (every test) does not pay for it.
 */
export function registerApiDocs(
  app: FastifyInstance,
  routes: readonly RestRow[],
  options: { publicUrl: string; authenticator: Authenticator; admins: AdminRule },
) {
  const versions = new Map<boolean, Docs>();
  const docs = (forAdmin: boolean) => {
    let built = versions.get(forAdmin);
    if (!built) {
      const listed = forAdmin ? routes : routes.filter((route) => route.access !== "admin");
      const document = buildOpenApiDocument(listed, { version: "1.0.0", serverUrl: options.publicUrl });
      built = { json: JSON.stringify(document), page: renderDocsPage(document) };
      versions.set(forAdmin, built);
    }
    return built;
  };
  const isAdmin = async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (header === undefined) return false;
    return isAdminIdentity(await options.authenticator.authenticate(header), options.admins);
  };
  app.get("/api/v1/openapi.json", async (request, reply) => {
    const forAdmin = await isAdmin(request);
    return reply.type("application/json; charset=utf-8").headers(cacheHeaders(forAdmin)).send(docs(forAdmin).json);
  });
  app.get("/api/docs", async (request, reply) => {
    const forAdmin = await isAdmin(request);
    return reply.type("text/html; charset=utf-8").headers(cacheHeaders(forAdmin)).send(docs(forAdmin).page);
  });
}

/** The answer depends on who asks: caches keep the two versions apart, and never store an admin's. */
const cacheHeaders = (forAdmin: boolean) => ({ "Cache-Control": forAdmin ? "private, no-store" : "no-cache", Vary: "Authorization" });
