import type { AnyProcedure } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRouter, isAdminIdentity, type AuthIdentity } from "@parley/api";
import type { Authenticator } from "../src/auth/authenticator";
import { localAccounts } from "@parley/db";
import { restRoutes } from "../src/rest/answers";
import { ADMIN_CLAIM_ENV, asAdmin, createChatApp, MODEL } from "./support/chat-fixture";
import { createTestApp, logCapture } from "./support/test-app";
import { signInThroughPages, startAuthServer } from "./support/auth-flow";

const ISSUER = "https://issuer.test";

/** Callers by token: what their sign-in says about them. */
const people: Record<string, Omit<AuthIdentity, "issuer">> = {
  "verified-boss": { subject: "boss", claims: { email: "Boss@Example.com", email_verified: true } },
  "unverified-boss": { subject: "impostor", claims: { email: "boss@example.com", email_verified: false } },
  "userinfo-boss": { subject: "boss2", claims: {}, profile: async () => ({ email: "boss@example.com", email_verified: true }) },
  "group-array": { subject: "ops1", claims: { groups: ["staff", "parley-admins"] } },
  "group-string": { subject: "ops2", claims: { groups: "parley-admins" } },
  "userinfo-group": { subject: "ops3", claims: {}, profile: async () => ({ groups: ["parley-admins"] }) },
  "other-group": { subject: "someone", claims: { groups: ["parley-users"], email: "someone@example.com", email_verified: true } },
};
const authenticator: Authenticator = {
  authenticate: async (header) => {
    const person = people[/^Bearer (\S+)$/.exec(header ?? "")?.[1] ?? ""];
    return person ? { issuer: ISSUER, ...person } : null;
  },
};

describe("who is an admin", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: "ops@example.org, boss@example.com", ...ADMIN_CLAIM_ENV }, deps: { authenticator } });
  });
  afterAll(() => t.close());

  it.each([
    ["a verified email in ADMIN_EMAILS (any case)", "verified-boss", 200],
    ["that email, unverified", "unverified-boss", 404],
    ["a verified email from the userinfo profile", "userinfo-boss", 200],
    ["the claim as an array holding the value", "group-array", 200],
    ["the claim as the value itself", "group-string", 200],
    ["the claim from the userinfo profile", "userinfo-group", 200],
    ["another group and another email", "other-group", 404],
  ])("%s: %s answers %i", async (_what, token, status) => {
    const rest = await t.app.inject({ method: "GET", url: "/api/v1/admin/access", headers: { authorization: `Bearer ${token}` } });
    expect(rest.statusCode).toBe(status);
    const trpc = await t.app.inject({ method: "GET", url: "/trpc/admin.access", headers: { authorization: `Bearer ${token}` } });
    expect(trpc.statusCode).toBe(status);
    if (status === 200) expect(rest.json()).toEqual({ admin: true });
  });

  it("reads nested claims by a dotted name, and never counts an unverified address", async () => {
    const keycloak = { issuer: ISSUER, subject: "k", claims: { realm_access: { roles: ["parley-admins"] } } };
    expect(await isAdminIdentity(keycloak, { emails: new Set(), claim: { name: "realm_access.roles", value: "parley-admins" } })).toBe(true);
    expect(await isAdminIdentity(keycloak, { emails: new Set(), claim: { name: "realm_access.groups", value: "parley-admins" } })).toBe(false);
    const unverified = { issuer: "http://localhost:3000/oidc", subject: "e", claims: { email: "boss@example.com", email_verified: false } };
    expect(await isAdminIdentity(unverified, { emails: new Set(["boss@example.com"]) })).toBe(false);
    // A verified look-alike of a listed address (the Kelvin sign for k, full-width letters) is the address.
    const kelvin = { issuer: ISSUER, subject: "k2", claims: { email: "\u212Aim@example.com", email_verified: true } };
    expect(await isAdminIdentity(kelvin, { emails: new Set(["kim@example.com"]) })).toBe(true);
    const wide = { issuer: ISSUER, subject: "k3", claims: { email: "ｋｉｍ@example.com", email_verified: true } };
    expect(await isAdminIdentity(wide, { emails: new Set(["kim@example.com"]) })).toBe(true);
    expect(await isAdminIdentity(null, { emails: new Set(["boss@example.com"]) })).toBe(false);
  });
});

