import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calculateJwkThumbprint, decodeJwt, exportJWK, generateKeyPair, importJWK, SignJWT } from "jose";
import { createKeyVault } from "@parley/keys";
import { oidcPayloads, serverSecrets } from "@parley/db";
import { buildApp } from "../src/app";
import { createAuthenticator } from "../src/auth/create-authenticator";
import { createOidcAdapterFactory, loadCookieKeys, loadSigningKeys } from "@parley/identity";
import { signInThroughPages, startAuthServer, type Tokens } from "./support/auth-flow";

// The embedded provider keeps its state in the database: a second server instance on the same
// database (or the same server after a restart) verifies the tokens and continues the sessions.

let server: Awaited<ReturnType<typeof startAuthServer>>;
beforeAll(async () => {
  server = await startAuthServer();
}, 60_000);
afterAll(() => server?.close());

async function refresh(via: (body: string) => Promise<{ status: number; json: unknown }>, refreshToken: string) {
  return via(new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken, client_id: "parley-web" }).toString());
}

const overHttp = async (body: string) => {
  const response = await fetch(`${server.config.oidc.issuer}/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body,
  });
  return { status: response.status, json: (await response.json()) as unknown };
};

describe("discovery and keys", () => {
  it("advertises code + PKCE S256 only, refresh tokens, and public keys only", async () => {
    const discovery = (await (await fetch(`${server.config.oidc.issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer: server.config.oidc.issuer,
      response_types_supported: ["code"],
      code_challenge_methods_supported: ["S256"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      token_endpoint_auth_methods_supported: ["none"],
    });
    const jwks = (await (await fetch(String(discovery.jwks_uri))).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig" });
    for (const privatePart of ["d", "p", "q", "dp", "dq", "qi"]) expect(jwks.keys[0]).not.toHaveProperty(privatePart);
  });

  it("keys generated at once by several instances end up as one set that all of them use", async () => {
    const fresh = await startAuthServer();
    try {
      await fresh.db.db.delete(serverSecrets);
      const loads = await Promise.all([1, 2, 3, 4].map(() => loadSigningKeys(fresh.db.db, fresh.keys)));
      expect(new Set(loads.map((keys) => keys[0]!.kid)).size).toBe(1);
      const cookies = await Promise.all([1, 2, 3].map(() => loadCookieKeys(fresh.db.db, fresh.keys)));
      expect(new Set(cookies.map((keys) => keys[0])).size).toBe(1);
      expect(await fresh.db.db.select().from(serverSecrets)).toHaveLength(2);
    } finally {
      await fresh.close();
    }
  }, 60_000);
});

