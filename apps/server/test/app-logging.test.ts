import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REDACTED_PATHS } from "../src/app";
import { createTestApp, logCapture } from "./support/test-app";

const logs = logCapture();
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({
    deps: { logger: { level: "info", stream: logs.stream, redact: { paths: REDACTED_PATHS, censor: "[redacted]" } } },
  });
});
afterAll(() => t.close());

describe("request logs", () => {
  it("are JSON lines carrying the request id, taken from x-request-id when given", async () => {
    await t.app.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": "trace-abc" } });
    const lines = logs.lines.filter((line) => line.reqId === "trace-abc");
    expect(lines.map((l) => l.msg)).toEqual(["incoming request", "request completed"]);
  });

  it("generate a unique request id otherwise", async () => {
    await t.app.inject({ method: "GET", url: "/healthz" });
    await t.app.inject({ method: "GET", url: "/healthz" });
    const ids = new Set(logs.lines.filter((l) => l.msg === "incoming request").map((l) => l.reqId));
    expect(ids.size).toBeGreaterThanOrEqual(3);
  });

  it("never contain a bearer token or cookie", async () => {
    await t.app.inject({
      method: "GET",
      url: "/api/v1/messages/protected",
      headers: { authorization: "Bearer secret-token-123", cookie: "session=secret-cookie-456" },
    });
    const all = logs.raw.join("");
    expect(all).toContain("/api/v1/messages/protected");
    expect(all).not.toContain("secret-token-123");
    expect(all).not.toContain("secret-cookie-456");
  });

  it("show the path but not the query of /callback, /oidc and tRPC requests; other queries stay", async () => {
    await t.app.inject({ method: "GET", url: "/callback?code=code-secret-321&state=state-654" });
    await t.app.inject({ method: "GET", url: "/oidc/auth?client_id=parley-web&code_challenge=challenge-987" });
    await t.app.inject({ method: "GET", url: `/trpc/post.list?input=${encodeURIComponent('{"category":"words-a-user-typed"}')}` });
    await t.app.inject({ method: "GET", url: "/api/v1/post/getRecentPosts?limit=7" });
    const urls = logs.lines.filter((l) => l.msg === "incoming request").map((l) => (l.req as { url: string }).url);
    expect(urls).toEqual(expect.arrayContaining(["/callback?[redacted]", "/oidc/auth?[redacted]", "/trpc/post.list?[redacted]", "/api/v1/post/getRecentPosts?limit=7"]));
    expect(logs.raw.join("")).not.toMatch(/code-secret-321|state-654|challenge-987|words-a-user-typed/);
  });

  it("redact credentials even when a handler logs the headers or a body", () => {
    t.app.log.info({ req: { headers: { authorization: "Bearer leaked-789" } }, body: { open_ai_key: "sk-leak-000", password: "pw-leak" } }, "probe");
    const all = logs.raw.join("");
    expect(all).toContain("probe");
    expect(all).not.toMatch(/leaked-789|sk-leak-000|pw-leak/);
  });
});
