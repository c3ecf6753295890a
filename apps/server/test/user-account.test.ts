import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
import { getProviderKey, SETUP_REQUIRED_MESSAGE } from "@parley/api";
import { createKeyVault } from "@parley/keys";
import { PLANS } from "@parley/contracts";
import { subscriptions, users } from "@parley/db";
import { signInThroughPages, startAuthServer } from "./support/auth-flow";

// Account setup and settings through REST and tRPC, with real access tokens from the embedded
// provider's sign-up flow.

const keys = createKeyVault(randomBytes(32));
let server: Awaited<ReturnType<typeof startAuthServer>>;

beforeAll(async () => {
  server = await startAuthServer({ deps: { keys } });
}, 60_000);
afterAll(() => server?.close());

type Person = { token: string; subject: string; email: string };

async function signUp(name: string): Promise<Person> {
  const email = `${name.toLowerCase()}@example.com`;
  const { tokens } = await signInThroughPages(server, { name, email, password: `${name}-password` }, { signUp: true });
  return { token: tokens.access_token, subject: String(decodeJwt(tokens.access_token).sub), email };
}

function rest(person: Person, method: "GET" | "POST", path: string, payload?: object) {
  return server.app.inject({
    method,
    url: `/api/v1${path}`,
    headers: { authorization: `Bearer ${person.token}` },
    ...(payload ? { payload } : {}),
  });
}

function trpc(person: Person, procedure: string, input?: unknown, kind: "query" | "mutation" = "query") {
  const headers = { authorization: `Bearer ${person.token}` };
  if (kind === "mutation") return server.app.inject({ method: "POST", url: `/trpc/${procedure}`, headers, payload: (input ?? {}) as object });
  const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return server.app.inject({ method: "GET", url: `/trpc/${procedure}${query}`, headers });
}

const userRowOf = async (subject: string) => (await server.db.db.select().from(users).where(eq(users.subject, subject)))[0];

describe("account setup", () => {
  it("before setup, settings answer 404 with a clear message on REST and tRPC", async () => {
    const person = await signUp("Early");
    const response = await rest(person, "GET", "/user/usersettings");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: SETUP_REQUIRED_MESSAGE });
    const viaTrpc = await trpc(person, "user.settings");
    expect(viaTrpc.json()).toMatchObject({ error: { message: SETUP_REQUIRED_MESSAGE, data: { code: "NOT_FOUND" } } });
  });

  it("needs a token", async () => {
    const response = await server.app.inject({ method: "POST", url: "/api/v1/user/addUser", payload: { user: {} } });
    expect(response.statusCode).toBe(401);
  });

  it("is idempotent under two concurrent calls: one account, one free subscription", async () => {
    const person = await signUp("Twice");
    const profile = { user: { name: "Twice", email: person.email, nickname: "twice", email_verified: false } };
    const [viaRest, viaTrpc] = await Promise.all([rest(person, "POST", "/user/addUser", profile), trpc(person, "user.setup", profile, "mutation")]);
    expect(viaRest.statusCode).toBe(200);
    expect(viaTrpc.statusCode).toBe(200);
    const results = [
      viaRest.json() as { id: string; created: boolean },
      (viaTrpc.json() as { result: { data: { id: string; created: boolean } } }).result.data,
    ];
    expect(results.map((r) => r.id)).toEqual([person.subject, person.subject]);
    expect(results.map((r) => r.created).sort()).toEqual([false, true]);

    const rows = await server.db.db.select().from(users).where(eq(users.subject, person.subject));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ issuer: server.config.oidc.issuer, email: person.email, name: "Twice" });
    const subs = await server.db.db.select().from(subscriptions).where(eq(subscriptions.userId, rows[0]!.id));
    expect(subs).toEqual([expect.objectContaining({ plan: "free", freeTokensAllowed: PLANS.free.monthlyTokens, tokensUsed: 0 })]);

    const again = await rest(person, "POST", "/user/addUser", profile);
    expect(again.json()).toEqual({ id: person.subject, created: false });
  });

  it("a repeat refreshes the profile but keeps a nickname the user chose", async () => {
    const person = await signUp("Renamed");
    await rest(person, "POST", "/user/addUser", { user: { name: "Old Name", nickname: "first" } });
    await rest(person, "POST", "/user/updateUserApiKeys", { nickname: "chosen" });
    await server.db.db.update(users).set({ name: "Stale" }).where(eq(users.subject, person.subject));
    await rest(person, "POST", "/user/addUser", { user: { name: "New Name", nickname: "second" } });
    expect((await rest(person, "GET", "/user/usersettings")).json()).toMatchObject({ name: "Renamed", nickname: "chosen" });
  });

  it("takes email, email_verified, name and picture from the token, never from the body", async () => {
    const person = await signUp("Spoofer");
    const spoofed = { name: "Chief Executive", email: "ceo@bank.example", email_verified: true, picture: "https://evil.example/p.png" };
    expect((await rest(person, "POST", "/user/addUser", { user: spoofed })).statusCode).toBe(200);
    expect(await userRowOf(person.subject)).toMatchObject({ email: person.email, emailVerified: false, name: "Spoofer", picture: null });
    // A repeat does not overwrite them either.
    await trpc(person, "user.setup", { user: spoofed }, "mutation");
    expect(await userRowOf(person.subject)).toMatchObject({ email: person.email, emailVerified: false, name: "Spoofer", picture: null });
  });
});