describe("keys at rest", () => {
  const secretValue = async (db: typeof server.db.db, name: string) => (await db.select().from(serverSecrets).where(eq(serverSecrets.name, name)))[0]!.value;

  it("the signing and cookie keys are stored sealed under ENCRYPTION_KEY: the stored values are no JWK or key list", async () => {
    for (const name of ["oidc.signing_keys", "oidc.cookie_keys"]) {
      const stored = await secretValue(server.db.db, name);
      expect(stored).toMatch(/^v1\./);
      expect(() => JSON.parse(stored) as unknown).toThrow();
      expect(stored).not.toMatch(/"kty"|"d"|"n"/);
    }
  });

  it("a database holding the keys in plaintext (older versions) is sealed at start, and its key still signs and verifies", async () => {
    const fresh = await startAuthServer();
    const { privateKey } = await generateKeyPair("RS256", { extractable: true });
    const jwk = await exportJWK(privateKey);
    const oldKey = { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: "RS256", use: "sig" };
    const plaintext = JSON.stringify([oldKey]);
    await fresh.db.db.delete(serverSecrets);
    await fresh.db.db.insert(serverSecrets).values([
      { name: "oidc.signing_keys", value: plaintext },
      { name: "oidc.cookie_keys", value: JSON.stringify(["an-old-cookie-key"]) },
    ]);
    const restarted = await buildApp({
      config: fresh.config,
      db: fresh.db,
      authenticator: createAuthenticator(fresh.config, fresh.db.db, { keys: fresh.keys }),
      keys: fresh.keys,
      logger: false,
    });
    try {
      const stored = await secretValue(fresh.db.db, "oidc.signing_keys");
      expect(stored).toMatch(/^v1\./);
      expect(fresh.keys.open(stored, "server-secret:oidc.signing_keys")).toBe(plaintext);
      expect(await secretValue(fresh.db.db, "oidc.cookie_keys")).toMatch(/^v1\./);

      const published = (await restarted.inject({ url: "/oidc/jwks" })).json() as { keys: { kid: string }[] };
      expect(published.keys.map((key) => key.kid)).toEqual([oldKey.kid]);
      const token = await new SignJWT({ client_id: "parley-web", scope: "api" })
        .setProtectedHeader({ alg: "RS256", typ: "at+jwt", kid: oldKey.kid })
        .setIssuer(fresh.config.oidc.issuer)
        .setAudience(fresh.config.oidc.audience)
        .setSubject("plaintext-era-user")
        .setIssuedAt()
        .setExpirationTime("5m")
        .sign(await importJWK(oldKey, "RS256"));
      const api = await restarted.inject({ url: "/api/v1/messages/protected", headers: { authorization: `Bearer ${token}` } });
      expect(api.statusCode).toBe(200);
    } finally {
      await restarted.close();
      await fresh.close();
    }
  }, 60_000);

  it("another ENCRYPTION_KEY cannot open them: start-up stops with a message saying which key to restore", async () => {
    const fresh = await startAuthServer();
    try {
      const other = createKeyVault(randomBytes(32));
      await expect(
        buildApp({
          config: fresh.config,
          db: fresh.db,
          authenticator: createAuthenticator(fresh.config, fresh.db.db, { keys: other }),
          keys: other,
          logger: false,
        }),
      ).rejects.toThrow(/cannot be opened with this ENCRYPTION_KEY/);
    } finally {
      await fresh.close();
    }
  }, 60_000);
});

describe("refresh tokens", () => {
  let tokens: Tokens;
  beforeAll(async () => {
    ({ tokens } = await signInThroughPages(server, { name: "Rota", email: "rota@example.com", password: "rotate-me-please" }, { signUp: true }));
  }, 30_000);

  it("rotate: a refresh gives a new API access token and a new refresh token; reusing the old one revokes the family", async () => {
    const first = await refresh(overHttp, tokens.refresh_token!);
    expect(first.status).toBe(200);
    const renewed = first.json as Tokens;
    expect(renewed.refresh_token).toEqual(expect.any(String));
    expect(renewed.refresh_token).not.toBe(tokens.refresh_token);
    expect(decodeJwt(renewed.access_token).aud).toBe(server.config.oidc.audience);
    const api = await server.app.inject({ url: "/api/v1/messages/protected", headers: { authorization: `Bearer ${renewed.access_token}` } });
    expect(api.statusCode).toBe(200);

    const replay = await refresh(overHttp, tokens.refresh_token!);
    expect(replay).toMatchObject({ status: 400, json: { error: "invalid_grant" } });
    const afterReplay = await refresh(overHttp, renewed.refresh_token!);
    expect(afterReplay).toMatchObject({ status: 400, json: { error: "invalid_grant" } });
  });
});

