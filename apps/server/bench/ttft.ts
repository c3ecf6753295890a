// Time to first token through Parley versus calling the provider directly (issue: streaming must
// add at most 5 ms median). Run by `pnpm bench`; prints figures, asserts nothing.
//
// A local server speaking OpenAI's streaming wire format answers at once. "Direct" is a streamed
// chat completion request to it; "REST" and "tRPC" are a new conversation's first message through
// Parley (sign-in check, allowance reservation, session and message stored, then the model call),
// timed until the first text event arrives. BENCH_DATABASE_URL=postgres://... runs it on PostgreSQL.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTRPCClient, httpBatchStreamLink } from "@trpc/client";
import { startFakeOpenAIServer } from "@parley/ai/testing";
import { createKeyVault, createModelGateway, type AppRouter } from "@parley/api";
import { createDb, migrate, subscriptions } from "@parley/db";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";

const ROUNDS = 200;
const WARMUP = 20;
const KEY = "sk-bench";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p90 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)]!;

async function firstChunk(response: Response, marker: string): Promise<void> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let seen = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`stream ended before ${marker}: ${seen.slice(0, 300)}`);
    seen += decoder.decode(value, { stream: true });
    if (seen.includes(marker)) break;
  }
  await reader.cancel();
}

async function time(label: string, once: () => Promise<void>) {
  for (let i = 0; i < WARMUP; i++) await once();
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await once();
    samples.push(performance.now() - start);
  }
  console.log(`  ${label.padEnd(44)} median ${median(samples).toFixed(2).padStart(6)} ms   p90 ${p90(samples).toFixed(2).padStart(6)} ms`);
  return median(samples);
}

const fake = await startFakeOpenAIServer({ apiKey: KEY, scenario: { type: "reply", chunks: ["Hi", " there"], usage: { inputTokens: 5, outputTokens: 2 } } });
const dir = mkdtempSync(join(tmpdir(), "parley-ttft-"));
const handle = await createDb(process.env.BENCH_DATABASE_URL ?? join(dir, "db"));
await migrate(handle.db);
const config = loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dir });
const identity = { issuer: "https://bench.local", subject: "bench", claims: {} };
const app = await buildApp({
  config,
  db: handle,
  logger: false,
  authenticator: { authenticate: async (header) => (header === "Bearer bench" ? identity : null) },
  keys: createKeyVault(randomBytes(32)),
  models: createModelGateway({ openai: { apiKey: KEY, baseURL: fake.baseURL, models: ["bench"] }, demo: false }),
});
const url = await app.listen({ port: 0, host: "127.0.0.1" });
const headers = { authorization: "Bearer bench", "content-type": "application/json" };
await fetch(`${url}/api/v1/user/addUser`, { method: "POST", headers, body: JSON.stringify({ user: { name: "Bench" } }) });
// A Pro-sized allowance, so the benchmark never runs out.
await handle.db.update(subscriptions).set({ freeTokensAllowed: 100_000_000 });

const body = (content: string) => JSON.stringify({ messages: [{ content }], model_id: "openai:bench", session_id: 0 });
const trpc = createTRPCClient<AppRouter>({ links: [httpBatchStreamLink({ url: `${url}/trpc`, headers: { authorization: "Bearer bench" } })] });

console.log(`Time to first token, ${ROUNDS} requests each after ${WARMUP} warm-up, 127.0.0.1, ${handle.kind === "pglite" ? "PGlite" : "PostgreSQL"}:`);
try {
  const direct = await time("direct to the provider (streamed completion)", async () => {
    const response = await fetch(`${fake.baseURL}/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "bench", stream: true, messages: [{ role: "user", content: "Hello" }] }),
    });
    await firstChunk(response, '"content":"Hi"');
  });
  const rest = await time("through Parley, REST postChat (SSE)", async () => {
    const response = await fetch(`${url}/api/v1/chat/postChat`, { method: "POST", headers: { ...headers, accept: "text/event-stream" }, body: body("Hello") });
    await firstChunk(response, "event: text");
  });
  const viaTrpc = await time("through Parley, tRPC chat.send (stream link)", async () => {
    const stream = await trpc.chat.send.mutate({ messages: [{ content: "Hello" }], model_id: "openai:bench", session_id: 0 });
    for await (const event of stream) if (event.type === "text") break;
  });
  console.log(`  added by Parley (median): REST ${(rest - direct).toFixed(2)} ms, tRPC ${(viaTrpc - direct).toFixed(2)} ms (target ≤ 5 ms)`);
} finally {
  await app.close();
  await handle.close();
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
}
