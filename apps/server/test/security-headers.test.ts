// Which security headers each kind of answer carries: nosniff on all, the document policies
// (CSP, framing, referrer) on HTML, the referrer policy on redirects too.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Fastify, { type FastifyInstance } from "fastify";
import { registerSecurityHeaders } from "../src/http/security-headers";

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ logger: false });
  registerSecurityHeaders(app, { connectOrigins: ["https://id.example.com"] });
  app.get("/json", async () => ({ ok: true }));
  app.get("/page", async (_request, reply) => reply.type("text/html; charset=utf-8").send("<!doctype html><title>x</title>"));
  app.get("/away", async (_request, reply) => reply.redirect("/page", 303));
  app.get("/text", async (_request, reply) => reply.type("text/plain").send("plain"));
  app.get("/fails", async () => {
    throw new Error("fault");
  });
  await app.ready();
});
afterAll(() => app.close());

describe("security headers", () => {
  it("put every document policy on an HTML page, the external sign-in origin allowed", async () => {
    const { headers } = await app.inject({ method: "GET", url: "/page" });
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    const csp = String(headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self' https://id.example.com;");
    expect(csp).toContain("form-action 'self' https://id.example.com;");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("give a redirect the referrer policy its next request is sent with", async () => {
    const response = await app.inject({ method: "GET", url: "/away" });
    expect(response.statusCode).toBe(303);
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-security-policy"]).toBeUndefined();
  });

  it.each(["/json", "/text"])("keep %s from being sniffed as something else, with no document policies", async (url) => {
    const { headers } = await app.inject({ method: "GET", url });
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["content-security-policy"]).toBeUndefined();
    expect(headers["x-frame-options"]).toBeUndefined();
    expect(headers["referrer-policy"]).toBeUndefined();
  });

  it.each([
    ["/nowhere", 404],
    ["/fails", 500],
  ])("reach an answer that is not the route's own: %s (%i)", async (url, status) => {
    const response = await app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(status);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });
});