describe("the SPA naming the API as resource (RFC 8707), as the web app does", () => {
  it("gets the same API token from the code exchange and from refreshes", async () => {
    const resource = { resource: server.config.oidc.audience };
    const { tokens } = await signInThroughPages(
      server,
      { name: "Res", email: "resource@example.com", password: "resource-pass" },
      { signUp: true, extra: resource },
    );
    expect(decodeJwt(tokens.access_token).aud).toBe(server.config.oidc.audience);
    const body = new URLSearchParams({ grant_type: "refresh_token", refresh_token: tokens.refresh_token!, client_id: "parley-web", ...resource });
    const renewed = await overHttp(body.toString());
    expect(renewed.status).toBe(200);
    const access = (renewed.json as Tokens).access_token;
    expect(decodeJwt(access).aud).toBe(server.config.oidc.audience);
    expect((await server.app.inject({ url: "/api/v1/messages/protected", headers: { authorization: `Bearer ${access}` } })).statusCode).toBe(200);
  });

  it("revoking the refresh token (the SPA does at sign-out) ends it", async () => {
    const { tokens } = await signInThroughPages(server, { name: "Rev", email: "revoke@example.com", password: "revoke-pass" }, { signUp: true });
    const revoked = await fetch(`${server.config.oidc.issuer}/token/revocation`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: tokens.refresh_token!, token_type_hint: "refresh_token", client_id: "parley-web" }),
    });
    expect(revoked.status).toBe(200);
    expect(await refresh(overHttp, tokens.refresh_token!)).toMatchObject({ status: 400, json: { error: "invalid_grant" } });
  });

  it("refuses any other resource", async () => {
    const attempt = signInThroughPages(
      server,
      { name: "Other", email: "other-resource@example.com", password: "resource-pass" },
      { signUp: true, extra: { resource: "https://elsewhere.example/api" } },
    );
    await expect(attempt).rejects.toThrow(/invalid_target|no code/);
  });
});

describe("a second instance on the same database", () => {
  it("accepts the first instance's tokens and continues its refresh tokens (and a restart changes nothing)", async () => {
    const { tokens } = await signInThroughPages(server, { name: "Twin", email: "twin@example.com", password: "two-instances" }, { signUp: true });
    const second = await buildApp({
      config: server.config,
      db: server.db,
      authenticator: createAuthenticator(server.config, server.db.db, { keys: server.keys }),
      keys: server.keys,
      logger: false,
    });
    try {
      const api = await second.inject({ url: "/api/v1/messages/protected", headers: { authorization: `Bearer ${tokens.access_token}` } });
      expect(api.statusCode).toBe(200);

      const viaSecond = async (body: string) => {
        const response = await second.inject({
          method: "POST",
          url: "/oidc/token",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          payload: body,
        });
        return { status: response.statusCode, json: response.json() as unknown };
      };
      const renewed = await refresh(viaSecond, tokens.refresh_token!);
      expect(renewed.status).toBe(200);
      const fromSecond = (renewed.json as Tokens).access_token;
      const onFirst = await server.app.inject({ url: "/trpc/messages.protected", headers: { authorization: `Bearer ${fromSecond}` } });
      expect(onFirst.statusCode).toBe(200);
      expect(await server.db.db.select().from(serverSecrets)).toHaveLength(2);
    } finally {
      await second.close();
    }
  }, 30_000);
});

describe("database adapter", () => {
  it("stores, finds by id, uid and grant, consumes, expires and revokes", async () => {
    const adapter = createOidcAdapterFactory(server.db.db)("AccessToken");
    await adapter.upsert("t1", { grantId: "g1", uid: "u1", jti: "t1" }, 60);
    await adapter.upsert("t2", { grantId: "g1", jti: "t2" }, 1);
    expect(await adapter.find("t1")).toMatchObject({ jti: "t1" });
    expect(await adapter.findByUid("u1")).toMatchObject({ jti: "t1" });
    expect(await createOidcAdapterFactory(server.db.db)("Session").find("t1")).toBeUndefined();

    await adapter.consume("t1");
    expect(await adapter.find("t1")).toMatchObject({ consumed: expect.any(Number) });

    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await adapter.find("t2")).toBeUndefined();

    await adapter.revokeByGrantId("g1");
    expect(await server.db.db.select().from(oidcPayloads).where(eq(oidcPayloads.grantId, "g1"))).toEqual([]);
  });
});
