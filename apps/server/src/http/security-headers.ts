import type { FastifyInstance } from "fastify";

const REFERRER_POLICY = "strict-origin-when-cross-origin";

/**
 * `X-Content-Type-Options: nosniff` on every response. On every HTML document, a
 * Content-Security-Policy (scripts only from our own origin, no inline script, no framing),
 * `X-Frame-Options` and a Referrer-Policy; the Referrer-Policy also on redirects, whose next
 * request a browser sends with the redirect's policy. A JSON answer starts no navigation and
 * loads nothing, so a policy on it would govern nothing. `connectOrigins` adds an external
 * OpenID provider the SPA must reach.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { connectOrigins: string[] }) {
  const connect = ["'self'", ...options.connectOrigins].join(" ");
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    `connect-src ${connect}`,
    `form-action 'self' ${options.connectOrigins.join(" ")}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
  // A callback hook: no promise per response. Names in lower case, as Fastify keeps them.
  app.addHook("onSend", (_request, reply, payload, done) => {
    reply.header("x-content-type-options", "nosniff");
    const type = reply.getHeader("content-type");
    if (typeof type === "string" && type.startsWith("text/html")) {
      reply.header("content-security-policy", csp);
      reply.header("x-frame-options", "DENY");
      reply.header("referrer-policy", REFERRER_POLICY);
    } else if (reply.statusCode >= 300 && reply.statusCode < 400) {
      reply.header("referrer-policy", REFERRER_POLICY);
    }
    done(null, payload);
  });
}
