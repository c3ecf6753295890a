// Time to first token through Parley versus calling the provider directly (issue: streaming must
// add at most 5 ms median). Run by `pnpm bench`; prints figures, asserts nothing.
//
// Three processes, as in use: this one is the client; ttft-provider.ts is a local server speaking
// OpenAI's streaming wire format that answers at once; ttft-server.ts is Parley, whose platform
// OpenAI key points at that server. "Direct" is a streamed chat completion request to the
// provider. The Parley rows go through everything a send does (sign-in check, account and key
// lookup, allowance reservation, message stored, the `openai` SDK call) and are timed until the
// first text event arrives. BENCH_DATABASE_URL=postgres://... runs Parley on PostgreSQL.
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { createTRPCClient, httpBatchStreamLink } from "@trpc/client";
import type { AppRouter } from "@parley/api";

const ROUNDS = 200;
const WARMUP = 20;
const KEY = "sk-bench";
const HISTORY = 10;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p90 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)]!;

/** BENCH_CPU_PROFILE_DIR=dir writes a CPU profile of the Parley process there, to see where its time goes. */
const profile = (script: string) =>
  process.env.BENCH_CPU_PROFILE_DIR && script === "ttft-server.ts" ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE_DIR}`] : [];

/** Starts `script` under tsx and resolves with the JSON it prints once ready. */
function start<T>(script: string, env: Record<string, string>): Promise<{ child: ChildProcess; ready: T }> {
  const child = spawn(process.execPath, [...profile(script), "--import", "tsx", script], { cwd: import.meta.dirname, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code} before it was ready`)));
    createInterface({ input: child.stdout! }).once("line", (line) => resolve({ child, ready: JSON.parse(line) as T }));
  });
}

/**
 * Sends one request and returns the milliseconds until `marker` (the first text) arrives. The
 * rest of the reply is read to the end, as a chat client does, outside the timing, so each
 * request starts after the previous one has been stored.
 */
async function timeToFirst(send: () => Promise<Response>, marker: string): Promise<number> {
  const begin = performance.now();
  const response = await send();
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let seen = "";
  let first: number | undefined;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (first === undefined) {
      seen += decoder.decode(value, { stream: true });
      if (seen.includes(marker)) first = performance.now() - begin;
    }
  }
  if (first === undefined) throw new Error(`the reply ended before ${marker}: ${seen.slice(0, 300)}`);
  return first;
}

async function time(label: string, once: () => Promise<number>) {
  for (let i = 0; i < WARMUP; i++) await once();
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) samples.push(await once());
  console.log(`  ${label.padEnd(48)} median ${median(samples).toFixed(2).padStart(6)} ms   p90 ${p90(samples).toFixed(2).padStart(6)} ms`);
  return median(samples);
}

const provider = await start<{ baseURL: string }>("ttft-provider.ts", { BENCH_KEY: KEY });
const parley = await start<{ url: string; database: string }>("ttft-server.ts", { BENCH_KEY: KEY, PROVIDER_URL: provider.ready.baseURL });
const { baseURL } = provider.ready;
const { url } = parley.ready;
const headers = { authorization: "Bearer bench", "content-type": "application/json" };
const body = (content: string, sessionId = 0) => JSON.stringify({ messages: [{ content }], model_id: "openai:bench", session_id: sessionId });
const trpc = createTRPCClient<AppRouter>({ links: [httpBatchStreamLink({ url: `${url}/trpc`, headers: { authorization: "Bearer bench" } })] });

// A conversation with some history, for the "continuing" row.
let sessionId = 0;
for (let i = 0; i < HISTORY; i++) {
  const response = await fetch(`${url}/api/v1/chat/postChat`, { method: "POST", headers, body: body(`Question ${i}`, sessionId) });
  sessionId = ((await response.json()) as { session_id: number }).session_id;
}

console.log(`Time to first token, ${ROUNDS} requests each after ${WARMUP} warm-up, 127.0.0.1, client, Parley and provider in separate processes, ${parley.ready.database}:`);
try {
  const direct = await time("direct to the provider (streamed completion)", () =>
    timeToFirst(
      () =>
        fetch(`${baseURL}/chat/completions`, {
          method: "POST",
          headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
          body: JSON.stringify({ model: "bench", stream: true, messages: [{ role: "user", content: "Hello" }] }),
        }),
      '"content":"Hi"',
    ),
  );
  const sse = (session: number) => () =>
    timeToFirst(
      () => fetch(`${url}/api/v1/chat/postChat`, { method: "POST", headers: { ...headers, accept: "text/event-stream" }, body: body("Hello", session) }),
      "event: text",
    );
  const rest = await time("through Parley, REST postChat (SSE), new chat", sse(0));
  const continuing = await time(`through Parley, REST postChat (SSE), ${HISTORY}-exchange chat`, sse(sessionId));
  // The same tRPC request read with a plain fetch: splits the tRPC figure into server and client link.
  const trpcWire = await time("through Parley, tRPC chat.send, plain fetch", () =>
    timeToFirst(
      () => fetch(`${url}/trpc/chat.send?batch=1`, { method: "POST", headers: { ...headers, "trpc-accept": "application/jsonl" }, body: JSON.stringify({ 0: { messages: [{ content: "Hello" }], model_id: "openai:bench", session_id: 0 } }) }),
      '"type":"text"',
    ),
  );
  const viaTrpc = await time("through Parley, tRPC chat.send (stream link)", async () => {
    const begin = performance.now();
    let first: number | undefined;
    const stream = await trpc.chat.send.mutate({ messages: [{ content: "Hello" }], model_id: "openai:bench", session_id: 0 });
    for await (const event of stream) if (event.type === "text") first ??= performance.now() - begin;
    if (first === undefined) throw new Error("the reply had no text");
    return first;
  });
  const added = (value: number) => `${(value - direct).toFixed(2)} ms`;
  console.log(
    `  added by Parley (median): REST ${added(rest)}, REST continuing ${added(continuing)}, tRPC ${added(viaTrpc)} (${added(trpcWire)} without the client link) (target ≤ 5 ms)`,
  );
} finally {
  for (const { child } of [parley, provider]) {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}