describe("to anyone but an admin, every admin path is a path that does not exist", () => {
  let t: Awaited<ReturnType<typeof createChatApp>>;
  beforeAll(async () => {
    t = await createChatApp({ env: ADMIN_CLAIM_ENV });
    await t.signUp("bob");
  });
  afterAll(() => t.close());

  const adminProcedures = Object.entries(appRouter._def.procedures as unknown as Record<string, AnyProcedure>)
    .filter(([path]) => path.startsWith("admin."))
    .map(([path, procedure]) => ({ path, type: procedure._def.type }));
  const adminRoutes = restRoutes.filter((route) => route.path.startsWith("/admin/"));
  const callers = [
    ["signed out", {}],
    ["a signed-in person", { authorization: "Bearer test:bob" }],
    ["someone with another group", { authorization: "Bearer test:bob+parley-users" }],
  ] as const;

  it("there are admin procedures and rows to check", () => {
    expect(adminProcedures.map((p) => p.path)).toEqual(
      expect.arrayContaining(["admin.access", "admin.users", "admin.usage", "admin.queue", "admin.hide", "admin.restore", "admin.dismiss"]),
    );
    expect(adminRoutes.length).toBe(adminProcedures.length);
  });

  for (const [who, headers] of callers) {
    for (const procedure of adminProcedures) {
      it(`tRPC ${procedure.path}, ${who}: GET and POST, with or without input, answer as an unknown procedure`, async () => {
        const unknown = procedure.path.replace("admin.", "admin.no");
        for (const [method, query, payload] of [
          ["GET", "", undefined],
          ["GET", `?input=${encodeURIComponent('{"limit":-1}')}`, undefined],
          ["GET", "?input=%7Bbad", undefined],
          ["POST", "", { kind: "post", id: 1 }],
          ["POST", "", '{"json": '],
        ] as const) {
          const inject = (path: string) =>
            t.app.inject({
              method,
              url: `/trpc/${path}${query}`,
              headers: { ...headers, ...(payload ? { "content-type": "application/json" } : {}) },
              ...(payload ? { payload } : {}),
            });
          const [response, expected] = await Promise.all([inject(procedure.path), inject(unknown)]);
          expect(response.statusCode, `${method} ${query}`).toBe(404);
          expect(response.body.replaceAll(procedure.path, unknown)).toBe(expected.body);
        }
        // In a batch too, next to a procedure anyone may call.
        const batch = await t.app.inject({ method: "GET", url: `/trpc/messages.public,${procedure.path}?batch=1&input=%7B%7D`, headers });
        expect((batch.json() as { error?: { data: { code: string } } }[])[1]!.error!.data.code).toBe("NOT_FOUND");
      });
    }

    for (const route of adminRoutes) {
      it(`REST ${route.method} /api/v1${route.path}, ${who}: answers as a path no route serves`, async () => {
        for (const method of ["GET", "POST", "DELETE"] as const) {
          const response = await t.app.inject({
            method,
            url: `/api/v1${route.path}?limit=-1`,
            headers,
            ...(method === "POST" ? { payload: { kind: "nope" } } : {}),
          });
          expect(response.statusCode, method).toBe(404);
          expect(response.json(), method).toEqual({ message: `Not found. No route for ${method} /api/v1${route.path}.` });
        }
      });
    }
  }
});

describe("the admin console's data", () => {
  let t: Awaited<ReturnType<typeof createChatApp>>;
  beforeAll(async () => {
    t = await createChatApp({ env: ADMIN_CLAIM_ENV });
    await Promise.all(["alice", "bob", "boss"].map((name) => t.signUp(name)));
  });
  afterAll(() => t.close());
  const admin = async (url: string) => {
    const response = await t.app.inject({ method: "GET", url: `/api/v1${url}`, headers: asAdmin("boss") });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> & { message?: string } };
  };
  type UserItem = {
    display_name: string;
    email: string | null;
    plan: string;
    tokens_used: number;
    tokens_allowed: number;
    tokens_this_period: number;
    last_seen_at: string | null;
  };

  it("lists people with plan, tokens used this period and last seen, and finds them by text", async () => {
    t.openai.setScenario({ type: "reply", chunks: ["Hi"], usage: { inputTokens: 12, outputTokens: 5 } });
    expect((await t.send("alice", "Hello", { model_id: MODEL.platform })).status).toBe(200);
    await t.call("alice", "GET", "/chat/getSessionHistory");
    const list = await admin("/admin/users");
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(3);
    const alice = (list.body.users as UserItem[]).find((u) => u.display_name === "alice")!;
    expect(alice).toMatchObject({ plan: "free", tokens_used: 17, tokens_allowed: 500, tokens_this_period: 17 });
    expect(Date.parse(alice.last_seen_at!)).toBeGreaterThan(Date.now() - 60_000);
    const found = await admin("/admin/users?q=BOB");
    expect((found.body.users as UserItem[]).map((u) => u.display_name)).toEqual(["bob"]);
    expect(await admin("/admin/users?q=%25")).toMatchObject({ status: 200, body: { total: 0 } });
  });

  it("writes last seen at most every few minutes, not on every request", async () => {
    const seen = async () => ((await admin("/admin/users?q=alice")).body.users as UserItem[])[0]!.last_seen_at;
    const before = await seen();
    expect(before).not.toBeNull();
    await t.call("alice", "GET", "/chat/getSessionHistory");
    expect(await seen()).toBe(before);
    expect(((await admin("/admin/users?q=bob")).body.users as UserItem[])[0]!.last_seen_at).toBeNull();
  });

  it("sums tokens by model and by day, every day of the range listed", async () => {
    await t.send("bob", "Hello", { model_id: MODEL.demo });
    const usage = await admin("/admin/usage?days=7");
    expect(usage.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(usage.body).toMatchObject({ to: today, days: expect.arrayContaining([today]) });
    expect((usage.body.days as string[]).length).toBe(7);
    const models = usage.body.models as { model_id: string; input_tokens: number; output_tokens: number; replies: number }[];
    expect(models.find((m) => m.model_id === MODEL.platform)).toMatchObject({ input_tokens: 12, output_tokens: 5, replies: 1 });
    expect(models.find((m) => m.model_id === MODEL.demo)).toMatchObject({ replies: 1 });
    expect(usage.body.points).toEqual(expect.arrayContaining([{ day: today, model_key: MODEL.platform, model_id: MODEL.platform, tokens: 17, replies: 1 }]));
  });

  it.each([
    ["/admin/usage?days=0", /days: must be at least 1/],
    ["/admin/usage?days=91", /days: must be at most 90/],
    ["/admin/usage?days=many", /days: must be a number of days/],
    ["/admin/users?limit=0", /limit: must be at least 1/],
    ["/admin/users?offset=-1", /offset: must be 0 or more/],
    ["/admin/users?q=a%00b", /must not contain NUL characters/],
  ])("refuses %s with 400 and a message", async (url, message) => {
    const response = await admin(url);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(message);
  });
});

