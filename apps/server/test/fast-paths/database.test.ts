// The database's fast paths (packages/db/src/fast-paths) as the server starts them: a fallback is
// logged once, and on the installed libraries nothing is.
import { describe, expect, it } from "vitest";
import { createTestDb } from "@parley/db/testing";
import { createTestApp, logCapture } from "../support/test-app";

describe("the database's fast paths", () => {
  it("are logged once at start-up when the database handle runs without one", async () => {
    const logs = logCapture();
    const db = await createTestDb();
    const line = "postgres 3.5.0 is not 3.4.9, the version its fast path was written for: using postgres's public path (slower, same answers)";
    const t = await createTestApp({ deps: { db: { ...db, fallbacks: [line] }, logger: { level: "warn", stream: logs.stream } } });
    try {
      await t.app.inject({ method: "GET", url: "/healthz" });
      expect(logs.lines.map((entry) => [entry.level, entry.msg])).toEqual([[40, line]]);
    } finally {
      await t.close();
      await db.close();
    }
  });

  it("on the installed libraries, nothing is logged: every fast path is on", async () => {
    const logs = logCapture();
    const t = await createTestApp({ deps: { logger: { level: "warn", stream: logs.stream } } });
    try {
      expect(t.db.fallbacks).toEqual([]);
      expect(logs.lines).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
