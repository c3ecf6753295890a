import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError, getPublicPost, getPublicPreviewStamp, getPublicPrompt, getPublicSession, PUBLIC_LINK_NOT_FOUND, type Transcript } from "@parley/api";
import { ANSWER_PARAM, isAnswerKey, LINK_MESSAGES, PROMPT_PUBLIC_PATH, type PublicPrompt } from "@parley/contracts";
import type { Executor } from "@parley/db";
import { escapeHtml, injectMeta } from "./page-meta";
import { previewEtag, type PreviewContent } from "./preview-image";
import { boundedExcerpt, type Preview, type Previews } from "./previews";

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

/**
 * The public pages /p/{token} (posts) and /s/{token} (conversations): the SPA's index.html with
 * Open Graph and Twitter tags filled in by the server (link preview crawlers do not run
 * scripts), and their preview images at /p/{token}/preview.png. A wrong or revoked token is a
 * 404. Every page says `X-Robots-Tag: noindex` unless its owner listed the post. Prompts' pages
 * /pp/{token} and their pictures too (registerPublicPromptPage).
 */
export function registerPublicPages(app: FastifyInstance, options: { db: Executor; publicUrl: string; webRoot: string | undefined; previews: Previews }) {
  const indexPath = options.webRoot ? join(options.webRoot, "index.html") : undefined;
  const indexHtml = indexPath && existsSync(indexPath) ? readFileSync(indexPath, "utf8") : undefined;

  for (const page of PAGES) {
    // A wrong or revoked token is a 404 page; any other failure (the database is down) stays an error.
    const find = async (token: string) =>
      page.load(options.db, token).catch((error: unknown) => {
        if (error instanceof AppError && error.kind === "NOT_FOUND") return null;
        throw error;
      });

    app.get(`/${page.prefix}/:token`, async (request: FastifyRequest<{ Params: { token: string }; Querystring: AnswerQuery }>, reply) => {
      const found = await find(request.params.token).catch(closedLink);
      if (found instanceof ClosedLink) return sendClosed(reply, found, indexHtml);
      const path = `/${page.prefix}/${request.params.token}`;
      if (!found) reply.status(404);
      reply.headers(publicTextHeaders(found?.indexable ?? false));
      const answer = answerKeyOf(request.query);
      if (!indexHtml) return reply.type("text/html; charset=utf-8").send(fallbackHtml(found, options.publicUrl, path, answer));
      return reply.type("text/html; charset=utf-8").send(injectMeta(indexHtml, found ? metaOf(found, options.publicUrl, path, answer) : notFoundMeta()));
    });

    app.get(
      `/${page.prefix}/:token/preview.png`,
      async (request: FastifyRequest<{ Params: { token: string }; Querystring: AnswerQuery }>, reply: FastifyReply) => {
        const answer = answerKeyOf(request.query);
        return servePreview(options, request, reply, page.prefix, answer, async () => {
          const found = await find(request.params.token);
          return found ? { content: previewContentOf(found.transcript, answer), indexable: found.indexable } : null;
        });
      },
    );
  }
  registerPublicPromptPage(app, options);
}

/**
 * A public link's preview image. The link is checked on every request (a revoked, expired,
 * capped or protected one stops showing its picture at once), but a picture this instance drew
 * under the same stamp is answered without reading what it shows; `read` reads it otherwise
 * (null: the link leads nowhere, a 404; a closed link's refusal is thrown as the page's is).
 */
async function servePreview(
  options: { db: Executor; previews: Previews },
  request: FastifyRequest<{ Params: { token: string } }>,
  reply: FastifyReply,
  prefix: "p" | "s" | "pp",
  answer: string | null,
  read: () => Promise<{ content: PreviewContent; indexable: boolean } | null>,
) {
  const { previews } = options;
  const link = await getPublicPreviewStamp(options.db, prefix, request.params.token);
  // A link to one answer has a picture of its own (that answer and its prompt).
  const stamp = link ? (answer ? `${link.stamp}:${ANSWER_PARAM}:${answer}` : link.stamp) : null;
  const cached = stamp === null ? undefined : previews.cached(stamp);
  if (cached) {
    reply.header("X-Robots-Tag", link!.indexable ? "all" : "noindex");
    return sendPreview(request, reply, cached.etag, () => cached);
  }
  const found = await read();
  if (!found) return reply.status(404).header("X-Robots-Tag", "noindex").send({ message: PUBLIC_LINK_NOT_FOUND });
  reply.header("X-Robots-Tag", found.indexable ? "all" : "noindex");
  return sendPreview(request, reply, previews.etagOf(found.content), () => previews.picture(found.content, stamp, request.ip));
}

