import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Visitor } from "@parley/api";

/** Cookies a request's procedures set, sent with its answer (onSend below). */
const pending = new WeakMap<FastifyRequest, string[]>();

/** A cookie header's name=value pairs (values as sent: the API only sets URL-safe ones). */
function parseCookies(header: string | undefined): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0) jar.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  return jar;
}

const COOKIE_VALUE = /^[A-Za-z0-9._-]{1,4000}$/;
const COOKIE_NAME = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * The browser behind a request, as procedures see it (the context's `visitor`): its address
 * (Fastify's, which honours TRUST_PROXY) and its cookies. Cookies set are session cookies
 * (they end when the browser session does), HttpOnly, SameSite=Lax, Secure over HTTPS.
 */
export function visitorOf(request: FastifyRequest): Visitor {
  return new RequestVisitor(request);
}

/**
 * One per request, so it is a class: its methods live on the prototype, and making one costs a
 * field, not three closures (nor an object literal with an accessor, which the engine builds slowly).
 */
class RequestVisitor implements Visitor {
  private jar: Map<string, string> | undefined;
  constructor(private readonly request: FastifyRequest) {}

  /** Read when asked: behind a trusted proxy, Fastify works the address out on each read. */
  get address() {
    return this.request.ip;
  }

  get userAgent() {
    return this.request.headers["user-agent"] ?? "";
  }

  cookie(name: string) {
    this.jar ??= parseCookies(this.request.headers.cookie);
    return this.jar.get(name);
  }

  setCookie(name: string, value: string) {
    if (!COOKIE_NAME.test(name) || !COOKIE_VALUE.test(value)) throw new Error(`Cookie ${name} has a name or value a cookie cannot hold.`);
    const secure = this.request.protocol === "https" ? "; Secure" : "";
    const cookies = pending.get(this.request) ?? [];
    cookies.push(`${name}=${value}; Path=/; HttpOnly; SameSite=Lax${secure}`);
    pending.set(this.request, cookies);
  }
}

/** Sends the cookies a request's procedures set, on whichever path answered it (tRPC, REST). */
export function registerVisitorCookies(app: FastifyInstance) {
  // A callback hook, not an async one: it runs on every answer, and an async hook costs a promise and a turn of the microtask queue each time.
  app.addHook("onSend", (request, reply, payload, done) => {
    const cookies = pending.get(request);
    if (cookies) {
      pending.delete(request);
      const existing = reply.getHeader("set-cookie");
      const before = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
      reply.header("set-cookie", [...before, ...cookies]);
    }
    done(null, payload);
  });
}
