// A request's logger is made on its first line at an enabled level: requests that write nothing
// cost no child logger, and those that write still carry the request id.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Fastify, { type FastifyBaseLogger } from "fastify";
import { lazyRequestLogger } from "../src/http/request-logger";
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
  const logger = Object.create(real, { child: { value: counting } }) as FastifyBaseLogger;
  return { logs, logger, made };
}

describe("lazyRequestLogger", () => {
  const fakeRequest = {} as never;

  it("makes no child for lines below the level, and a child carrying the bindings on the first line written", () => {
    const { logs, logger, made } = countedLogger("warn");
    const log = lazyRequestLogger.call({} as never, logger, { reqId: "r-1" }, {}, fakeRequest);
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
    const log = lazyRequestLogger.call({} as never, logger, { reqId: "r-2" }, {}, fakeRequest);
    expect(log.level).toBe("info");
    log.child({ part: "inner" }).info("from a child");
    log.level = "error";
    log.warn("now below the level");
    expect(logs.lines.map((line) => [line.msg, line.reqId, line.part])).toEqual([["from a child", "r-2", "inner"]]);
  });

  it("makes the child at once for a route with a level of its own", () => {
    const { logs, logger, made } = countedLogger("warn");
    const log = lazyRequestLogger.call({} as never, logger, { reqId: "r-3" }, { level: "debug" }, fakeRequest);
    expect(made.children).toBe(1);
    log.debug("a route's debug line");
    expect(logs.lines.map((line) => [line.msg, line.reqId])).toEqual([["a route's debug line", "r-3"]]);
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
  });
  afterAll(() => t.close());

  it("writes nothing for a request that went well, and a failure's line with its request id", async () => {
    await t.app.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": "quiet-1" } });
    expect(logs.lines.filter((line) => line.reqId === "quiet-1")).toEqual([]);
    const failed = await t.app.inject({ method: "GET", url: "/test/fails", headers: { "x-request-id": "loud-1" } });
    expect(failed.statusCode).toBe(500);
    expect(logs.lines.filter((line) => line.reqId === "loud-1").map((line) => line.msg)).toEqual(["request failed"]);
  });
});
