// pino's fast path (src/fast-paths/pino: lazy request loggers) runs only on the pino version and
// shape it was written for. Fed another, the start-up self-check logs why, once, and requests get
// pino's own loggers, writing the same lines.
import Fastify, { type FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { startFastPaths } from "../../src/fast-paths";
import { lazyRequestChildren, PINO_WRITTEN_FOR } from "../../src/fast-paths/pino";
import { logCapture } from "../support/test-app";

const warnLogger = (stream: NodeJS.WritableStream) => Fastify({ logger: { level: "warn", stream } }).log;

/** The lines a request's logger writes for the same calls, minus the time. */
function requestLines(root: FastifyBaseLogger, lines: Record<string, unknown>[]) {
  const log = root.child({ reqId: "r-1" }, {});
  log.info("below the level");
  log.warn({ detail: 1 }, "written");
  log.child({ part: "inner" }).error("from a child");
  return lines.map(({ time: _time, ...line }) => line);
}

describe("pino on a version or shape its lazy request loggers were not written for", () => {
  it.each<[string, PropertyDescriptorMap, RegExp]>([
    [
      "another version",
      { version: { value: "11.0.0" } },
      /^pino 11\.0\.0 is not 10\.4\.0, the version its fast path was written for: using pino's public path/,
    ],
    ["no isLevelEnabled", { isLevelEnabled: { value: undefined } }, /^pino 10\.4\.0 does not have isLevelEnabled as its fast path expects/],
  ])("%s: logs why once at start-up, and requests get pino's own loggers, writing the same lines", (_name, change, finding) => {
    const fast = logCapture();
    const fastRoot = warnLogger(fast.stream);
    expect(lazyRequestChildren(fastRoot)).toBeNull();
    expect(fastRoot.child({ reqId: "r-0" }, {}).constructor.name).toBe("LazyChild");

    const changed = logCapture();
    const root = Object.create(warnLogger(changed.stream), change) as FastifyBaseLogger;
    const fallbacks = startFastPaths(root, { requestLoggers: true, databaseFallbacks: [] });
    expect(fallbacks).toEqual([expect.stringMatching(finding)]);
    expect(changed.lines.map((line) => [line.level, line.msg])).toEqual([[40, fallbacks[0]]]);
    expect(Object.hasOwn(root, "child")).toBe(false);
    expect(root.child({ reqId: "r-0" }, {}).constructor.name).not.toBe("LazyChild");
    changed.lines.length = 0;
    expect(requestLines(root, changed.lines)).toEqual(requestLines(fastRoot, fast.lines));
    expect(changed.lines).toHaveLength(2);
  });

  it("was written for the installed pino", () => {
    expect((warnLogger(logCapture().stream) as FastifyBaseLogger & { version?: string }).version).toBe(PINO_WRITTEN_FOR);
  });
});
