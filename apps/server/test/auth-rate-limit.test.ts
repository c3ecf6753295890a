import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Redis } from "ioredis";
import { createMemoryLimiter, createMemoryThrottle, createRedisLimiter, createRedisThrottle, withFallback } from "../src/http/limiters";
import { Browser, isPage, signInThroughPages, startAuthorization, startAuthServer, type Page } from "./support/auth-flow";
import { startRedisServer } from "./support/redis-server";

// Sign-in attempt limits: fixed windows per address and growing delays after failed sign-ins per
// (account, address), in memory, or shared by all instances through Redis (a real redis-server
// started for this file).

let redisServer: Awaited<ReturnType<typeof startRedisServer>> | undefined;
let redisUrl: string;
let redis: Redis;

beforeAll(async () => {
  redisServer = await startRedisServer();
  redisUrl = redisServer.url;
  redis = new Redis(redisUrl);
}, 30_000);

afterAll(async () => {
  await redis?.quit();
  redisServer?.stop();
});

describe("memory limiter", () => {
  it("allows `limit` hits per window, then refuses until the window ends", async () => {
    let now = 1_000_000;
    const limiter = createMemoryLimiter({ limit: 3, windowMs: 60_000 }, () => now);
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.hit("k"));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterSeconds).toBe(60);
    expect((await limiter.hit("other")).allowed).toBe(true);
    now += 60_000;
    expect((await limiter.hit("k")).allowed).toBe(true);
    await limiter.hit("k");
    await limiter.hit("k");
    await limiter.reset("k");
    expect((await limiter.hit("k")).allowed).toBe(true);
  });
});

describe("memory failure throttle", () => {
  const rule = { freeFailures: 5, baseDelayMs: 30_000, maxDelayMs: 15 * 60_000, forgetAfterMs: 60 * 60_000 };

  it("lets 5 failures pass, then makes the next attempt wait 30 s, doubling up to 15 minutes", async () => {
    let now = 1_000_000;
    const throttle = createMemoryThrottle(rule, () => now);
    const waits = [];
    for (let i = 0; i < 11; i++) {
      expect((await throttle.check("k")).allowed).toBe(true);
      const { retryAfterSeconds } = await throttle.fail("k");
      waits.push(retryAfterSeconds);
      now += retryAfterSeconds * 1000 - 1000;
      if (retryAfterSeconds > 0) expect(await throttle.check("k")).toEqual({ allowed: false, retryAfterSeconds: 1 });
      now += 1000;
    }
    expect(waits).toEqual([0, 0, 0, 0, 0, 30, 60, 120, 240, 480, 900]);
    // Other keys (the same account from another address) are untouched.
    expect((await throttle.check("other")).allowed).toBe(true);
  });

  it("forgets failures after a success, or an hour without failures", async () => {
    let now = 1_000_000;
    const throttle = createMemoryThrottle(rule, () => now);
    for (let i = 0; i < 6; i++) await throttle.fail("k");
    expect((await throttle.check("k")).allowed).toBe(false);
    await throttle.reset("k");
    expect((await throttle.check("k")).allowed).toBe(true);
    expect(await throttle.fail("k")).toEqual({ retryAfterSeconds: 0 });

    for (let i = 0; i < 5; i++) await throttle.fail("k");
    now += 60 * 60_000;
    expect(await throttle.fail("k")).toEqual({ retryAfterSeconds: 0 });
  });
});

