import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { noRouteMessage } from "./not-found";

/** Paths that belong to the API: an unknown one is a JSON 404, never the SPA. */
const API_PREFIXES = ["/api", "/trpc", "/oidc", "/healthz", "/readyz", "/billing"];
const isApiPath = (url: string) => API_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`));

/**
 * Serves the built SPA from `root`: hashed files under /assets/ cached for a year (their brotli
 * or gzip copy from the build when the browser accepts it), everything else revalidated, and index.html (no-cache) for any other GET that accepts HTML, so client
 * routes survive a reload. Without a build, the API still works and pages say how to build.
 */
export async function registerSpa(app: FastifyInstance, root: string | undefined) {
  const indexPath = root ? join(root, "index.html") : undefined;
  const indexHtml = indexPath && existsSync(indexPath) ? readFileSync(indexPath) : undefined;

  if (root && indexHtml) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: true,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${join(root, "assets")}`);
        res.header("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
    app.get("/", (_request, reply) => sendIndex(reply, indexHtml));
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.raw.url ?? "/";
    const wantsHtml = (request.method === "GET" || request.method === "HEAD") && /text\/html/.test(request.headers.accept ?? "");
    if (isApiPath(url) || !wantsHtml) {
      return reply.status(404).send({ message: noRouteMessage(request.method, url) });
    }
    if (!indexHtml) {
      return reply
        .status(503)
        .type("text/html; charset=utf-8")
        .send("<!doctype html><title>Parley</title><p>The web app is not built. Run <code>pnpm build</code>.</p>");
    }
    return sendIndex(reply, indexHtml);
  });
}

function sendIndex(reply: FastifyReply, indexHtml: Buffer) {
  return reply.type("text/html; charset=utf-8").header("Cache-Control", "no-cache").send(indexHtml);
}
