// tRPC's fast paths (src/fast-paths/trpc) run only on the tRPC version and shape they were written
// for. Fed another version or shape, the start-up self-check logs why, once, and tRPC's public path
// answers instead, with the same results.
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initTRPC } from "@trpc/server";
import { appRouter, createCaller, createContextInner, DEFAULT_RATE_LIMITS, type Context } from "@parley/api";
import { createTestDb } from "@parley/db/testing";
import type { DbHandle } from "@parley/db";
import { startFastPaths } from "../../src/fast-paths";
import { checkTrpcFastPaths, installedTrpc, procedureInvoker, TRPC_WRITTEN_FOR, type TrpcShape } from "../../src/fast-paths/trpc";
import { checkTrpc } from "../../src/fast-paths/trpc/self-check";
import { createRateLimiter } from "../../src/http/rate-limits";
import { mountTrpc, trpcHandlers } from "../../src/http/trpc";
import { testIdentities } from "../support/chat-fixture";
import { settle } from "../support/settle";
import { logCapture } from "../support/test-app";

const warnLogger = (stream: NodeJS.WritableStream) => Fastify({ logger: { level: "warn", stream } }).log;

/** The installed tRPC with one procedure `_def` field changed, as a later tRPC might build it. */
function withProcedureDef(shape: TrpcShape, change: Record<string, unknown>): TrpcShape {
  const router = (shape.probe as { _def: { procedures: Record<string, { _def: object }> } })._def;
  const procedure = router.procedures["probe.look"]!;
  return { ...shape, probe: { _def: { ...router, procedures: { "probe.look": { _def: { ...procedure._def, ...change } } } } } };
}

describe("tRPC's self-check", () => {
  const installed = installedTrpc();
  it.each<[string, TrpcShape, RegExp | null]>([
    ["the installed tRPC", installed, null],
    [
      "another version",
      { ...installed, version: "11.20.0" },
      /^@trpc\/server 11\.20\.0 is not 11\.19\.0, the version its fast path was written for: using @trpc\/server's public path/,
    ],
    [
      "a helper gone",
      { ...installed, core: { ...installed.core, getProcedureAtPath: undefined } },
      /does not have getProcedureAtPath as its fast path expects/,
    ],
    ["no resolver in a procedure's _def", withProcedureDef(installed, { resolver: undefined }), /does not have procedure\._def\.resolver/],
    ["the resolver no longer a middleware", withProcedureDef(installed, { middlewares: [() => {}] }), /does not have procedure\._def\.middlewares/],
    ["no router could be built", { ...installed, probe: undefined }, /does not have router\._def\._config, router\._def\.procedures/],
  ])("%s", (_name, shape, finding) => {
    const found = checkTrpc(shape);
    if (finding === null) expect(found).toBeNull();
    else expect(found).toMatch(finding);
  });

  it("was written for the installed tRPC", () => {
    expect(installed.version).toBe(TRPC_WRITTEN_FOR);
  });
});

describe("tRPC on a version its fast paths were not written for", () => {
  const logs = logCapture();
  let fallbacks: string[];
  let db: DbHandle;
  beforeAll(async () => {
    db = await createTestDb();
    fallbacks = startFastPaths(warnLogger(logs.stream), { requestLoggers: false, databaseFallbacks: [], trpc: { ...installedTrpc(), version: "11.99.0" } });
  });
  afterAll(async () => {
    expect(checkTrpcFastPaths()).toBeNull();
    await db.close();
  });

  it("logs why at start-up, once, at warn", () => {
    expect(fallbacks).toHaveLength(1);
    expect(logs.lines.map((line) => [line.level, line.msg, line.fastPath])).toEqual([[40, fallbacks[0], "fallback"]]);
    expect(fallbacks[0]).toMatch(/^@trpc\/server 11\.99\.0 is not 11\.19\.0/);
  });

  it("answers plain JSON calls through tRPC's own handler, with the same answers", async () => {
    // The app's way (the plain path, else tRPC's handler), and tRPC's handler alone.
    const limiter = createRateLimiter(DEFAULT_RATE_LIMITS, null);
    const handlers = trpcHandlers({ db: db.db, authenticator: testIdentities, billing: null, limiter });
    const byPlain: string[] = [];
    const serve = async (both: boolean): Promise<FastifyInstance> => {
      const app = Fastify({ logger: false, routerOptions: { maxParamLength: 5000 } });
      await mountTrpc(app, async (request, reply, path) => {
        if (both && (await handlers.plain(request, reply, path))) byPlain.push(path);
        else await handlers.standard(request, reply, path);
      });
      return app;
    };
    const [app, standard] = await Promise.all([serve(true), serve(false)]);
    try {
      const calls = [
        { method: "GET" as const, url: "/trpc/messages.public" },
        { method: "GET" as const, url: "/trpc/chat.sessions" },
        {
          method: "GET" as const,
          url: `/trpc/post.byId?input=${encodeURIComponent(JSON.stringify({ id: "x" }))}`,
          headers: { authorization: "Bearer test:alice" },
        },
        { method: "GET" as const, url: "/trpc/messages.public,chat.sessions?batch=1" },
      ];
      for (const call of calls) {
        const [ours, theirs] = await Promise.all([app.inject(call), standard.inject(call)]);
        expect([ours.statusCode, ours.body], call.url).toEqual([theirs.statusCode, theirs.body]);
      }
      expect(byPlain).toEqual([]);
    } finally {
      await Promise.all([app.close(), standard.close()]);
    }
  });

  it("calls procedures through tRPC's own caller, with the same answers and the request's signal", async () => {
    const contextFor = (subject: string | null) =>
      createContextInner({
        db: db.db,
        auth: subject ? { issuer: "https://issuer.test", subject, claims: {} } : null,
        now: () => new Date("2026-05-01T09:00:00.000Z"),
      });
    const invoker = procedureInvoker(appRouter);
    for (const call of [(c: ReturnType<typeof createCaller>) => c.messages.public(), (c: ReturnType<typeof createCaller>) => c.post.list({ limit: 20 })]) {
      expect(await settle(() => call(invoker(contextFor(null))))).toEqual(await settle(() => call(createCaller(contextFor(null)))));
    }
    // tRPC's caller takes any depth of routers; the fast invoker refuses more than <router>.<procedure>.
    const t = initTRPC.context<Context>().create();
    const seen: (AbortSignal | undefined)[] = [];
    const nested = t.router({ a: t.router({ b: t.router({ c: t.procedure.query(({ signal }) => (seen.push(signal), "deep")) }) }) });
    const signal = new AbortController().signal;
    const deep = procedureInvoker(nested)(contextFor(null), signal) as unknown as { a: { b: { c: () => Promise<string> } } };
    expect(await deep.a.b.c()).toBe("deep");
    expect(seen).toEqual([signal]);
  });
});
