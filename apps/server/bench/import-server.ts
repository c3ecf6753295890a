// Parley in its own process for scripts/bench/import.mjs: the real app (routes, REST, database)
// with a stand-in sign-in check (`Bearer bench-<name>` is the person <name>) and the offline demo
// model. PGlite in a scratch directory, or BENCH_DATABASE_URL.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildCatalogue } from "@parley/ai";
import { createModelGateway, syncModelCatalogue } from "@parley/api";
import { createKeyVault } from "@parley/keys";
import { createDb, migrate } from "@parley/db";
import { buildApp } from "../src/app";
import { announceAndStopOnSigterm } from "./bench-process";
import { loadConfig } from "../src/config";

process.setSourceMapsEnabled(false);

const dir = mkdtempSync(join(tmpdir(), "parley-import-bench-"));
const handle = await createDb(process.env.BENCH_DATABASE_URL ?? join(dir, "db"));
await migrate(handle.db);
const catalogue = { demo: true } as const;
const app = await buildApp({
  // The benchmark reads far faster than a person: no per-person limits in the way.
  config: loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dir, RATE_LIMIT_SENDS: "1000000", RATE_LIMIT_POSTS: "1000000" }),
  db: handle,
  logger: false,
  authenticator: {
    authenticate: async (header) => {
      const name = /^Bearer bench-(\w+)$/.exec(header ?? "")?.[1];
      return name ? { issuer: "https://bench.local", subject: name, claims: {} } : null;
    },
  },
  keys: createKeyVault(randomBytes(32)),
  models: createModelGateway(catalogue, { demoChunkDelayMs: 0 }),
});
await syncModelCatalogue(handle.db, buildCatalogue(catalogue));
const url = await app.listen({ port: 0, host: "127.0.0.1" });
announceAndStopOnSigterm(app, handle, dir, url);
