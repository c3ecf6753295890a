// Parley in its own process for ttft.ts: the real app (routes, tRPC, REST, database, model
// providers through the SDKs) with a stand-in sign-in check, its platform OpenAI key pointing at
// the local provider (three model names, for a comparison's columns) and, with MORE_PROVIDER_URLS,
// one OpenAI-compatible service per further provider. PGlite in a scratch directory, or BENCH_DATABASE_URL.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createModelGateway } from "@parley/api";
import { createKeyVault } from "@parley/keys";
import { createDb, migrate, subscriptions } from "@parley/db";
import { buildApp } from "../src/app";
import { announceAndStopOnSigterm } from "./bench-process";
import { loadConfig } from "../src/config";

// Production runs the built bundle without source maps; stack traces (aborted requests make
// some) should cost what they cost there.
process.setSourceMapsEnabled(false);

const key = process.env.BENCH_KEY ?? "sk-bench";
const dir = mkdtempSync(join(tmpdir(), "parley-ttft-"));
const handle = await createDb(process.env.BENCH_DATABASE_URL ?? join(dir, "db"));
await migrate(handle.db);
const identity = { issuer: "https://bench.local", subject: "bench", claims: {} };
const app = await buildApp({
  // The benchmark sends and searches far faster than a person: no per-person send or search limit.
  config: loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dir, RATE_LIMIT_SENDS: "1000000", RATE_LIMIT_SEARCHES: "1000000" }),
  db: handle,
  logger: false,
  authenticator: { authenticate: async (header) => (header === "Bearer bench" ? identity : null) },
  keys: createKeyVault(randomBytes(32)),
  models: createModelGateway({
    openai: { apiKey: key, baseURL: process.env.PROVIDER_URL!, models: ["bench", "bench-b", "bench-c"] },
    // Two more services on providers of their own, for a comparison whose columns go to three services.
    compatible: (process.env.MORE_PROVIDER_URLS ?? "")
      .split(",")
      .filter(Boolean)
      .map((baseURL, i) => ({ id: `service-${i + 2}`, name: `Service ${i + 2}`, baseURL, apiKey: key, models: ["bench"] })),
    demo: false,
  }),
});
const url = await app.listen({ port: 0, host: "127.0.0.1" });
const headers = { authorization: "Bearer bench", "content-type": "application/json" };
await fetch(`${url}/api/v1/user/addUser`, { method: "POST", headers, body: JSON.stringify({ user: { name: "Bench" } }) });
// A Pro-sized allowance, so the benchmark never runs out.
await handle.db.update(subscriptions).set({ freeTokensAllowed: 100_000_000 });
announceAndStopOnSigterm(app, handle, dir, url);
