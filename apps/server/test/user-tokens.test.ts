import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
import { createKeyVault } from "@parley/keys";
import { ACCESS_TOKEN_MESSAGES, ACCESS_TOKENS, MESSAGES } from "@parley/contracts";
import { personalAccessTokens, resultRows } from "@parley/db";
import { signInThroughPages, startAuthServer } from "./support/auth-flow";

// Personal access tokens with real sign-ins from the embedded provider: made while signed in,
// then used as `Authorization: Bearer parley_pat_...` on REST and tRPC.

const keys = createKeyVault(randomBytes(32));
let server: Awaited<ReturnType<typeof startAuthServer>>;

type Person = { token: string; subject: string };
let alice: Person;
let bob: Person;

async function signUp(name: string): Promise<Person> {
  const email = `${name.toLowerCase()}@example.com`;
  const { tokens } = await signInThroughPages(server, { name, email, password: `${name}-password` }, { signUp: true });
  const person = { token: tokens.access_token, subject: String(decodeJwt(tokens.access_token).sub) };
  const setup = await rest(person.token, "POST", "/user/addUser", { user: { nickname: name.toLowerCase() } });
  expect(setup.statusCode).toBe(200);
  return person;
}

function rest(bearer: string | undefined, method: "GET" | "POST" | "DELETE", path: string, payload?: object) {
  return server.app.inject({
    method,
    url: `/api/v1${path}`,
    headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    ...(payload ? { payload } : {}),
  });
}

function trpc(bearer: string, procedure: string, input?: unknown, kind: "query" | "mutation" = "query") {
  const headers = { authorization: `Bearer ${bearer}` };
  if (kind === "mutation") return server.app.inject({ method: "POST", url: `/trpc/${procedure}`, headers, payload: (input ?? {}) as object });
  const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return server.app.inject({ method: "GET", url: `/trpc/${procedure}${query}`, headers });
}

type Created = { id: string; name: string; prefix: string; created_at: string; last_used_at: string | null; token: string };

async function createToken(person: Person, name: string): Promise<Created> {
  const response = await rest(person.token, "POST", "/user/tokens", { name });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Created;
}

const rowOf = async (id: string) => (await server.db.db.select().from(personalAccessTokens).where(eq(personalAccessTokens.id, id)))[0];

beforeAll(async () => {
  server = await startAuthServer({ deps: { keys } });
  alice = await signUp("Alice");
  bob = await signUp("Bob");
}, 60_000);
afterAll(() => server?.close());

