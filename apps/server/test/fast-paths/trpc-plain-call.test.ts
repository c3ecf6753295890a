import { request } from "node:http";
import type { AddressInfo } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { initTRPC } from "@trpc/server";
import { fastifyRequestHandler } from "@trpc/server/adapters/fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb } from "@parley/db/testing";
import { DEFAULT_RATE_LIMITS } from "@parley/api";
import { LIMITS } from "@parley/contracts";
import type { DbHandle } from "@parley/db";
import type { Authenticator } from "../../src/auth/authenticator";
import { createRateLimiter } from "../../src/http/rate-limits";
import { mountTrpc, trpcHandlers } from "../../src/http/trpc";
import { answerPlainCall } from "../../src/fast-paths/trpc";
import { testIdentities } from "../support/chat-fixture";

// Plain JSON queries and mutations are answered without tRPC's Fetch conversion. The same
// requests go to an app answering only that way (599 when it declines a request) and to an app
// answering only through tRPC's own handler, each on its own fresh database in the same state:
// what the plain path answers must be byte for byte what tRPC answers, and it must decline what it
// does not handle (tRPC's handler then answers those in the real app).

const DECLINED = 599;

/** testIdentities, plus a token whose check fails as a broken database would. */
const authenticator: Authenticator = {
  authenticate: async (header) => {
    if (header === "Bearer broken") throw new Error("connection refused");
    return testIdentities.authenticate(header);
  },
};

type Side = { app: FastifyInstance; db: DbHandle };

async function side(mode: "plain" | "standard"): Promise<Side> {
  const db = await createTestDb();
  const limiter = createRateLimiter(
    {
      ...DEFAULT_RATE_LIMITS,
      send: { limit: 5, windowMs: 60_000 },
      comment: { limit: 5, windowMs: 60_000 },
      like: { limit: 2, windowMs: 60_000 },
      post: { limit: 5, windowMs: 60_000 },
    },
    null,
  );
  const handlers = trpcHandlers({ db: db.db, authenticator, billing: null, limiter });
  const app = Fastify({ logger: false, routerOptions: { maxParamLength: 5000 } });
  await mountTrpc(app, async (request, reply, path) => {
    if (mode === "standard") return handlers.standard(request, reply, path);
    if (!(await handlers.plain(request, reply, path))) await reply.code(DECLINED).send();
  });
  await app.ready();
  return { app, db };
}

let plain: Side;
let standard: Side;
beforeAll(async () => {
  [plain, standard] = await Promise.all([side("plain"), side("standard")]);
});
afterAll(async () => {
  for (const { app, db } of [plain, standard]) {
    await app.close();
    await db.close();
  }
});

type Call = { method: "GET" | "POST"; url: string; user?: string; body?: string; contentType?: string; headers?: Record<string, string> };

const TIMESTAMP = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g;

async function answer({ app }: Side, call: Call) {
  const headers: Record<string, string> = { ...call.headers };
  if (call.user) headers.authorization = call.user === "broken" ? "Bearer broken" : `Bearer test:${call.user}`;
  if (call.body !== undefined) headers["content-type"] = call.contentType ?? "application/json";
  const response = await app.inject({ method: call.method, url: call.url, headers, payload: call.body });
  return {
    status: response.statusCode,
    body: response.body.replace(TIMESTAMP, "<time>"),
    contentType: response.headers["content-type"],
    vary: response.headers.vary,
    retryAfter: response.headers["retry-after"],
  };
}

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const batchOf = (count: number) => Array.from({ length: count }, () => "messages.public").join(",");

/** Requests the plain path answers, in order (later ones depend on earlier ones' effects). */
const answered: [string, Call, number][] = [
  ["a public query", { method: "GET", url: "/trpc/messages.public" }, 200],
  ["a public query as a batch of one", { method: "GET", url: `/trpc/messages.public?batch=1&input=${input({})}` }, 200],
  ["a protected query, signed out", { method: "GET", url: "/trpc/chat.sessions" }, 401],
  ["a protected query before account setup", { method: "GET", url: "/trpc/chat.sessions", user: "alice" }, 404],
  ["a mutation: account setup", { method: "POST", url: "/trpc/user.setup?batch=1", user: "alice", body: JSON.stringify({ 0: null }) }, 200],
  ["a query after setup", { method: "GET", url: "/trpc/user.settings", user: "alice" }, 200],
  [
    "a batch of queries where one fails (207)",
    { method: "GET", url: `/trpc/chat.sessions,messages.public,post.byId?batch=1&input=${input({ 2: { id: 987654 } })}`, user: "alice" },
    207,
  ],
  ["a query with bad input", { method: "GET", url: `/trpc/post.byId?input=${input({ id: "not a number" })}`, user: "alice" }, 400],
  [
    "a mutation with bad input",
    { method: "POST", url: "/trpc/user.updateSettings?batch=1", user: "alice", body: JSON.stringify({ 0: { nickname: 42 } }) },
    400,
  ],
  [
    "a mutation that changes something",
    { method: "POST", url: "/trpc/user.updateSettings?batch=1", user: "alice", body: JSON.stringify({ 0: { nickname: "Alice" } }) },
    200,
  ],
  ["the change, read back", { method: "GET", url: "/trpc/user.settings", user: "alice" }, 200],
  [
    "a like within the rate limit (no such post)",
    { method: "POST", url: "/trpc/post.like?batch=1", user: "alice", body: JSON.stringify({ 0: { postId: 987654 } }) },
    404,
  ],
  ["another like within the rate limit", { method: "POST", url: "/trpc/post.like", user: "alice", body: JSON.stringify({ postId: 987654 }) }, 404],
  [
    "a like over the rate limit: 429 with Retry-After",
    { method: "POST", url: "/trpc/post.like?batch=1", user: "alice", body: JSON.stringify({ 0: { postId: 987654 } }) },
    429,
  ],
  ["a context that cannot be built", { method: "GET", url: "/trpc/chat.sessions", user: "broken" }, 500],
  ["an encoded path", { method: "GET", url: "/trpc/messages%2Epublic" }, 200],
  ["a batch at the size limit", { method: "GET", url: `/trpc/${batchOf(LIMITS.trpcBatchCalls)}?batch=1` }, 200],
];

