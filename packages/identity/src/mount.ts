import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type Provider from "oidc-provider";
import type { KoaContextWithOIDC } from "oidc-provider";
import { renderContinue } from "./pages";
import { OIDC_MOUNT_PATH } from "./provider";

/**
 * Hands every /oidc request (except the interaction pages, which are Fastify routes) to the
 * provider's Koa app, with the mount path stripped the way Express would. Bodies are left unread
 * for the provider to parse.
 */
export async function mountProvider(app: FastifyInstance, provider: Provider, options: { publicUrl: string }) {
  const headers = providerHeaders(options.publicUrl);
  provider.use(withoutInlineScripts);
  const callback = provider.callback();

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as FastifyRequest["raw"] & { originalUrl?: string };
      const url = raw.url ?? OIDC_MOUNT_PATH;
      raw.originalUrl = url;
      const rest = url.slice(OIDC_MOUNT_PATH.length);
      raw.url = rest.startsWith("/") ? rest : `/${rest}`;
      for (const [name, value] of Object.entries(headers)) reply.raw.setHeader(name, value);
      await callback(raw, reply.raw);
    };
    scope.all(OIDC_MOUNT_PATH, handler);
    scope.all(`${OIDC_MOUNT_PATH}/*`, handler);
  });
}

/**
 * The provider's responses carry their own CSP: no script at all, styles inline, forms only to
 * us and the app, and framing by our own origin (the SPA's silent sign-in iframe).
 */
function providerHeaders(publicUrl: string): Record<string, string> {
  const appOrigin = new URL(publicUrl).origin;
  return {
    "Content-Security-Policy": [
      "default-src 'none'",
      "style-src 'unsafe-inline'",
      "img-src 'self' data:",
      `form-action 'self' ${appOrigin}`,
      "frame-ancestors 'self'",
      "base-uri 'none'",
    ].join("; "),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
  };
}

const FORM_POST = /<form method="post" action="([^"]*)">([\s\S]*?)<noscript>/;
/** The provider escapes values (no `"` inside), so an input ends at the first `"/>`. */
const HIDDEN_INPUT = /<input type="hidden" name="[\w.-]+" value="[^"]*"\/>/g;

/**
 * oidc-provider answers a few requests (form_post responses, sign-out without a session) with a
 * page that submits a form from an inline script, which our CSP forbids. The same form is shown
 * instead with a visible Continue button.
 */
async function withoutInlineScripts(ctx: KoaContextWithOIDC, next: () => Promise<void>) {
  await next();
  if (typeof ctx.body !== "string" || !ctx.body.includes("<script")) return;
  const match = FORM_POST.exec(ctx.body);
  if (!match) return;
  const hiddenInputs = [...match[2]!.matchAll(HIDDEN_INPUT)].map((input) => input[0]).join("\n");
  ctx.body = renderContinue(unescapeHtml(match[1]!), hiddenInputs);
}

function unescapeHtml(value: string) {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
