import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "./support/test-app";

const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';
let webRoot: string;
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), "parley-web-"));
  mkdirSync(join(webRoot, "assets"));
  writeFileSync(join(webRoot, "index.html"), INDEX);
  writeFileSync(join(webRoot, "assets", "index-abc123.js"), "console.log('app')");
  writeFileSync(join(webRoot, "assets", "index-abc123.js.br"), brotliCompressSync("console.log('app')"));
  writeFileSync(join(webRoot, "assets", "index-abc123.js.gz"), gzipSync("console.log('app')"));
  writeFileSync(join(webRoot, "logo.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  t = await createTestApp({ deps: { webRoot } });
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const html = { accept: "text/html,application/xhtml+xml" };

describe("serving the built web app", () => {
  it("serves index.html at / with no-cache and the security headers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/", headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
    expect(response.headers["cache-control"]).toBe("no-cache");
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("serves hashed assets with a year-long immutable cache", async () => {
    const response = await t.app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["content-type"]).toMatch(/javascript/);
  });

  it.each([
    ["br", "gzip, deflate, br", brotliDecompressSync],
    ["gzip", "gzip, deflate", gunzipSync],
  ] as const)("sends the build's %s copy of an asset to a browser that accepts it", async (encoding, acceptEncoding, decode) => {
    const response = await t.app.inject({ method: "GET", url: "/assets/index-abc123.js", headers: { "accept-encoding": acceptEncoding } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe(encoding);
    expect(response.headers["vary"]).toMatch(/accept-encoding/i);
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(decode(response.rawPayload).toString()).toBe("console.log('app')");
  });

  it("sends the asset as it is to a client that accepts no compression", async () => {
    const response = await t.app.inject({ method: "GET", url: "/assets/index-abc123.js", headers: { "accept-encoding": "identity" } });
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.body).toBe("console.log('app')");
  });

  it("revalidates other static files", async () => {
    const response = await t.app.inject({ method: "GET", url: "/logo.svg" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it.each(["/chat", "/chat/share/123", "/post/5", "/admin?tab=api", "/no/such/page"])("falls back to index.html for the client route %s", async (url) => {
    const response = await t.app.inject({ method: "GET", url, headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
    expect(response.headers["content-security-policy"]).toBeDefined();
  });

  it.each(["/api/v1/nope", "/api/other", "/trpc/nope.nope", "/healthz/extra"])("answers a JSON 404 for the unknown API path %s", async (url) => {
    const response = await t.app.inject({ method: "GET", url, headers: html });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/application\/json/);
    expect(response.body).not.toContain("<!doctype");
  });

  it("leaves unknown paths of the identity provider to it: a 404, never the web app", async () => {
    const response = await t.app.inject({ method: "GET", url: "/oidc/nothing", headers: html });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("<!doctype");
  });

  it("answers a JSON 404 for a missing asset instead of the page", async () => {
    const response = await t.app.inject({ method: "GET", url: "/assets/missing-123.js" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: expect.stringContaining("/assets/missing-123.js") });
  });
});

describe("health checks", () => {
  it("/healthz says the process is alive", async () => {
    const response = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });

  it("/readyz is 200 while the database answers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ready" });
  });
});

describe("public config", () => {
  it("tells the SPA how to sign in with the embedded provider", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/v1/config" });
    expect(response.json()).toEqual({
      oidc: {
        authority: "http://localhost:3000/oidc",
        clientId: "parley-web",
        audience: "http://localhost:3000/api",
        scope: "openid profile email offline_access",
        embedded: true,
      },
      payments: { enabled: false },
    });
  });
});
