import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAIServer, type FakeServer } from "@parley/ai/testing";
import { Browser, signInThroughPages } from "./support/auth-flow";
import { startFakeStripe } from "./support/fake-stripe";
import { createEmptyDatabase, freePort, killInstance, startBalancer, startCuttableProxy, startInstance, type Instance } from "./support/instances";

// Two built servers on one PostgreSQL database and one Redis, behind a round-robin TCP proxy
// that follows /readyz, work as one: they start together on an empty database, share sign-in,
// data, rate limits and Stops, keep serving while Redis is cut off, and one of them stopping
// (SIGTERM) mid-reply ends that reply cleanly while the other serves on. Redis is the shared one
// at REDIS_TEST_URL (default 127.0.0.1:6379), reached through a proxy this file can cut, with
// keys under a prefix of this run's own. PostgreSQL only (the embedded database belongs to one
// process): the PostgreSQL leg runs it.

const adminUrl = process.env.TEST_DATABASE_URL ?? "";
const redisUrl = new URL(process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379");
const OWN_KEY = "sk-own-openai-0000000000000000000042";
const COMMENTS_PER_MINUTE = 3;
const migrationCount = readdirSync(fileURLToPath(new URL("../../../packages/db/drizzle", import.meta.url))).filter((f) => f.endsWith(".sql")).length;
const STRIPE = { secret: "whsec_instances_test", basic: "price_basic_test", pro: "price_pro_test" };
const needsPostgres = "needs TEST_DATABASE_URL (the PostgreSQL leg runs it)";

type Harness = {
  a: Instance;
  b: Instance;
  balancer: Awaited<ReturnType<typeof startBalancer>>;
  redisProxy: Awaited<ReturnType<typeof startCuttableProxy>>;
  openai: FakeServer;
  stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  sql: postgres.Sql;
  prefix: string;
  cleanup: () => Promise<void>;
};
let h: Harness | undefined;

beforeAll(async () => {
  if (!adminUrl) return;
  const cleanups: (() => Promise<unknown> | void)[] = [];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step();
  };
  try {
    const database = await createEmptyDatabase(adminUrl, "parley_instances");
    cleanups.push(database.drop);
    const openai = await startFakeOpenAIServer({ apiKey: OWN_KEY });
    cleanups.push(() => openai.close());
    const stripe = await startFakeStripe();
    cleanups.push(() => stripe.close());
    const redisProxy = await startCuttableProxy({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
    cleanups.push(redisProxy.close);
    const prefix = `parley-test-${randomBytes(4).toString("hex")}:`;
    cleanups.push(() => deleteKeys(prefix));
    const [portA, portB] = [await freePort(), await freePort()];
    const balancer = await startBalancer([
      { name: "a", port: portA },
      { name: "b", port: portB },
    ]);
    cleanups.push(balancer.close);
    const scratch = mkdtempSync(join(tmpdir(), "parley-instances-"));
    cleanups.push(() => rmSync(scratch, { recursive: true, force: true }));
    const env = {
      DATABASE_URL: database.url,
      PUBLIC_URL: balancer.url,
      ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      REDIS_URL: `redis://127.0.0.1:${redisProxy.port}`,
      REDIS_KEY_PREFIX: prefix,
      RATE_LIMIT_COMMENTS: String(COMMENTS_PER_MINUTE),
      AUTH_IP_LIMIT: "10000",
      SHUTDOWN_GRACE_MS: "3000",
      OPENAI_API_KEY: "",
      OPENAI_BASE_URL: openai.baseURL,
      OPENAI_MODELS: "gpt-4o-mini",
      ANTHROPIC_MODELS: "",
      STRIPE_SECRET_KEY: "sk_test_instances",
      STRIPE_WEBHOOK_SECRET: STRIPE.secret,
      STRIPE_PRICE_BASIC: STRIPE.basic,
      STRIPE_PRICE_PRO: STRIPE.pro,
      STRIPE_API_URL: stripe.url,
    };
    // Both at once on an empty database.
    const a = startInstance("a", portA, { ...env, DATA_DIR: join(scratch, "a") });
    const b = startInstance("b", portB, { ...env, DATA_DIR: join(scratch, "b") });
    cleanups.push(
      () => killInstance(a),
      () => killInstance(b),
    );
    await Promise.all([a.ready(), b.ready()]);
    // The tests go through the balancer: it must have taken both in, not only have them answer.
    await balancer.allReady();
    const sql = postgres(database.url, { max: 2, onnotice: () => {} });
    cleanups.push(() => sql.end({ timeout: 1 }));
    h = { a, b, balancer, redisProxy, openai, stripe, sql, prefix, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}, 180_000);

afterAll(async () => {
  await h?.cleanup();
});

async function deleteKeys(prefix: string) {
  const redis = new Redis(redisUrl.toString(), { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

/** Signs a new person up through the load balancer, one connection per request (so the sign-in itself crosses instances), and sets up their account on A. */
async function signUp(name: string, options: { ownKey?: boolean } = {}) {
  const { balancer, a } = h!;
  const servedBefore = balancer.served.length;
  const { tokens } = await signInThroughPages(
    { baseUrl: balancer.url, config: { oidc: { issuer: `${balancer.url}/oidc`, clientId: "parley-web" } } },
    { name, email: `${name}@example.com`, password: `${name}-password-123` },
    { signUp: true, browser: new Browser(balancer.url, { connection: "close" }) },
  );
  const authorization = `Bearer ${tokens.access_token}`;
  const person = {
    authorization,
    servedSignIn: balancer.served.slice(servedBefore),
    call: async (instance: Instance | { url: string }, method: "GET" | "POST", path: string, body?: unknown) => {
      const response = await fetch(`${instance.url}/api/v1${path}`, {
        method,
        headers: { authorization, connection: "close", ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> & { message?: string } };
    },
  };
  expect((await person.call(a, "POST", "/user/addUser", { user: { name, email: `${name}@example.com`, nickname: name } })).status).toBe(200);
  if (options.ownKey) expect((await person.call(a, "POST", "/user/updateUserApiKeys", { open_ai_key: OWN_KEY })).status).toBe(200);
  return person;
}

type Person = Awaited<ReturnType<typeof signUp>>;

/** A post by `person` (a demo-model chat, published) made on `instance`. */
async function publish(person: Person, instance: Instance) {
  const chat = await person.call(instance, "POST", "/chat/postChat", {
    messages: [{ content: "Hello" }],
    model_id: "demo:parley-demo",
    session_id: 0,
    category: "general",
  });
  expect(chat.status).toBe(200);
  const post = await person.call(instance, "POST", "/post/postChat", { chat_id: chat.body.session_id, description: "Across instances", categories: [] });
  expect(post.status).toBe(200);
  return post.body.post_id as number;
}

/** Reads a server-sent event stream as { event, data } records as they arrive. */
async function* sseEvents(response: Response): AsyncGenerator<{ event: string; data: Record<string, unknown> }> {
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const chunk of response.body!) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (data) yield { event, data: JSON.parse(data) as Record<string, unknown> };
    }
  }
}

/**
 * A comparison (the slow fake OpenAI model and the demo model) streamed by `streamOn`, whose
 * OpenAI column is stopped through `stopOn` once its first words arrived.
 */
async function compareAndStopElsewhere(person: Person, streamOn: Instance, stopOn: Instance) {
  h!.openai.setScenario({ type: "reply", chunks: Array.from({ length: 40 }, (_, i) => `w${i} `), chunkDelayMs: 200 });
  const response = await fetch(`${streamOn.url}/api/v1/chat/compare`, {
    method: "POST",
    headers: { authorization: person.authorization, "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify({ messages: [{ content: "Compare" }], model_ids: ["openai:gpt-4o-mini", "demo:parley-demo"], session_id: 0, category: "general" }),
  });
  expect(response.status).toBe(200);
  const events: { event: string; data: Record<string, unknown> }[] = [];
  let stopAnswer: unknown;
  const started = Date.now();
  for await (const event of sseEvents(response)) {
    events.push(event);
    if (stopAnswer === undefined && event.event === "text" && event.data.column === 0) {
      const sessionId = events[0]!.data.session_id as number;
      const stop = await fetch(`${stopOn.url}/trpc/chat.stopCompareColumn`, {
        method: "POST",
        headers: { authorization: person.authorization, "content-type": "application/json" },
        body: JSON.stringify({ sessionId, column: 0 }),
      });
      stopAnswer = ((await stop.json()) as { result: { data: unknown } }).result.data;
    }
  }
  const sessionId = events[0]!.data.session_id as number;
  const stopped = events.find((e) => e.event === "stopped");
  const rows = await h!.sql<{ compare_column: number; status: string; response_content: string }[]>`
    select compare_column, status, response_content from chat_entries where session_id = ${sessionId} order by compare_column`;
  return { stopAnswer, stopped, rows, seconds: (Date.now() - started) / 1000 };
}

describe("two instances behind a load balancer", () => {
  it("start together on an empty database: one applies the migrations under the advisory lock, the other finds them done, both serve", async (context) => {
    if (!h) return context.skip(needsPostgres);
    const applied = [h.a, h.b].map((instance) => {
      const line = instance.logs().find((l) => Array.isArray(l.applied));
      expect(line, `${instance.name} logged its migrations`).toBeDefined();
      return (line!.applied as string[]).length;
    });
    expect(applied.sort()).toEqual([0, migrationCount]);
    const [row] = await h.sql<{ count: number }[]>`select count(*)::int as count from parley_migrations`;
    expect(row?.count).toBe(migrationCount);
    for (const instance of [h.a, h.b]) expect((await fetch(`${instance.url}/readyz`)).status).toBe(200);
  });

  it("a sign-in that crosses both instances works, and its token is accepted by each", async (context) => {
    if (!h) return context.skip(needsPostgres);
    const alice = await signUp("alice");
    // The authorization request, the form and the code exchange were served by both.
    expect(new Set(alice.servedSignIn)).toEqual(new Set(["a", "b"]));
    for (const instance of [h.a, h.b]) {
      const settings = await alice.call(instance, "GET", "/user/usersettings");
      expect(settings.status).toBe(200);
      expect(settings.body).toMatchObject({ email: "alice@example.com" });
    }
  });

  it("a like, a comment and a plan change made on A are seen on B at once", async (context) => {
    if (!h) return context.skip(needsPostgres);
    const [bob, cleo] = [await signUp("bob"), await signUp("cleo")];
    const postId = await publish(bob, h.a);
    expect((await cleo.call(h.a, "POST", `/post/like/${postId}`)).body).toMatchObject({ likes: 1 });
    expect((await cleo.call(h.a, "POST", `/post/comment/${postId}`, { content: "Seen everywhere" })).status).toBe(200);
    const post = await bob.call(h.b, "GET", `/post/getPost/${postId}`);
    expect(post.status).toBe(200);
    expect(post.body).toMatchObject({ likes: 1 });
    expect((await cleo.call(h.b, "GET", `/post/hasLiked/${postId}`)).body).toMatchObject({ has_liked: true });
    const comments = await bob.call(h.b, "GET", `/post/comments/${postId}`);
    expect((comments.body as unknown as { content: string }[]).map((c) => c.content)).toEqual(["Seen everywhere"]);

    // Bob subscribes: the checkout starts on A, Stripe's webhook reaches A, B reads the new plan.
    expect((await bob.call(h.b, "GET", "/subscription/userSubscription")).body).toMatchObject({ subscription_type: "FREE" });
    expect((await bob.call(h.a, "POST", "/subscription/create-checkout-session", { price_id: STRIPE.basic })).status).toBe(200);
    const customer = h.stripe.requests
      .filter((r) => r.path === "/v1/checkout/sessions")
      .at(-1)!
      .body.get("customer")!;
    const now = Math.floor(Date.now() / 1000);
    const subscription = {
      id: "sub_instances_1",
      object: "subscription" as const,
      customer,
      status: "active",
      metadata: {},
      items: {
        object: "list" as const,
        data: [{ id: "si_instances_1", price: { id: STRIPE.basic }, current_period_start: now, current_period_end: now + 2_592_000 }],
      },
    };
    h.stripe.subscriptions.set(subscription.id, subscription);
    const payload = JSON.stringify({
      id: "evt_instances_1",
      object: "event",
      type: "customer.subscription.created",
      created: now,
      data: { object: subscription },
    });
    const signature = new Stripe("sk_test_signer").webhooks.generateTestHeaderString({ payload, secret: STRIPE.secret });
    const delivered = await fetch(`${h.a.url}/billing/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    });
    expect(await delivered.json()).toEqual({ received: true, outcome: "applied" });
    expect((await bob.call(h.b, "GET", "/subscription/userSubscription")).body).toMatchObject({
      subscription_type: "BASE",
      subscription_id: "sub_instances_1",
    });
  });

  it(`rate limits are counted across both: ${COMMENTS_PER_MINUTE} comments a minute spent on A, the next on B is a 429 with Retry-After`, async (context) => {
    if (!h) return context.skip(needsPostgres);
    const dina = await signUp("dina");
    const postId = await publish(dina, h.a);
    for (let i = 0; i < COMMENTS_PER_MINUTE; i++) expect((await dina.call(h.a, "POST", `/post/comment/${postId}`, { content: `On A ${i}` })).status).toBe(200);
    const refused = await dina.call(h.b, "POST", `/post/comment/${postId}`, { content: "On B" });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many comments; try again in \d+ seconds?\.$/);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it("a Stop sent to B ends the comparison column streaming on A; the other column completes", async (context) => {
    if (!h) return context.skip(needsPostgres);
    const emil = await signUp("emil", { ownKey: true });
    const result = await compareAndStopElsewhere(emil, h.a, h.b);
    expect(result.stopAnswer).toEqual({ stopped: true });
    expect(result.stopped?.data).toMatchObject({ column: 0 });
    const partial = result.stopped!.data.partial_response as string;
    expect(partial).toMatch(/^w0 /);
    // Stopped well before the 8 s the whole reply takes.
    expect(result.seconds).toBeLessThan(6);
    expect(result.rows).toEqual([
      { compare_column: 0, status: "stopped", response_content: partial },
      { compare_column: 1, status: "complete", response_content: expect.any(String) },
    ]);
  });

  it("while Redis is cut off both keep serving with a logged warning (limits per instance, Stops through PostgreSQL), and share again once it is back", async (context) => {
    if (!h) return context.skip(needsPostgres);
    const [fay, gil, hal] = [await signUp("fay"), await signUp("gil"), await signUp("hal", { ownKey: true })];
    const postId = await publish(fay, h.a);
    h.redisProxy.cut();
    try {
      // Each instance counts on its own: the allowance is had once on A and once more on B.
      const statuses: number[] = [];
      for (const instance of [h.a, h.b]) {
        for (let i = 0; i <= COMMENTS_PER_MINUTE; i++)
          statuses.push((await gil.call(instance, "POST", `/post/comment/${postId}`, { content: `While cut ${i}` })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 200, 200, 200, 429]);
      for (const instance of [h.a, h.b]) {
        expect(instance.logs().some((l) => l.level === 40 && /Redis is unavailable/.test(l.msg ?? ""))).toBe(true);
        expect((await fetch(`${instance.url}/readyz`)).status).toBe(200);
      }
      const stop = await compareAndStopElsewhere(hal, h.a, h.b);
      expect(stop.stopAnswer).toEqual({ stopped: true });
      expect(stop.rows.map((r) => r.status)).toEqual(["stopped", "complete"]);
    } finally {
      h.redisProxy.restore();
    }
    const backLogs = () => [h!.a, h!.b].every((i) => i.logs().some((l) => /Redis is back/.test(l.msg ?? "")));
    await expect.poll(backLogs, { timeout: 15_000, interval: 200 }).toBe(true);
    const statuses: number[] = [];
    for (let i = 0; i <= COMMENTS_PER_MINUTE; i++) {
      statuses.push((await fay.call(i % 2 ? h.b : h.a, "POST", `/post/comment/${postId}`, { content: `Back ${i}` })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("SIGTERM on A mid-reply: A's readiness fails while it drains, the reply ends with its error event and the partial text stored, and B serves on", async (context) => {
    if (!h) return context.skip(needsPostgres);
    const ivy = await signUp("ivy", { ownKey: true });
    h.openai.setScenario({ type: "reply", chunks: Array.from({ length: 40 }, (_, i) => `x${i} `), chunkDelayMs: 200 });
    const response = await fetch(`${h.a.url}/api/v1/chat/postChat`, {
      method: "POST",
      headers: { authorization: ivy.authorization, "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify({ messages: [{ content: "Long answer" }], model_id: "openai:gpt-4o-mini", session_id: 0, category: "general" }),
    });
    expect(response.status).toBe(200);
    const events: { event: string; data: Record<string, unknown> }[] = [];
    const reading = (async () => {
      for await (const event of sseEvents(response)) events.push(event);
    })();
    await expect.poll(() => events.filter((e) => e.event === "text").length, { timeout: 10_000 }).toBeGreaterThan(1);

    const signalled = Date.now();
    h.a.child.kill("SIGTERM");
    // While A drains (its reply still streaming), a readiness check there fails and the balancer
    // sends everything to B.
    await expect.poll(() => h!.balancer.isReady("a"), { timeout: 2500, interval: 50 }).toBe(false);
    expect(h.a.child.exitCode).toBeNull();
    expect(
      await fetch(`${h.a.url}/readyz`, { headers: { connection: "close" } }).then(
        (r) => r.ok,
        () => false,
      ),
    ).toBe(false);
    const servedBefore = h.balancer.served.length;
    for (let i = 0; i < 4; i++) expect((await ivy.call(h.balancer, "GET", "/user/usersettings")).status).toBe(200);
    expect(h.balancer.served.slice(servedBefore)).toEqual(["b", "b", "b", "b"]);

    expect(await h.a.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    await reading;
    const last = events.at(-1)!;
    expect(last.event).toBe("error");
    const partial = last.data.partial_response as string;
    expect(partial).toMatch(/^x0 x1 /);
    const rows = await h.sql<{ status: string; response_content: string }[]>`
      select e.status, e.response_content from chat_entries e where e.message_content = 'Long answer'`;
    expect(rows).toEqual([{ status: "stopped", response_content: partial }]);
    // B serves on, through the balancer too.
    expect((await fetch(`${h.b.url}/readyz`)).status).toBe(200);
    expect((await ivy.call(h.balancer, "GET", "/chat/getSessionHistory")).status).toBe(200);
  });
});