describe("Redis limiter", () => {
  it("shares one count between instances and expires with the window", async () => {
    const rule = { limit: 3, windowMs: 1000 };
    const first = createRedisLimiter(redis, rule, "test:shared:");
    const second = createRedisLimiter(redis, rule, "test:shared:");
    const results = [await first.hit("k"), await second.hit("k"), await first.hit("k"), await second.hit("k")];
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterSeconds).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await second.hit("k")).allowed).toBe(true);
    await first.reset("k");
    expect(await redis.exists("test:shared:k")).toBe(0);
  });

  it("a failure throttle shares failures and delays between instances", async () => {
    const rule = { freeFailures: 2, baseDelayMs: 400, maxDelayMs: 1000, forgetAfterMs: 60_000 };
    const first = createRedisThrottle(redis, rule, "test:throttle:");
    const second = createRedisThrottle(redis, rule, "test:throttle:");
    expect([await first.fail("k"), await second.fail("k")]).toEqual([{ retryAfterSeconds: 0 }, { retryAfterSeconds: 0 }]);
    expect((await second.check("k")).allowed).toBe(true);
    expect(await first.fail("k")).toEqual({ retryAfterSeconds: 1 });
    expect(await second.check("k")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect((await first.check("other")).allowed).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect((await second.check("k")).allowed).toBe(true);
    expect(await second.fail("k")).toEqual({ retryAfterSeconds: 1 });
    expect(Number(await redis.pttl("test:throttle:k"))).toBeGreaterThan(59_000);
    await first.reset("k");
    expect(await redis.exists("test:throttle:k")).toBe(0);
  });

  it("falls back to memory while Redis is unreachable", async () => {
    const down = new Redis("redis://127.0.0.1:1", { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    down.on("error", () => {});
    const errors: unknown[] = [];
    const limiter = withFallback(createRedisLimiter(down, { limit: 2, windowMs: 60_000 }, "x:"), createMemoryLimiter({ limit: 2, windowMs: 60_000 }), (error) =>
      errors.push(error),
    );
    const results = [await limiter.hit("k"), await limiter.hit("k"), await limiter.hit("k")];
    expect(results.map((r) => r.allowed)).toEqual([true, true, false]);
    expect(errors.length).toBeGreaterThan(0);

    const throttle = withFallback(
      createRedisThrottle(down, { freeFailures: 1, baseDelayMs: 60_000, maxDelayMs: 60_000, forgetAfterMs: 60_000 }, "x:"),
      createMemoryThrottle({ freeFailures: 1, baseDelayMs: 60_000, maxDelayMs: 60_000, forgetAfterMs: 60_000 }),
      (error) => errors.push(error),
    );
    expect([await throttle.fail("k"), await throttle.fail("k")]).toEqual([{ retryAfterSeconds: 0 }, { retryAfterSeconds: 60 }]);
    expect(await throttle.check("k")).toEqual({ allowed: false, retryAfterSeconds: 60 });
    down.disconnect();
  });
});

describe("two server instances with REDIS_URL", () => {
  let a: Awaited<ReturnType<typeof startAuthServer>>;
  let b: Awaited<ReturnType<typeof startAuthServer>>;
  beforeAll(async () => {
    a = await startAuthServer({ env: { REDIS_URL: redisUrl } });
    b = await startAuthServer({ env: { REDIS_URL: redisUrl } });
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  async function failedAttempts(server: typeof a, email: string, count: number): Promise<Page> {
    const browser = new Browser(server.baseUrl);
    const flow = startAuthorization({ issuer: server.config.oidc.issuer, clientId: "parley-web", appUrl: server.baseUrl });
    let page = (await browser.go(flow.authorizeUrl)) as Page;
    for (let i = 0; i < count; i++) {
      const result = await browser.submit(page, { email, password: `wrong-${i}` });
      if (!isPage(result)) throw new Error("a wrong password signed in");
      page = result;
    }
    return page;
  }

  it("count failures at one account from one address together: 5 in all, then both make the next attempt wait", async () => {
    const email = "shared-limit@example.com";
    await signInThroughPages(b, { name: "Shared", email, password: "shared-password" }, { signUp: true });
    await failedAttempts(a, email, 3);
    const last = await failedAttempts(b, email, 4);
    expect(last.status).toBe(429);
    expect(last.html).toContain("Too many sign-in attempts.");
    expect(await redis.hget(`parley:auth:signin:${email}:127.0.0.1`, "failures")).toBe("6");
  }, 60_000);
});