/** Requests the plain path leaves to tRPC's handler. */
const declined: [string, Call][] = [
  [
    "a streamed batch",
    { method: "POST", url: "/trpc/user.setup?batch=1", user: "bob", body: JSON.stringify({ 0: null }), headers: { "trpc-accept": "application/jsonl" } },
  ],
  ["a query sent as POST", { method: "POST", url: "/trpc/messages.public", body: "{}" }],
  ["a mutation sent as GET", { method: "GET", url: "/trpc/user.setup", user: "bob" }],
  ["an unknown procedure", { method: "GET", url: "/trpc/nothing.here" }],
  ["input that is not JSON", { method: "GET", url: "/trpc/messages.public?input=%7Bnope" }],
  ["a body that is not JSON", { method: "POST", url: "/trpc/user.setup", user: "bob", body: "{nope" }],
  ["an empty JSON body", { method: "POST", url: "/trpc/user.setup", user: "bob", body: "" }],
  ["another content type", { method: "POST", url: "/trpc/user.setup", user: "bob", body: "x", contentType: "text/plain" }],
  ["batch input that is not an object", { method: "GET", url: `/trpc/messages.public?batch=1&input=${input([1])}` }],
  ["a batch over the size limit", { method: "GET", url: `/trpc/${batchOf(LIMITS.trpcBatchCalls + 1)}?batch=1` }],
  ["a path still encoded after decoding", { method: "GET", url: "/trpc/messages%252Epublic" }],
];

describe("tRPC plain JSON calls", () => {
  it.each(answered)("%s: the same answer as tRPC's handler", async (_name, call, status) => {
    const [fromPlain, fromStandard] = await Promise.all([answer(plain, call), answer(standard, call)]);
    expect(fromStandard.status).toBe(status);
    expect(fromPlain).toEqual(fromStandard);
    if (status === 429) expect(Number(fromPlain.retryAfter)).toBeGreaterThan(0);
  });

  it.each(declined)("%s: left to tRPC's handler", async (_name, call) => {
    const fromPlain = await answer(plain, call);
    expect(fromPlain.status).toBe(DECLINED);
    expect(fromPlain.body).toBe("");
  });
});

describe("a plain call's abort signal", () => {
  // A procedure that waits for its signal: it ends only when the request's signal aborts.
  const t = initTRPC.create();
  const started: (() => void)[] = [];
  const seen: { signal: AbortSignal; aborted: Promise<void> }[] = [];
  const router = t.router({
    waits: t.procedure.query(async ({ signal }) => {
      if (!signal) throw new Error("no signal");
      const aborted = new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
      seen.push({ signal, aborted });
      started.shift()?.();
      await aborted;
      return "aborted";
    }),
    answers: t.procedure.query(({ signal }) => ({ signalled: signal instanceof AbortSignal, aborted: signal?.aborted })),
    changes: t.procedure.mutation(({ signal }) => ({ signalled: signal instanceof AbortSignal, aborted: signal?.aborted })),
  });

  /** An app answering `router` one way, on a real port (a disconnect needs a real socket). */
  async function serve(way: "plain" | "standard") {
    const app = Fastify({ logger: false, routerOptions: { maxParamLength: 5000 } });
    const answeredBy: string[] = [];
    await mountTrpc(app, async (request, reply, path) => {
      const common = { router, request, reply, path, createContext: async () => ({}), onError: () => {} };
      if (way === "standard") {
        answeredBy.push("standard");
        return fastifyRequestHandler({ ...common, req: request, res: reply, createContext: async () => ({}) });
      }
      if (await answerPlainCall({ ...common, maxBatchSize: 10, headersFor: () => ({}) })) answeredBy.push("plain");
      else await reply.code(DECLINED).send();
    });
    await app.listen({ host: "127.0.0.1", port: 0 });
    return { app, answeredBy, port: (app.server.address() as AddressInfo).port };
  }

  it.each(["plain", "standard"] as const)("is aborted when the client disconnects mid-call (%s, as tRPC's handler does)", async (way) => {
    const { app, answeredBy, port } = await serve(way);
    try {
      const running = new Promise<void>((resolve) => started.push(resolve));
      const client = request({ host: "127.0.0.1", port, path: "/trpc/waits" });
      client.on("error", () => {});
      client.end();
      await running;
      const { signal, aborted } = seen.at(-1)!;
      expect(signal.aborted).toBe(false);
      client.destroy();
      await aborted;
      expect(signal.aborted).toBe(true);
      if (way === "plain") expect(answeredBy).toEqual([]); // still running when the client left
    } finally {
      await app.close();
    }
  });

  it("is handed to the procedure, not aborted while it runs, on the plain path", async () => {
    const { app, answeredBy, port } = await serve("plain");
    try {
      const query = await fetch(`http://127.0.0.1:${port}/trpc/answers`);
      expect(await query.json()).toEqual({ result: { data: { signalled: true, aborted: false } } });
      const mutation = await fetch(`http://127.0.0.1:${port}/trpc/changes`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      expect(await mutation.json()).toEqual({ result: { data: { signalled: true, aborted: false } } });
      expect(answeredBy).toEqual(["plain", "plain"]);
    } finally {
      await app.close();
    }
  });
});
