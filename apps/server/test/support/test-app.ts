import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { createKeyVault } from "@parley/keys";
import { createTestDb } from "@parley/db/testing";
import { buildApp, type AppDeps } from "../../src/app";
import type { Authenticator } from "../../src/auth/authenticator";
import { loadConfig } from "../../src/config";

export type LogLine = Record<string, unknown> & { msg?: string; level?: number };

/** Collects the app's JSON log lines so a test can assert on what was (not) logged. */
export function logCapture() {
  const lines: LogLine[] = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      const text = String(chunk);
      raw.push(text);
      for (const line of text.split("\n").filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { lines, raw, stream };
}

const anonymous: Authenticator = { authenticate: async () => null };

/**
 * A real app on a fresh database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set).
 * `env` overrides configuration variables; `deps` overrides dependencies.
 */
export async function createTestApp(options: { env?: Record<string, string>; deps?: Partial<AppDeps> } = {}) {
  const db = await createTestDb();
  // Test accounts are seconds old: their votes count at once unless a test sets an age (post-vote-integrity.test.ts).
  const config = loadConfig({ PUBLIC_URL: "http://localhost:3000", LOG_LEVEL: "silent", VOTE_MIN_ACCOUNT_AGE_HOURS: "0", ...options.env });
  const keys = createKeyVault(randomBytes(32));
  const app = await buildApp({ config, db, authenticator: anonymous, keys, logger: false, ...options.deps });
  return {
    app,
    db,
    config,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}
