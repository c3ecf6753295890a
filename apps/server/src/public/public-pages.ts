import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError, getPublicPost, getPublicSession, type Transcript } from "@parley/api";
import type { Executor } from "@parley/db";
import { escapeHtml, injectMeta } from "./page-meta";
import { previewEtag, renderPreviewImage, type PreviewContent } from "./preview-image";

type PublicPage = { indexable: boolean; transcript: Transcript };
type Loader = (db: Executor, token: string) => Promise<PublicPage>;

const PAGES: { prefix: "p" | "s"; load: Loader }[] = [
  { prefix: "p", load: getPublicPost },
  { prefix: "s", load: getPublicSession },
];

/**
 * What a public link's text (its page, and its JSON row) tells caches and search engines: ask
 * again every time, so a revoked link stops at once, and index only what the owner listed.
 */
export const publicTextHeaders = (indexable: boolean) => ({ "Cache-Control": "no-cache", "X-Robots-Tag": indexable ? "all" : "noindex" });

/** Rendered previews by ETag; a few hundred recent ones are kept. */
const MAX_CACHED = 200;

/**
 * The public pages /p/{token} (posts) and /s/{token} (conversations): the SPA's index.html with
 * Open Graph and Twitter tags filled in by the server (link preview crawlers do not run
 * scripts), and their preview images at /p/{token}/preview.png. A wrong or revoked token is a
 * 404. Every page says `X-Robots-Tag: noindex` unless its owner listed the post.
 */
export function registerPublicPages(app: FastifyInstance, options: { db: Executor; publicUrl: string; webRoot: string | undefined }) {
  const indexPath = options.webRoot ? join(options.webRoot, "index.html") : undefined;
  const indexHtml = indexPath && existsSync(indexPath) ? readFileSync(indexPath, "utf8") : undefined;
  const images = new Map<string, Buffer>();

  for (const page of PAGES) {
    // A wrong or revoked token is a 404 page; any other failure (the database is down) stays an error.
    const find = async (token: string) =>
      page.load(options.db, token).catch((error: unknown) => {
        if (error instanceof AppError && error.kind === "NOT_FOUND") return null;
        throw error;
      });

    app.get(`/${page.prefix}/:token`, async (request: FastifyRequest<{ Params: { token: string } }>, reply) => {
      const found = await find(request.params.token);
      const path = `/${page.prefix}/${request.params.token}`;
      if (!found) reply.status(404);
      reply.headers(publicTextHeaders(found?.indexable ?? false));
      if (!indexHtml) return reply.type("text/html; charset=utf-8").send(fallbackHtml(found, options.publicUrl, path));
      return reply.type("text/html; charset=utf-8").send(injectMeta(indexHtml, found ? metaOf(found, options.publicUrl, path) : notFoundMeta()));
    });

    app.get(`/${page.prefix}/:token/preview.png`, async (request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
      const found = await find(request.params.token);
      if (!found) return reply.status(404).header("X-Robots-Tag", "noindex").send({ message: "This link does not lead anywhere. It may have been turned off by its owner." });
      const content = previewContentOf(found.transcript);
      const etag = previewEtag(content);
      // Revalidated on every use, so a revoked link stops showing its picture at once.
      reply.header("ETag", etag).header("Cache-Control", "public, no-cache").header("X-Robots-Tag", found.indexable ? "all" : "noindex");
      if (request.headers["if-none-match"] === etag) return reply.status(304).send();
      let png = images.get(etag);
      if (!png) {
        png = await renderPreviewImage(content);
        if (images.size >= MAX_CACHED) images.delete(images.keys().next().value!);
        images.set(etag, png);
      }
      return reply.type("image/png").send(png);
    });
  }
}

function previewContentOf(t: Transcript): PreviewContent {
  const prompt = t.messages.find((m) => m.role === "user")?.content ?? "";
  return { title: t.title, models: t.models, prompt: prompt.slice(0, 600), author: t.author };
}

function metaOf(found: PublicPage, publicUrl: string, path: string) {
  const t = found.transcript;
  const prompt = t.messages.find((m) => m.role === "user")?.content.replace(/\s+/g, " ").trim() ?? "";
  const models = t.models.length > 0 ? `Using ${t.models.join(", ")}. ` : "";
  const description = `${models}${prompt}`.slice(0, 200);
  return {
    title: `${t.title} · Parley`,
    description,
    url: `${publicUrl}${path}`,
    image: `${publicUrl}${path}/preview.png?v=${previewEtag(previewContentOf(t)).slice(1, 13)}`,
    noindex: !found.indexable,
  };
}

const notFoundMeta = () => ({ title: "Not Found · Parley", description: "This link does not lead anywhere.", url: null, image: null, noindex: true });

/** Without a built web app the page is still readable: the meta tags and the text itself. */
function fallbackHtml(found: PublicPage | null, publicUrl: string, path: string) {
  const meta = found ? metaOf(found, publicUrl, path) : notFoundMeta();
  const head = injectMeta("<!doctype html><html lang=\"en\"><head><meta charset=\"UTF-8\" /><title>Parley</title></head>", meta);
  const body = found
    ? `<main><h1>${escapeHtml(found.transcript.title)}</h1>${found.transcript.messages.map((m) => `<h2>${escapeHtml(m.author)}</h2><p>${escapeHtml(m.content)}</p>`).join("")}</main>`
    : "<main><h1>Not Found</h1></main>";
  return `${head}<body>${body}</body></html>`;
}