describe("a personal access token", () => {
  let created: Created;
  beforeAll(async () => {
    created = await createToken(alice, "  Nightly export  ");
  });

  it("is shown once on creation, in the documented format, with its name trimmed", () => {
    expect(created.token).toMatch(/^parley_pat_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: "Nightly export", prefix: created.token.slice(0, ACCESS_TOKENS.visibleChars), last_used_at: null });
    expect(created.prefix.startsWith(ACCESS_TOKENS.prefix)).toBe(true);
  });

  it("is stored only as a hash: no column holds the secret", async () => {
    const row = (await rowOf(created.id))!;
    const secret = created.token.slice(ACCESS_TOKENS.prefix.length);
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const raw = resultRows<Record<string, unknown>>(await server.db.db.execute(sql`select * from personal_access_tokens`));
    expect(JSON.stringify(raw)).not.toContain(secret);
  });

  it("acts as its owner on REST exactly like a sign-in", async () => {
    const signedIn = await rest(alice.token, "GET", "/user/usersettings");
    const viaToken = await rest(created.token, "GET", "/user/usersettings");
    expect(viaToken.statusCode).toBe(200);
    expect(viaToken.json()).toEqual(signedIn.json());
    expect(viaToken.json()).toMatchObject({ id: alice.subject, nickname: "alice" });
    const sessions = await rest(created.token, "GET", "/chat/getSessionHistory");
    expect(sessions.statusCode).toBe(200);
    expect(sessions.json()).toEqual((await rest(alice.token, "GET", "/chat/getSessionHistory")).json());
  });

  it("acts as its owner on tRPC", async () => {
    const viaToken = await trpc(created.token, "user.settings");
    expect(viaToken.statusCode).toBe(200);
    expect(viaToken.json()).toEqual((await trpc(alice.token, "user.settings")).json());
    const nickname = await trpc(created.token, "user.updateSettings", { nickname: "ali" }, "mutation");
    expect(nickname.statusCode).toBe(200);
    expect((await rest(alice.token, "GET", "/user/usersettings")).json()).toMatchObject({ nickname: "ali" });
  });

  it("is listed with its last use, never with its secret or hash", async () => {
    for (const response of [await rest(alice.token, "GET", "/user/tokens"), await rest(created.token, "GET", "/user/tokens")]) {
      expect(response.statusCode).toBe(200);
      const listed = response.json() as Record<string, unknown>[];
      expect(listed).toEqual([
        {
          id: created.id,
          name: "Nightly export",
          prefix: created.prefix,
          created_at: created.created_at,
          last_used_at: expect.any(String),
          expires_at: null,
          read_only: false,
        },
      ]);
      expect(response.body).not.toContain(created.token.slice(ACCESS_TOKENS.visibleChars));
      expect(response.body).not.toContain((await rowOf(created.id))!.tokenHash);
    }
    const viaTrpc = await trpc(alice.token, "user.tokens");
    expect(viaTrpc.json()).toMatchObject({ result: { data: [{ id: created.id, last_used_at: expect.any(String) }] } });
  });

  it("records its last use at most once a minute", async () => {
    const recent = new Date(Date.now() - 30_000);
    await server.db.db.update(personalAccessTokens).set({ lastUsedAt: recent }).where(eq(personalAccessTokens.id, created.id));
    await rest(created.token, "GET", "/user/usersettings");
    expect((await rowOf(created.id))!.lastUsedAt).toEqual(recent);
    const old = new Date(Date.now() - 120_000);
    await server.db.db.update(personalAccessTokens).set({ lastUsedAt: old }).where(eq(personalAccessTokens.id, created.id));
    const before = Date.now();
    await rest(created.token, "GET", "/user/usersettings");
    expect((await rowOf(created.id))!.lastUsedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("cannot create another token, on REST or tRPC", async () => {
    const viaRest = await rest(created.token, "POST", "/user/tokens", { name: "Escalation" });
    expect(viaRest.statusCode).toBe(403);
    expect(viaRest.json()).toEqual({ message: ACCESS_TOKEN_MESSAGES.signInToCreate });
    const viaTrpc = await trpc(created.token, "user.createToken", { name: "Escalation" }, "mutation");
    expect(viaTrpc.statusCode).toBe(403);
    expect(viaTrpc.json()).toMatchObject({ error: { message: ACCESS_TOKEN_MESSAGES.signInToCreate, data: { code: "FORBIDDEN" } } });
    expect((await rest(alice.token, "GET", "/user/tokens")).json()).toHaveLength(1);
  });

  it("is someone else's to revoke: another person gets 404 on REST and tRPC, and the token keeps working", async () => {
    const viaRest = await rest(bob.token, "DELETE", `/user/tokens/${created.id}`);
    expect(viaRest.statusCode).toBe(404);
    expect(viaRest.json()).toEqual({ message: ACCESS_TOKEN_MESSAGES.notFound });
    const viaTrpc = await trpc(bob.token, "user.revokeToken", { id: created.id }, "mutation");
    expect(viaTrpc.statusCode).toBe(404);
    expect(viaTrpc.json()).toMatchObject({ error: { message: ACCESS_TOKEN_MESSAGES.notFound } });
    expect((await rest(bob.token, "GET", "/user/tokens")).json()).toEqual([]);
    expect((await rest(created.token, "GET", "/user/usersettings")).statusCode).toBe(200);
  });

  it("once revoked, is refused with 401 and a clear message on REST and tRPC", async () => {
    const revoked = await rest(alice.token, "DELETE", `/user/tokens/${created.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ ok: true });
    expect(await rowOf(created.id)).toBeUndefined();
    const viaRest = await rest(created.token, "GET", "/user/usersettings");
    expect(viaRest.statusCode).toBe(401);
    expect(viaRest.json()).toEqual({ message: ACCESS_TOKEN_MESSAGES.invalid });
    const viaTrpc = await trpc(created.token, "user.settings");
    expect(viaTrpc.statusCode).toBe(401);
    expect(viaTrpc.json()).toMatchObject({ error: { message: ACCESS_TOKEN_MESSAGES.invalid, data: { code: "UNAUTHORIZED" } } });
    // Even on an open route: a bad token is an error, not anonymous access.
    expect((await rest(created.token, "GET", "/messages/public")).statusCode).toBe(401);
    expect((await rest(alice.token, "DELETE", `/user/tokens/${created.id}`)).statusCode).toBe(404);
  });
});

describe("creating, listing and revoking", () => {
  it("an unknown token is 401 with the same message", async () => {
    const response = await rest(`${ACCESS_TOKENS.prefix}${randomBytes(32).toString("base64url")}`, "GET", "/user/tokens");
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: ACCESS_TOKEN_MESSAGES.invalid });
  });

  it("needs a sign-in", async () => {
    for (const [method, path] of [
      ["GET", "/user/tokens"],
      ["POST", "/user/tokens"],
      ["DELETE", `/user/tokens/${crypto.randomUUID()}`],
    ] as const) {
      const response = await rest(undefined, method, path, method === "POST" ? { name: "x" } : undefined);
      expect(response.statusCode, `${method} ${path}`).toBe(401);
      expect(response.json()).toEqual({ message: MESSAGES.signInRequired });
    }
  });

  it.each([
    ["an empty name", { name: "" }, /name: must not be empty/],
    ["a blank name", { name: "   " }, /name: must not be empty/],
    ["a name over 100 characters", { name: "x".repeat(101) }, /name: must be at most 100 characters/],
    ["a NUL in the name", { name: "a\u0000b" }, /name: .*must not contain NUL characters/],
    ["a name that is not text", { name: 7 }, /name: must be text/],
    ["no name", {}, /name: /],
  ])("creating with %s answers 400 with a message, on REST and tRPC", async (_what, payload, message) => {
    const viaRest = await rest(alice.token, "POST", "/user/tokens", payload);
    expect(viaRest.statusCode).toBe(400);
    expect(viaRest.json()).toEqual({ message: expect.stringMatching(message) });
    const viaTrpc = await trpc(alice.token, "user.createToken", payload, "mutation");
    expect(viaTrpc.statusCode).toBe(400);
    expect(viaTrpc.json()).toMatchObject({ error: { message: expect.stringMatching(message), data: { code: "BAD_REQUEST" } } });
  });

  it("revoking a malformed id answers 400 with a message", async () => {
    const viaRest = await rest(alice.token, "DELETE", "/user/tokens/not-a-token");
    expect(viaRest.statusCode).toBe(400);
    expect(viaRest.json()).toEqual({ message: expect.stringMatching(/id: must be an access token id/) });
    const viaTrpc = await trpc(alice.token, "user.revokeToken", { id: 5 }, "mutation");
    expect(viaTrpc.statusCode).toBe(400);
  });

  it(`allows ${ACCESS_TOKENS.perUser} tokens per person, then says what to do`, async () => {
    const results = await Promise.all(
      Array.from({ length: ACCESS_TOKENS.perUser + 3 }, (_, i) => rest(bob.token, "POST", "/user/tokens", { name: `Job ${i}` })),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(ACCESS_TOKENS.perUser);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.json()).toEqual({ message: ACCESS_TOKEN_MESSAGES.tooMany });
    const listed = (await rest(bob.token, "GET", "/user/tokens")).json() as Created[];
    expect(listed).toHaveLength(ACCESS_TOKENS.perUser);
    expect((await rest(bob.token, "DELETE", `/user/tokens/${listed[0]!.id}`)).statusCode).toBe(200);
    expect((await rest(bob.token, "POST", "/user/tokens", { name: "Replacement" })).statusCode).toBe(200);
  });
});

describe("a token's expiry and scope", () => {
  it("a read-only token reads, and is refused on every write with a clear 403 on REST and tRPC", async () => {
    const response = await rest(alice.token, "POST", "/user/tokens", { name: "Dashboard", read_only: true });
    expect(response.statusCode, response.body).toBe(200);
    const readOnly = response.json() as Created & { read_only: boolean; expires_at: string | null };
    expect(readOnly).toMatchObject({ read_only: true, expires_at: null });
    expect((await rest(readOnly.token, "GET", "/user/usersettings")).statusCode).toBe(200);
    expect((await rest(readOnly.token, "GET", "/chat/getSessionHistory")).statusCode).toBe(200);
    const before = (await rest(alice.token, "GET", "/user/usersettings")).json() as { nickname: string };

    const viaRest = await rest(readOnly.token, "POST", "/user/updateUserApiKeys", { nickname: "changed" });
    expect(viaRest.statusCode).toBe(403);
    expect(viaRest.json()).toEqual({ message: ACCESS_TOKEN_MESSAGES.readOnly });
    const viaTrpc = await trpc(readOnly.token, "user.updateSettings", { nickname: "changed" }, "mutation");
    expect(viaTrpc.statusCode).toBe(403);
    expect(viaTrpc.json()).toMatchObject({ error: { message: ACCESS_TOKEN_MESSAGES.readOnly, data: { code: "FORBIDDEN" } } });
    expect((await rest(readOnly.token, "POST", "/chat/deleteChat/123", {})).statusCode).toBe(403);
    expect((await rest(alice.token, "GET", "/user/usersettings")).json()).toMatchObject({ nickname: before.nickname });

    const listed = (await rest(alice.token, "GET", "/user/tokens")).json() as { id: string; read_only: boolean }[];
    expect(listed.find((t) => t.id === readOnly.id)).toMatchObject({ read_only: true, expires_at: null });
    await rest(alice.token, "DELETE", `/user/tokens/${readOnly.id}`);
  });

  it("a token with an expiry works until then, and is refused with 401 and a clear message after", async () => {
    const before = Date.now();
    const response = await rest(alice.token, "POST", "/user/tokens", { name: "Month", expires_in_days: 30 });
    expect(response.statusCode, response.body).toBe(200);
    const expiring = response.json() as Created & { read_only: boolean; expires_at: string };
    expect(expiring.read_only).toBe(false);
    const expiresAt = new Date(expiring.expires_at).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * 86_400_000 - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 30 * 86_400_000 + 1000);
    expect((await rest(expiring.token, "GET", "/user/usersettings")).statusCode).toBe(200);
    expect((await rest(expiring.token, "POST", "/user/updateUserApiKeys", { nickname: "alice" })).statusCode).toBe(200);

    await server.db.db
      .update(personalAccessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(personalAccessTokens.id, expiring.id));
    const viaRest = await rest(expiring.token, "GET", "/user/usersettings");
    expect(viaRest.statusCode).toBe(401);
    expect(viaRest.json()).toEqual({ message: ACCESS_TOKEN_MESSAGES.expired });
    const viaTrpc = await trpc(expiring.token, "user.settings");
    expect(viaTrpc.statusCode).toBe(401);
    expect(viaTrpc.json()).toMatchObject({ error: { message: ACCESS_TOKEN_MESSAGES.expired, data: { code: "UNAUTHORIZED" } } });
    const listed = (await rest(alice.token, "GET", "/user/tokens")).json() as { id: string; expires_at: string }[];
    expect(listed.find((t) => t.id === expiring.id)?.expires_at).toBe(new Date((await rowOf(expiring.id))!.expiresAt!).toISOString());
    await rest(alice.token, "DELETE", `/user/tokens/${expiring.id}`);
  });

  it.each([
    ["an expiry of 0 days", { name: "x", expires_in_days: 0 }, /expires_in_days: /],
    ["an expiry over 365 days", { name: "x", expires_in_days: 366 }, /expires_in_days: /],
    ["an expiry that is not a whole number", { name: "x", expires_in_days: 1.5 }, /expires_in_days: /],
    ["a scope that is not true or false", { name: "x", read_only: "yes" }, /read_only: /],
  ])("creating with %s answers 400 with a message, on REST and tRPC", async (_what, payload, message) => {
    const viaRest = await rest(alice.token, "POST", "/user/tokens", payload);
    expect(viaRest.statusCode).toBe(400);
    expect(viaRest.json()).toEqual({ message: expect.stringMatching(message) });
    const viaTrpc = await trpc(alice.token, "user.createToken", payload, "mutation");
    expect(viaTrpc.statusCode).toBe(400);
  });
});
