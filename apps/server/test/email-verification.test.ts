import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInThroughPages, startAuthServer } from "./support/auth-flow";
import { logCapture } from "./support/test-app";

// The profile's way to verify an address (issue 38, item 30). The embedded sign-in sends no mail:
// the profile asks for a new verification link, which the server writes to its log for whoever
// runs it, and the link logged before stops working. With an external provider the profile is
// told that the provider verifies addresses, and no link is made.

const LINK = /\/oidc\/verify\/[A-Za-z0-9_-]{32}/;

describe("with the embedded sign-in", () => {
  const logs = logCapture();
  let server: Awaited<ReturnType<typeof startAuthServer>>;
  beforeAll(async () => {
    server = await startAuthServer({ deps: { logger: { level: "info", stream: logs.stream } } });
  }, 60_000);
  afterAll(() => server?.close());

  const call = (token: string, method: "GET" | "POST", url: string) => server.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
  async function signUp(name: string, email: string) {
    const token = (await signInThroughPages(server, { name, email, password: `${name}-password` }, { signUp: true })).tokens.access_token;
    expect(
      (await server.app.inject({ method: "POST", url: "/api/v1/user/addUser", headers: { authorization: `Bearer ${token}` }, payload: {} })).statusCode,
    ).toBe(200);
    return token;
  }
  const loggedLinks = (email: string) =>
    logs.lines.filter((l) => typeof l.msg === "string" && l.msg.includes(email) && LINK.test(l.msg)).map((l) => LINK.exec(String(l.msg))![0]);

  it("a new verification link asked for from the profile is logged, replaces the sign-up's, and verifies the address", async () => {
    const token = await signUp("Lea", "lea@example.com");
    expect((await call(token, "GET", "/api/v1/user/verification")).json()).toEqual({
      email: "lea@example.com",
      verified: false,
      method: "link",
      provider: null,
    });
    const [signUpLink] = loggedLinks("lea@example.com");
    expect(signUpLink).toBeDefined();

    const asked = await call(token, "POST", "/api/v1/user/verification");
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ requested: true, email: "lea@example.com" });
    const links = loggedLinks("lea@example.com");
    expect(links).toHaveLength(2);
    const line = logs.lines.find((l) => typeof l.msg === "string" && l.msg.includes(links[1]!));
    expect(line).toMatchObject({ level: 40, msg: expect.stringContaining("Verification asked for from the profile of lea@example.com") });
    // Only the newest link works, once.
    expect((await server.app.inject({ method: "GET", url: signUpLink! })).statusCode).toBe(404);
    const opened = await server.app.inject({ method: "GET", url: links[1]! });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain("lea@example.com is verified");
    expect((await call(token, "GET", "/api/v1/user/usersettings")).json()).toMatchObject({ email_verified: true });
    expect((await call(token, "GET", "/api/v1/user/verification")).json()).toMatchObject({ verified: true });

    // Once verified, there is nothing to ask for.
    const again = await call(token, "POST", "/api/v1/user/verification");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Your address is verified already.");
    expect(loggedLinks("lea@example.com")).toHaveLength(2);
  });

  it("asking is limited per person: the sixth link in an hour is refused with when to try again", async () => {
    const token = await signUp("Max", "max@example.com");
    for (let i = 0; i < 5; i++) expect((await call(token, "POST", "/api/v1/user/verification")).statusCode).toBe(200);
    const refused = await call(token, "POST", "/api/v1/user/verification");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many verification links; try again in \d+ seconds?\.$/);
    expect(refused.headers["retry-after"]).toBeDefined();
    // One sign-up link and five asked for; the refused one made none.
    expect(loggedLinks("max@example.com")).toHaveLength(6);
  });
});

describe("with an external identity provider", () => {
  let issuer: Awaited<ReturnType<typeof startAuthServer>>;
  let app: Awaited<ReturnType<typeof startAuthServer>>;
  beforeAll(async () => {
    issuer = await startAuthServer();
    app = await startAuthServer({
      env: { OIDC_ISSUER: issuer.config.oidc.issuer, OIDC_CLIENT_ID: issuer.config.oidc.clientId, OIDC_AUDIENCE: issuer.config.oidc.audience },
    });
  }, 90_000);
  afterAll(async () => {
    await app?.close();
    await issuer?.close();
  });

  it("the profile is told that the provider verifies addresses, and no link is made", async () => {
    const { tokens } = await signInThroughPages(issuer, { name: "Out", email: "out@example.com", password: "outside-pass" }, { signUp: true });
    const headers = { authorization: `Bearer ${tokens.access_token}` };
    expect((await app.app.inject({ method: "POST", url: "/api/v1/user/addUser", headers, payload: {} })).statusCode).toBe(200);
    const host = new URL(issuer.config.oidc.issuer).host;
    expect((await app.app.inject({ url: "/api/v1/user/verification", headers })).json()).toEqual({
      email: "out@example.com",
      verified: false,
      method: "provider",
      provider: host,
    });
    const asked = await app.app.inject({ method: "POST", url: "/api/v1/user/verification", headers });
    expect(asked.statusCode).toBe(409);
    expect(asked.json().message).toBe(
      `Your sign-in provider (${host}) verifies your address: verify it there (look for its e-mail), then choose 'Check again'.`,
    );
  });
});