describe("admin by e-mail with the embedded sign-in", () => {
  const logs = logCapture();
  let server: Awaited<ReturnType<typeof startAuthServer>>;
  beforeAll(async () => {
    server = await startAuthServer({ env: { ADMIN_EMAILS: "Kim@Example.com" }, deps: { logger: { level: "info", stream: logs.stream } } });
  }, 60_000);
  afterAll(() => server?.close());

  const get = (token: string, url: string) => server.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } });

  it("a look-alike of an address cannot sign up", async () => {
    for (const email of ["\u212Aim@example.com", "ｋim@example.com", "kim@ex\u0430mple.com", "ki\u200Bm@example.com"]) {
      await expect(signInThroughPages(server, { name: "Mallory", email, password: "mallory-password" }, { signUp: true }), email).rejects.toThrow(
        /sign-in did not finish \(400\)/,
      );
    }
    expect(await server.db.db.select().from(localAccounts)).toEqual([]);
  });

  it("a listed address counts only once the operator's verification link from the log was opened", async () => {
    const account = { name: "Kim", email: "kim@example.com", password: "kim-password" };
    const first = (await signInThroughPages(server, account, { signUp: true })).tokens.access_token;
    expect(
      (await server.app.inject({ method: "POST", url: "/api/v1/user/addUser", headers: { authorization: `Bearer ${first}` }, payload: {} })).statusCode,
    ).toBe(200);
    expect((await get(first, "/api/v1/admin/access")).statusCode).toBe(404);
    expect((await get(first, "/api/v1/user/usersettings")).json()).toMatchObject({ email: "kim@example.com", email_verified: false });

    const line = logs.lines.find((l) => typeof l.msg === "string" && l.msg.includes("/oidc/verify/"));
    expect(line?.msg).toContain("kim@example.com");
    const link = /\/oidc\/verify\/[A-Za-z0-9_-]+/.exec(String(line!.msg))![0];
    expect((await server.app.inject({ method: "GET", url: "/oidc/verify/not-a-real-code-at-all-0000000000" })).statusCode).toBe(404);
    const opened = await server.app.inject({ method: "GET", url: link });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain("kim@example.com is verified");
    // A link works once.
    expect((await server.app.inject({ method: "GET", url: link })).statusCode).toBe(404);
    // The profile tells the truth at once, before the next sign-in.
    expect((await get(first, "/api/v1/user/usersettings")).json()).toMatchObject({ email_verified: true });

    const again = (await signInThroughPages(server, account)).tokens.access_token;
    expect(
      (await server.app.inject({ method: "POST", url: "/api/v1/user/addUser", headers: { authorization: `Bearer ${again}` }, payload: {} })).statusCode,
    ).toBe(200);
    expect((await get(again, "/api/v1/admin/access")).statusCode).toBe(200);
    expect((await get(again, "/api/v1/user/usersettings")).json()).toMatchObject({ email_verified: true });
  });
});
