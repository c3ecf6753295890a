import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "@parley/contracts";
import { users } from "@parley/db";
import { signInThroughPages, startAuthServer } from "./support/auth-flow";
import { startFakeIssuer } from "./support/fake-issuer";

// Any OpenID provider: a second Parley server's embedded provider plays an independent issuer,
// and the app under test is pointed at it through OIDC_ISSUER / OIDC_CLIENT_ID / OIDC_AUDIENCE,
// discovering its keys over HTTP as it would with Auth0, Keycloak or Okta.

let issuerServer: Awaited<ReturnType<typeof startAuthServer>>;
let otherIssuer: Awaited<ReturnType<typeof startAuthServer>>;
let app: Awaited<ReturnType<typeof startAuthServer>>;

beforeAll(async () => {
  issuerServer = await startAuthServer();
  otherIssuer = await startAuthServer();
  app = await startAuthServer({
    env: {
      OIDC_ISSUER: issuerServer.config.oidc.issuer,
      OIDC_CLIENT_ID: issuerServer.config.oidc.clientId,
      OIDC_AUDIENCE: issuerServer.config.oidc.audience,
    },
  });
}, 90_000);

afterAll(async () => {
  await app?.close();
  await issuerServer?.close();
  await otherIssuer?.close();
});

const call = (token: string, url: string) => app.app.inject({ url, headers: { authorization: `Bearer ${token}` } });

describe("an app configured with an external issuer", () => {
  it("runs no provider of its own and tells the SPA to use the external one", async () => {
    expect((await app.app.inject({ url: "/oidc/.well-known/openid-configuration" })).statusCode).toBe(404);
    const config = (await app.app.inject({ url: "/api/v1/config" })).json();
    expect(config).toMatchObject({
      oidc: {
        authority: issuerServer.config.oidc.issuer,
        clientId: "parley-web",
        audience: issuerServer.config.oidc.audience,
        embedded: false,
      },
    });
  });

  it("accepts an access token from that issuer on REST and tRPC, and sets the account up under it", async () => {
    const { tokens } = await signInThroughPages(issuerServer, { name: "Outside", email: "outside@example.com", password: "external-pass" }, { signUp: true });
    const rest = await call(tokens.access_token, "/api/v1/messages/protected");
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toEqual({ text: MESSAGES.protectedDemo });
    expect((await call(tokens.access_token, "/trpc/messages.protected")).statusCode).toBe(200);

    const setup = await app.app.inject({
      method: "POST",
      url: "/api/v1/user/addUser",
      headers: { authorization: `Bearer ${tokens.access_token}` },
      payload: { user: { name: "Outside", email: "outside@example.com" } },
    });
    expect(setup.statusCode).toBe(200);
    expect(setup.json()).toMatchObject({ created: true });
  });

  it("refuses that issuer's ID token, and tokens of another issuer", async () => {
    const { tokens } = await signInThroughPages(issuerServer, { name: "Id Token", email: "idtoken@example.com", password: "external-pass" }, { signUp: true });
    expect((await call(tokens.id_token, "/api/v1/messages/protected")).statusCode).toBe(401);

    const other = await signInThroughPages(otherIssuer, { name: "Elsewhere", email: "elsewhere@example.com", password: "another-pass" }, { signUp: true });
    expect((await call(other.tokens.access_token, "/api/v1/messages/protected")).statusCode).toBe(401);
    expect((await call(other.tokens.access_token, "/trpc/messages.protected")).statusCode).toBe(401);
  });
});

describe("an issuer whose access tokens carry no profile", () => {
  let issuer: Awaited<ReturnType<typeof startFakeIssuer>>;
  let server: Awaited<ReturnType<typeof startAuthServer>>;
  beforeAll(async () => {
    issuer = await startFakeIssuer({ audience: "https://api.parley.test", clientId: "parley-spa" });
    server = await startAuthServer({
      env: { OIDC_ISSUER: issuer.issuer, OIDC_CLIENT_ID: "parley-spa", OIDC_AUDIENCE: "https://api.parley.test" },
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await issuer?.close();
  });

  const addUser = (token: string, user: object) =>
    server.app.inject({ method: "POST", url: "/api/v1/user/addUser", headers: { authorization: `Bearer ${token}` }, payload: { user } });
  const rowOf = async (subject: string) => (await server.db.db.select().from(users).where(eq(users.subject, subject)))[0];

  it("the profile comes from the issuer's userinfo, not from the body, fetched once per token", async () => {
    issuer.profiles.set("auth0|grace", { email: "grace@example.com", email_verified: false, name: "Grace Hopper", picture: "https://example.com/g.png" });
    const token = await issuer.mint("auth0|grace");
    const spoofed = { email: "billing@bank.example", email_verified: true, name: "The Bank", picture: "https://evil.example/x.png", nickname: "grace" };
    const before = issuer.userinfoRequests;
    expect((await addUser(token, spoofed)).statusCode).toBe(200);
    expect((await addUser(token, spoofed)).json()).toMatchObject({ created: false });
    expect(await rowOf("auth0|grace")).toMatchObject({
      email: "grace@example.com",
      emailVerified: false,
      name: "Grace Hopper",
      picture: "https://example.com/g.png",
      nickname: "grace",
    });
    expect(issuer.userinfoRequests - before).toBe(1);
  });

  it("profile claims in the access token are used as they are, without asking userinfo", async () => {
    const token = await issuer.mint("auth0|linus", { email: "linus@example.com", email_verified: true, name: "Linus" });
    const before = issuer.userinfoRequests;
    await addUser(token, { email: "someone@else.example", name: "Someone" });
    expect(await rowOf("auth0|linus")).toMatchObject({ email: "linus@example.com", emailVerified: true, name: "Linus" });
    expect(issuer.userinfoRequests).toBe(before);
  });
});