describe("settings", () => {
  let ada: Person;
  beforeAll(async () => {
    ada = await signUp("Ada");
    await rest(ada, "POST", "/user/addUser", {
      user: { name: "Ada Lovelace", email: ada.email, nickname: "ada", picture: "https://example.com/ada.png", email_verified: true },
    });
  }, 30_000);

  it("read the profile, with the nickname from the identity profile and no keys", async () => {
    const response = await rest(ada, "GET", "/user/usersettings");
    expect(response.json()).toEqual({
      id: ada.subject,
      email: ada.email,
      name: "Ada",
      picture: "",
      email_verified: false,
      nickname: "ada",
      open_ai_key: "",
      claude_api_key: "",
    });
  });

  it("saves keys masked to their last four characters, never echoing them", async () => {
    const openai = "sk-proj-ada-openai-secret-7Q2x";
    const claude = "sk-ant-ada-claude-secret-9Zk3";
    const response = await rest(ada, "POST", "/user/updateUserApiKeys", { open_ai_key: openai, claude_api_key: claude, nickname: "Countess" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ open_ai_key: "••••7Q2x", claude_api_key: "••••9Zk3", nickname: "Countess" });
    expect(response.body).not.toContain("secret");
    const read = await rest(ada, "GET", "/user/usersettings");
    expect(read.json()).toMatchObject({ open_ai_key: "••••7Q2x", claude_api_key: "••••9Zk3", nickname: "Countess" });
    expect(read.body).not.toContain("secret");
    const user = (await userRowOf(ada.subject))!;
    await expect(getProviderKey(server.db.db, keys, user.id, "openai")).resolves.toBe(openai);
  });

  it("an empty field, a missing field or the masked value sent back keeps the stored key", async () => {
    await rest(ada, "POST", "/user/updateUserApiKeys", { open_ai_key: "", claude_api_key: "", nickname: "" });
    await rest(ada, "POST", "/user/updateUserApiKeys", { open_ai_key: "••••7Q2x" });
    const viaTrpc = await trpc(ada, "user.updateSettings", {}, "mutation");
    expect(viaTrpc.statusCode).toBe(200);
    const read = (await rest(ada, "GET", "/user/usersettings")).json();
    expect(read).toMatchObject({ open_ai_key: "••••7Q2x", claude_api_key: "••••9Zk3", nickname: "Countess" });
    const user = (await userRowOf(ada.subject))!;
    await expect(getProviderKey(server.db.db, keys, user.id, "openai")).resolves.toBe("sk-proj-ada-openai-secret-7Q2x");
  });

  it("a new value replaces a key, and remove_keys deletes one", async () => {
    await rest(ada, "POST", "/user/updateUserApiKeys", { open_ai_key: "sk-proj-replaced-key-AB12" });
    expect((await rest(ada, "GET", "/user/usersettings")).json()).toMatchObject({ open_ai_key: "••••AB12" });
    const removed = await rest(ada, "POST", "/user/updateUserApiKeys", { remove_keys: ["claude"] });
    expect(removed.json()).toMatchObject({ open_ai_key: "••••AB12", claude_api_key: "" });
    const user = (await userRowOf(ada.subject))!;
    await expect(getProviderKey(server.db.db, keys, user.id, "claude")).resolves.toBeUndefined();
  });

  it("a short key shows no characters at all", async () => {
    const response = await rest(ada, "POST", "/user/updateUserApiKeys", { claude_api_key: "short-key" });
    expect(response.json()).toMatchObject({ claude_api_key: "••••" });
    expect(response.body).not.toContain("short-key");
  });

  it("refuses bad input with a readable 400", async () => {
    const long = await rest(ada, "POST", "/user/updateUserApiKeys", { nickname: "n".repeat(65) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: expect.stringMatching(/^Invalid request: nickname: /) });
    const bad = await rest(ada, "POST", "/user/updateUserApiKeys", { remove_keys: ["gemini"] });
    expect(bad.statusCode).toBe(400);
  });
});