/**
 * A published prompt's public page /pp/{token}: index.html with its name and the start of its
 * description or text in the preview tags, as a post's page has them, never indexed; and its
 * preview image /pp/{token}/preview.png (the name, the text's start and the author), served as a
 * post's. A wrong or revoked token, or a prompt made private or hidden since, is a 404; an
 * expired or capped link a 410 and a protected one a 403, with no picture.
 */
export function registerPublicPromptPage(app: FastifyInstance, options: { db: Executor; publicUrl: string; webRoot: string | undefined; previews: Previews }) {
  const indexPath = options.webRoot ? join(options.webRoot, "index.html") : undefined;
  const indexHtml = indexPath && existsSync(indexPath) ? readFileSync(indexPath, "utf8") : undefined;
  app.get(`${PROMPT_PUBLIC_PATH}:token`, async (request: FastifyRequest<{ Params: { token: string } }>, reply) => {
    const found = await getPublicPrompt(options.db, request.params.token).catch((error: unknown) => {
      if (error instanceof AppError && error.kind === "NOT_FOUND") return null;
      return closedLink(error);
    });
    if (found instanceof ClosedLink) return sendClosed(reply, found, indexHtml);
    if (!found) reply.status(404);
    reply.headers(publicTextHeaders(false));
    const meta = found ? promptMetaOf(found, `${options.publicUrl}${PROMPT_PUBLIC_PATH}${request.params.token}`) : notFoundMeta();
    if (indexHtml) return reply.type("text/html; charset=utf-8").send(injectMeta(indexHtml, meta));
    const head = injectMeta('<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Parley</title></head>', meta);
    const body = found ? `<main><h1>${escapeHtml(found.name)}</h1><pre>${escapeHtml(found.text)}</pre></main>` : "<main><h1>Not Found</h1></main>";
    return reply.type("text/html; charset=utf-8").send(`${head}<body>${body}</body></html>`);
  });

  app.get(`${PROMPT_PUBLIC_PATH}:token/preview.png`, async (request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) =>
    servePreview(options, request, reply, "pp", null, async () => {
      const found = await getPublicPrompt(options.db, request.params.token).catch((error: unknown) => {
        if (error instanceof AppError && error.kind === "NOT_FOUND") return null;
        throw error;
      });
      return found ? { content: promptPreviewOf(found), indexable: false } : null;
    }),
  );
}

/** What a prompt's picture shows: its name, the start of its text and its author. */
const promptPreviewOf = (prompt: PublicPrompt): PreviewContent => ({
  title: prompt.name,
  models: [],
  prompt: prompt.text.slice(0, 600),
  author: prompt.author.name,
});

function promptMetaOf(prompt: PublicPrompt, url: string) {
  const about = (prompt.description ?? prompt.text).replace(/\s+/g, " ").trim();
  const version = `v=${previewEtag(boundedExcerpt(promptPreviewOf(prompt))).slice(1, 13)}`;
  return {
    title: `${prompt.name} · Parley`,
    description: `A prompt by ${prompt.author.name}: ${about}`.slice(0, 200),
    url,
    image: `${url}/preview.png?${version}`,
    noindex: true,
  };
}

/** A preview image, or 304 when the client has it; revalidated on every use. */
async function sendPreview(request: FastifyRequest, reply: FastifyReply, etag: string, picture: () => Preview | Promise<Preview>) {
  reply.header("ETag", etag).header("Cache-Control", "public, no-cache");
  if (request.headers["if-none-match"] === etag) return reply.status(304).send();
  return reply.type("image/png").send((await picture()).png);
}

/** `?answer=<key>`: a link to one answer of the page (docs/reach.md, 'Links to one answer'). */
type AnswerQuery = { [ANSWER_PARAM]?: unknown };

/** The answer a page's address points at; anything that is not an answer's key is ignored (the whole page). */
const answerKeyOf = (query: AnswerQuery | undefined) => {
  const key = query?.[ANSWER_PARAM];
  return isAnswerKey(key) ? key : null;
};

