import { createServer, type Server } from "node:http";
import { createPublicKey } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calculateJwkThumbprint, decodeJwt, exportJWK, generateKeyPair, importJWK, SignJWT, type CryptoKey, type JWK, type JWTPayload } from "jose";
import { MESSAGES } from "@parley/contracts";
import { loadSigningKeys } from "@parley/identity";
import { signInThroughPages, startAuthServer } from "./support/auth-flow";

// Every kind of bad bearer token of issue 4, each refused on both the tRPC and the REST path.
// The bad ones are built from a real token minted by the embedded provider's code + PKCE flow;
// the ones that must fail on one claim only are signed with the provider's real key.

let server: Awaited<ReturnType<typeof startAuthServer>>;
let validToken: string;
let idToken: string;
let claims: JWTPayload;
let realKey: CryptoKey;
let realKid: string;
let realPublicJwk: JWK;
let attacker: { privateKey: CryptoKey; publicJwk: JWK; kid: string };
let jwksServer: Server;
let jwksUrl: string;
let jwksRequests = 0;

const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

beforeAll(async () => {
  server = await startAuthServer();
  const { tokens } = await signInThroughPages(server, { name: "Mallory Target", email: "target@example.com", password: "a long password" }, { signUp: true });
  validToken = tokens.access_token;
  idToken = tokens.id_token;
  claims = decodeJwt(validToken);

  const [signing] = await loadSigningKeys(server.db.db, server.keys);
  realKey = (await importJWK(signing!, "RS256")) as CryptoKey;
  realKid = signing!.kid!;
  realPublicJwk = { kty: signing!.kty, n: signing!.n, e: signing!.e };

  const pair = await generateKeyPair("RS256", { extractable: true });
  const publicJwk = await exportJWK(pair.publicKey);
  attacker = { privateKey: pair.privateKey, publicJwk, kid: await calculateJwkThumbprint(publicJwk) };

  // A key server the attacker controls: a verifier that followed `jku`/`x5u` would call it.
  jwksServer = createServer((_req, res) => {
    jwksRequests += 1;
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ keys: [{ ...attacker.publicJwk, kid: attacker.kid, alg: "RS256", use: "sig" }] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, "127.0.0.1", resolve));
  jwksUrl = `http://127.0.0.1:${(jwksServer.address() as { port: number }).port}/jwks`;
}, 60_000);

afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => jwksServer?.close(resolve));
});

function sign(payload: JWTPayload, options: { key?: CryptoKey; header?: Record<string, unknown> } = {}) {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: "RS256", typ: "at+jwt", kid: realKid, ...options.header } as { alg: string })
    .sign(options.key ?? realKey);
}

async function statuses(token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const rest = await server.app.inject({ method: "GET", url: "/api/v1/messages/protected", headers });
  const trpc = await server.app.inject({ method: "GET", url: "/trpc/messages.protected", headers });
  return { rest: rest.statusCode, trpc: trpc.statusCode, restBody: rest.json() as unknown };
}

describe("a valid access token", () => {
  it("from the embedded provider's flow is accepted on REST and tRPC", async () => {
    const result = await statuses(validToken);
    expect(result).toMatchObject({ rest: 200, trpc: 200, restBody: { text: MESSAGES.protectedDemo } });
  });

  it("re-signed with the provider's key and the same claims is accepted (the forgeries below differ in one thing)", async () => {
    expect(claims.client_id).toBe("parley-web");
    expect(await statuses(await sign(claims))).toMatchObject({ rest: 200, trpc: 200 });
  });

  it("naming our client as azp, or no client at all, is accepted (issuers that set neither are not refused)", async () => {
    expect(await statuses(await sign({ ...claims, azp: "parley-web" }))).toMatchObject({ rest: 200, trpc: 200 });
    expect(await statuses(await sign({ ...claims, client_id: undefined }))).toMatchObject({ rest: 200, trpc: 200 });
  });
});

const badTokens: { name: string; make: () => Promise<string> }[] = [
  {
    name: "a tampered payload (subject changed, signature kept)",
    make: async () => {
      const [header, , signature] = validToken.split(".");
      return `${header}.${b64({ ...claims, sub: "someone-else" })}.${signature}`;
    },
  },
  {
    name: "alg none",
    make: async () => `${b64({ alg: "none", typ: "at+jwt" })}.${b64(claims)}.`,
  },
  {
    name: "HS256 signed with the provider's public key (PEM) as the secret",
    make: async () => {
      const pem = createPublicKey({ key: realPublicJwk, format: "jwk" }).export({ type: "spki", format: "pem" });
      return new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "at+jwt", kid: realKid }).sign(Buffer.from(pem));
    },
  },
  {
    name: "HS256 signed with the provider's public JWK as the secret",
    make: async () => new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "at+jwt", kid: realKid }).sign(Buffer.from(JSON.stringify(realPublicJwk))),
  },
  { name: "a wrong issuer", make: () => sign({ ...claims, iss: "https://evil.example/oidc" }) },
  { name: "a wrong audience", make: () => sign({ ...claims, aud: "https://other.example/api" }) },
  { name: "the client id as audience", make: () => sign({ ...claims, aud: "parley-web" }) },
  { name: "issued to another client (client_id)", make: () => sign({ ...claims, client_id: "another-app" }) },
  { name: "issued to another client (azp)", make: () => sign({ ...claims, azp: "another-app" }) },
  { name: "an expired token", make: () => sign({ ...claims, iat: now() - 7200, exp: now() - 3600 }) },
  { name: "a token not yet valid", make: () => sign({ ...claims, nbf: now() + 3600, exp: now() + 7200 }) },
  { name: "no expiry at all", make: () => sign({ ...claims, exp: undefined }) },
  { name: "the ID token of the same sign-in", make: async () => idToken },
  {
    name: "an ID token dressed as an access token (at+jwt, API audience, but a nonce)",
    make: () => sign({ ...claims, nonce: "n-0S6_WzA2Mj" }),
  },
  { name: "a token without the at+jwt type", make: () => sign(claims, { header: { typ: "JWT" } }) },
  {
    name: "an embedded jwk header with the attacker's key",
    make: () => sign(claims, { key: attacker.privateKey, header: { jwk: attacker.publicJwk, kid: attacker.kid } }),
  },
  {
    name: "an embedded jwk header with the attacker's key under the provider's kid",
    make: () => sign(claims, { key: attacker.privateKey, header: { jwk: attacker.publicJwk } }),
  },
  {
    name: "a jku header pointing at the attacker's key set",
    make: () => sign(claims, { key: attacker.privateKey, header: { jku: jwksUrl, kid: attacker.kid } }),
  },
  {
    name: "an x5u header pointing at the attacker's server",
    make: () => sign(claims, { key: attacker.privateKey, header: { x5u: jwksUrl, kid: attacker.kid } }),
  },
  { name: "garbage", make: async () => "not.a.jwt" },
];

describe("bad tokens get 401 on both tRPC and REST", () => {
  for (const bad of badTokens) {
    it(bad.name, async () => {
      const result = await statuses(await bad.make());
      expect(result).toMatchObject({ rest: 401, trpc: 401, restBody: { message: MESSAGES.signInRequired } });
    });
  }

  it("never fetched the attacker's key server", () => {
    expect(jwksRequests).toBe(0);
  });
});