describe("one user cannot read or change another's settings", () => {
  let alice: Person;
  let bob: Person;
  beforeAll(async () => {
    alice = await signUp("Alice");
    bob = await signUp("Bob");
    await rest(alice, "POST", "/user/addUser", { user: { name: "Alice", email: alice.email, nickname: "alice" } });
    await rest(bob, "POST", "/user/addUser", { user: { name: "Bob", email: bob.email, nickname: "bob" } });
    await rest(alice, "POST", "/user/updateUserApiKeys", { open_ai_key: "sk-alice-only-key-0001", nickname: "Al" });
  }, 30_000);

  const aliceIds = () => ({ id: alice.subject, sub: alice.subject, user_id: alice.subject, userId: alice.subject, email: alice.email });

  it("reads are always the caller's own, whatever the input names", async () => {
    const viaRest = await server.app.inject({
      method: "GET",
      url: `/api/v1/user/usersettings?id=${alice.subject}&user_id=${alice.subject}`,
      headers: { authorization: `Bearer ${bob.token}` },
    });
    expect(viaRest.json()).toMatchObject({ id: bob.subject, email: bob.email, nickname: "bob", open_ai_key: "" });
    const viaTrpc = await trpc(bob, "user.settings", aliceIds());
    expect(viaTrpc.body).not.toContain(alice.subject);
    expect(viaTrpc.body).not.toContain("0001");
  });

  it("writes with another user's ids change only the caller's settings", async () => {
    await rest(bob, "POST", "/user/updateUserApiKeys", { ...aliceIds(), open_ai_key: "sk-bob-wrote-this-9999", nickname: "Mallory" });
    await trpc(bob, "user.updateSettings", { ...aliceIds(), remove_keys: ["openai"] }, "mutation");
    await rest(bob, "POST", "/user/addUser", { user: { ...aliceIds(), name: "Alice Hijacked" } });

    const aliceNow = (await rest(alice, "GET", "/user/usersettings")).json();
    expect(aliceNow).toMatchObject({ id: alice.subject, name: "Alice", nickname: "Al", open_ai_key: "••••0001" });
    const bobNow = (await rest(bob, "GET", "/user/usersettings")).json();
    expect(bobNow).toMatchObject({ id: bob.subject, name: "Bob", nickname: "Mallory", open_ai_key: "" });
    expect(await server.db.db.select().from(users).where(eq(users.email, alice.email))).toHaveLength(1);
  });
});