/** The answer `key` names in a transcript and the prompt before it; null when it has none. */
function answerIn(t: Transcript, key: string | null) {
  if (key === null) return null;
  const index = t.messages.findIndex((m) => m.answer === key);
  if (index < 0) return null;
  const question = t.messages.slice(0, index).findLast((m) => m.role === "user")?.content ?? "";
  return { key, question, author: t.messages[index]!.author, content: t.messages[index]!.content };
}

function previewContentOf(t: Transcript, answerKey: string | null = null): PreviewContent {
  const answer = answerIn(t, answerKey);
  const prompt = answer ? answer.question : (t.messages.find((m) => m.role === "user")?.content ?? "");
  return {
    title: t.title,
    models: t.models,
    prompt: prompt.slice(0, 600),
    author: t.author,
    ...(answer ? { answer: { author: answer.author, content: answer.content.slice(0, 600) } } : {}),
  };
}

const flat = (text: string) => text.replace(/\s+/g, " ").trim();

/** The page's tags: for a link to one answer, that answer and the prompt before it, not the conversation's start. */
function metaOf(found: PublicPage, publicUrl: string, path: string, answerKey: string | null = null) {
  const t = found.transcript;
  const answer = answerIn(t, answerKey);
  const prompt = flat(t.messages.find((m) => m.role === "user")?.content ?? "");
  const models = t.models.length > 0 ? `Using ${t.models.join(", ")}. ` : "";
  const description = (answer ? `${answer.author} on “${flat(answer.question).slice(0, 80)}”: ${flat(answer.content)}` : `${models}${prompt}`).slice(0, 200);
  const query = answer ? `?${ANSWER_PARAM}=${answer.key}` : "";
  const version = `v=${previewEtag(boundedExcerpt(previewContentOf(t, answerKey))).slice(1, 13)}`;
  return {
    title: answer ? `${answer.author} · ${t.title} · Parley` : `${t.title} · Parley`,
    description,
    url: `${publicUrl}${path}${query}`,
    image: `${publicUrl}${path}/preview.png${query ? `${query}&` : "?"}${version}`,
    noindex: !found.indexable,
  };
}

/** A link that is there but closed to this reader: expired or capped (410), or waiting for its password (403). */
class ClosedLink {
  constructor(readonly error: AppError) {}
}

/** A closed link's refusal as a ClosedLink; any other failure stays an error. */
function closedLink(error: unknown): ClosedLink {
  if (error instanceof AppError && (error.kind === "GONE" || error.kind === "FORBIDDEN")) return new ClosedLink(error);
  throw error;
}

/**
 * The page of a closed link: the web app (which asks for the password, or says the link has
 * expired) with tags that tell a link preview nothing of what is behind it.
 */
function sendClosed(reply: FastifyReply, closed: ClosedLink, indexHtml: string | undefined) {
  const gone = closed.error.kind === "GONE";
  const meta = {
    title: gone ? "Link expired · Parley" : "Protected link · Parley",
    description: gone ? LINK_MESSAGES.gone : LINK_MESSAGES.passwordRequired,
    url: null,
    image: null,
    noindex: true,
  };
  // The link's state can change the next moment (its owner lifts the cap): never kept.
  reply
    .status(gone ? 410 : 403)
    .headers({ ...publicTextHeaders(false), "Cache-Control": "no-store" })
    .type("text/html; charset=utf-8");
  const page =
    indexHtml ?? '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Parley</title></head><body><main><h1></h1></main></body></html>';
  return reply.send(injectMeta(page, meta).replace("<h1></h1>", `<h1>${escapeHtml(meta.description)}</h1>`));
}

const notFoundMeta = () => ({ title: "Not Found · Parley", description: "This link does not lead anywhere.", url: null, image: null, noindex: true });

/** Without a built web app the page is still readable: the meta tags and the text itself. */
function fallbackHtml(found: PublicPage | null, publicUrl: string, path: string, answerKey: string | null) {
  const meta = found ? metaOf(found, publicUrl, path, answerKey) : notFoundMeta();
  const head = injectMeta('<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Parley</title></head>', meta);
  const body = found
    ? `<main><h1>${escapeHtml(found.transcript.title)}</h1>${found.transcript.messages.map((m) => `<h2>${escapeHtml(m.author)}</h2><p>${escapeHtml(m.content)}</p>`).join("")}</main>`
    : "<main><h1>Not Found</h1></main>";
  return `${head}<body>${body}</body></html>`;
}
