import type { FastifyInstance } from "fastify";

/**
 * Headers on every response, and a Content-Security-Policy on every HTML response: scripts only
 * from our own origin (no inline script), no framing. `connectOrigins` adds an external OpenID
 * provider the SPA must reach.
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
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
    const type = reply.getHeader("content-type");
    if (typeof type === "string" && type.startsWith("text/html")) {
      reply.header("content-security-policy", csp);
      reply.header("x-frame-options", "DENY");
    }
    done(null, payload);
  });
}
