import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, isPage, startAuthorization, startAuthServer, type Page } from "./support/auth-flow";

// Behind a proxy that appends the client's address to X-Forwarded-For (nginx's usual
// `proxy_add_x_forwarded_for`), a client's own X-Forwarded-For must not decide who it is: with
// TRUST_PROXY as one hop (`true`, `1`) or as the proxy's address, the address the proxy appended
// counts, not a forged 127.0.0.1 in front of it.

const CLIENT = "203.0.113.50";
/** What the proxy forwards when the client itself sent `X-Forwarded-For: <forged>`. */
const appended = (forged: string) => `${forged}, ${CLIENT}`;

describe.each(["true", "1", "127.0.0.1/8"])("TRUST_PROXY=%s behind a proxy appending X-Forwarded-For", (trustProxy) => {
  let server: Awaited<ReturnType<typeof startAuthServer>>;
  beforeAll(async () => {
    server = await startAuthServer({ env: { TRUST_PROXY: trustProxy, AUTH_IP_LIMIT: "3" } });
  }, 60_000);
  afterAll(() => server?.close());

  it("a forged X-Forwarded-For: 127.0.0.1 does not read /metrics; the proxy's own 127.0.0.1 does", async () => {
    const forged = await server.app.inject({ method: "GET", url: "/metrics", headers: { "x-forwarded-for": appended("127.0.0.1") } });
    expect(forged.statusCode).toBe(404);
    const local = await server.app.inject({ method: "GET", url: "/metrics", headers: { "x-forwarded-for": "127.0.0.1" } });
    expect(local.statusCode).toBe(200);
  });

  it("a forged address per attempt does not escape the per-address sign-in limit (3 here)", async () => {
    const headers: Record<string, string> = {};
    const browser = new Browser(server.baseUrl, headers);
    const flow = startAuthorization({ issuer: server.config.oidc.issuer, clientId: server.config.oidc.clientId, appUrl: server.baseUrl });
    let current = await browser.go(flow.authorizeUrl);
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      if (!isPage(current)) throw new Error("a wrong password signed in");
      headers["x-forwarded-for"] = appended(`10.0.0.${attempt}`);
      current = await browser.submit(current, { email: `nobody-${attempt}@example.com`, password: "wrong-password" });
      statuses.push((current as Page).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  }, 60_000);
});
