import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { exportJWK, generateKeyPair, jwtVerify, createLocalJWKSet, SignJWT, type JWK, type JWTPayload } from "jose";

/**
 * A small external OpenID provider as Auth0 or Keycloak look to a resource server: discovery,
 * JWKS, and a userinfo endpoint answering for its own access tokens, which carry no profile
 * claims. `profiles` holds each subject's userinfo answer; `userinfoRequests` counts the calls.
 */
export async function startFakeIssuer(options: { audience: string; clientId: string }) {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid: "fake-1", alg: "RS256", use: "sig" };
  const keySet = createLocalJWKSet({ keys: [publicJwk] });
  const profiles = new Map<string, Record<string, unknown>>();
  let userinfoRequests = 0;
  let issuer = "";

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      if (req.url === "/.well-known/openid-configuration") {
        return send(res, 200, { issuer, jwks_uri: `${issuer}/jwks`, userinfo_endpoint: `${issuer}/userinfo` });
      }
      if (req.url === "/jwks") return send(res, 200, { keys: [publicJwk] });
      if (req.url === "/userinfo") {
        userinfoRequests += 1;
        const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
        const verified = await jwtVerify(token, keySet, { issuer }).catch(() => undefined);
        if (!verified) return send(res, 401, { error: "invalid_token" });
        const sub = verified.payload.sub!;
        return send(res, 200, { sub, ...profiles.get(sub) });
      }
      return send(res, 404, { error: "not_found" });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  return {
    issuer,
    profiles,
    get userinfoRequests() {
      return userinfoRequests;
    },
    /** An access token as such issuers mint them: `typ: JWT`, no profile claims unless given. */
    mint(subject: string, claims: JWTPayload = {}) {
      return new SignJWT({ client_id: options.clientId, scope: "openid profile email", ...claims })
        .setProtectedHeader({ alg: "RS256", typ: "JWT", kid: publicJwk.kid })
        .setIssuer(issuer)
        .setSubject(subject)
        .setAudience(options.audience)
        .setIssuedAt()
        .setExpirationTime("10m")
        .sign(privateKey);
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
