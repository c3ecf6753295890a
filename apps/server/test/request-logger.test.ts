// A request's logger is made on its first line at an enabled level: requests that write nothing
// cost no child logger, and those that write still carry the request id.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Fastify, { type FastifyBaseLogger } from "fastify";
import { lazyRequestChildren } from "../src/fast-paths/pino";
import { RequestLines } from "../src/http/request-logger";
import { createTestApp, logCapture } from "./support/test-app";

/** Fastify's logger (pino) at `level` into a capture, counting the children made from it. */
function countedLogger(level: string) {
  const logs = logCapture();
  const real: FastifyBaseLogger = Fastify({ logger: { level, stream: logs.stream } }).log;
  const made = { children: 0 };
  // The real logger's children are made from it, so they keep pino's own `child`.
  const counting = (...args: Parameters<FastifyBaseLogger["child"]>) => {
    made.children++;
    return real.child(...args);
  };
  const logger = Object.create(real, { child: { value: counting, writable: true, configurable: true } }) as FastifyBaseLogger;
  lazyRequestChildren(logger);
  return { logs, logger, made };
}

describe("lazyRequestChildren", () => {
  it("makes no child for lines below the level, and a child carrying the bindings on the first line written", () => {
    const { logs, logger, made } = countedLogger("warn");
    const log = logger.child({ reqId: "r-1" }, {});
    log.info("not written");
    log.debug({ a: 1 }, "not written either");
    const enabled = log as FastifyBaseLogger & { isLevelEnabled: (level: string) => boolean };
    expect(enabled.isLevelEnabled("info")).toBe(false);
    expect(enabled.isLevelEnabled("warn")).toBe(true);
    expect(made.children).toBe(0);
    expect(logs.lines).toEqual([]);
    log.warn({ detail: 2 }, "written");
    log.error("also written");
    expect(made.children).toBe(1);
    expect(logs.lines.map((line) => [line.msg, line.reqId, line.level])).toEqual([
      ["written", "r-1", 40],
      ["also written", "r-1", 50],
    ]);
    expect(logs.lines[0]).toMatchObject({ detail: 2 });
  });

  it("hands children and levels through to the real logger", () => {
    const { logs, logger } = countedLogger("info");
    const log = logger.child({ reqId: "r-2" }, {});
    expect(log.level).toBe("info");
    log.child({ part: "inner" }).info("from a child");
    log.level = "error";
    log.warn("now below the level");
    expect(logs.lines.map((line) => [line.msg, line.reqId, line.part])).toEqual([["from a child", "r-2", "inner"]]);
  });

  it("gives a request's logger real children that carry both bindings, as pino's own would", () => {
    const logs = logCapture();
    const root = Fastify({ logger: { level: "info", stream: logs.stream } }).log;
    lazyRequestChildren(root);
    const request = root.child({ reqId: "r-5" }, {});
    expect(request.constructor.name).toBe("LazyChild");
    const inner = request.child({ part: "inner" });
    expect(inner.constructor.name).not.toBe("LazyChild");
    inner.child({ depth: 2 }).info("two levels down");
    root.info("from the root");
    expect(logs.lines.map((line) => [line.msg, line.reqId, line.part, line.depth])).toEqual([
      ["two levels down", "r-5", "inner", 2],
      ["from the root", undefined, undefined, undefined],
    ]);
  });

  it("makes the child at once for a route with a level of its own", () => {
    const { logs, logger, made } = countedLogger("warn");
    const log = logger.child({ reqId: "r-3" }, { level: "debug" });
    expect(made.children).toBe(1);
    log.debug("a route's debug line");
    expect(logs.lines.map((line) => [line.msg, line.reqId])).toEqual([["a route's debug line", "r-3"]]);
  });
});

describe("RequestLines", () => {
  /** A request and reply logging through `log`, counting reads of the response time. */
  function exchange(log: FastifyBaseLogger) {
    const timed = { reads: 0 };
    const request = { log, id: "r-4" } as never;
    const reply = {
      log,
      statusCode: 200,
      get elapsedTime() {
        timed.reads++;
        return 1.5;
      },
    } as never;
    return { request, reply, timed };
  }

  it("builds no line for a request while info is off, and hands on a request that errored", () => {
    const { logs, logger } = countedLogger("warn");
    const { request, reply, timed } = exchange(logger);
    const lines = new RequestLines();
    lines.incomingRequest(request, reply);
    lines.requestCompleted(null, request, reply);
    expect(timed.reads).toBe(0);
    expect(logs.lines).toEqual([]);
    lines.requestCompleted(new Error("socket hang up"), request, reply);
    expect(logs.lines.map((line) => [line.msg, line.level, line.responseTime])).toEqual([["request errored", 50, 1.5]]);
  });

  it("writes Fastify's own lines while info is on", () => {
    const { logs, logger } = countedLogger("info");
    const { request, reply, timed } = exchange(logger);
    const lines = new RequestLines();
    lines.incomingRequest(request, reply);
    lines.requestCompleted(null, request, reply);
    expect(timed.reads).toBe(1);
    expect(logs.lines.map((line) => [line.msg, line.responseTime])).toEqual([
      ["incoming request", undefined],
      ["request completed", 1.5],
    ]);
  });
});

describe("an app logging at warn", () => {
  const logs = logCapture();
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ deps: { logger: { level: "warn", stream: logs.stream } } });
    t.app.get("/test/fails", async () => {
      throw new Error("a server fault");
    });
    t.app.get("/test/warns", async (request) => {
      request.log.child({ part: "inner" }).warn("a warning from within");
      return { ok: true };
    });
  });
  afterAll(() => t.close());

  it("writes nothing for a request that went well, and a failure's line with its request id", async () => {
    await t.app.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": "quiet-1" } });
    expect(logs.lines.filter((line) => line.reqId === "quiet-1")).toEqual([]);
    const failed = await t.app.inject({ method: "GET", url: "/test/fails", headers: { "x-request-id": "loud-1" } });
    expect(failed.statusCode).toBe(500);
    expect(logs.lines.filter((line) => line.reqId === "loud-1").map((line) => line.msg)).toEqual(["request failed"]);
  });

  it("writes a line from a request's own child logger with the request id", async () => {
    await t.app.inject({ method: "GET", url: "/test/warns", headers: { "x-request-id": "inner-1" } });
    expect(logs.lines.filter((line) => line.reqId === "inner-1").map((line) => [line.msg, line.part])).toEqual([["a warning from within", "inner"]]);
  });
});
