// Time to first token through Parley versus calling the provider directly (target: streaming adds
// at most 5 ms, median). Run by `pnpm bench`; prints figures, asserts nothing.
//
// Separate processes, as in use: this one is the client; ttft-provider.ts is a local server
// speaking OpenAI's streaming wire format that answers at once; ttft-proxy.ts is the floor, a bare
// node:http server streaming from that provider through the same provider code, with nothing else;
// ttft-server.ts is Parley, whose platform OpenAI key points at the provider. "Direct" is a
// streamed chat completion request to the provider. The Parley rows go through everything a send
// does (sign-in check, account and key lookup, allowance reservation, message stored, the `openai`
// SDK call) and are timed until the first text event arrives. BENCH_DATABASE_URL=postgres://...
// runs Parley on PostgreSQL; BENCH_HTTP_CLIENT=fetch times with fetch instead of node:http.
import { Agent, request } from "node:http";
import { createTRPCClient, httpBatchStreamLink } from "@trpc/client";
import type { AppRouter } from "@parley/api";
import { median, p90, scratchDatabase, start, stopAll } from "./ttft-processes";

const ROUNDS = 200;
const WARMUP = 20;
const KEY = "sk-bench";
const HISTORY = 10;

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/**
 * POSTs `body` to `url` and returns the milliseconds until `marker` (the first text) arrives.
 * The rest of the reply is read to the end, as a chat client does, outside the timing, so each
 * request starts after the previous one has been stored. The same plain node:http client times
 * every row (the provider directly, the floor and Parley), so the instrument weighs the same on each.
 */
function timeToFirst(url: string, headers: Record<string, string>, body: string, marker: string): Promise<number> {
  return process.env.BENCH_HTTP_CLIENT === "fetch" ? timeToFirstWithFetch(url, headers, body, marker) : timeToFirstWithHttp(url, headers, body, marker);
}

function timeToFirstWithHttp(url: string, headers: Record<string, string>, body: string, marker: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const begin = performance.now();
    const sent = request(url, { method: "POST", agent, headers: { ...headers, "content-length": String(Buffer.byteLength(body)) } }, (response) => {
      response.setEncoding("utf8");
      let seen = "";
      let first: number | undefined;
      response.on("data", (chunk: string) => {
        if (first !== undefined) return;
        seen += chunk;
        if (seen.includes(marker)) first = performance.now() - begin;
      });
      response.on("end", () => {
        if (response.statusCode !== 200) reject(new Error(`HTTP ${response.statusCode}: ${seen.slice(0, 300)}`));
        else if (first === undefined) reject(new Error(`the reply ended before ${marker}: ${seen.slice(0, 300)}`));
        else resolve(first);
      });
      response.on("error", reject);
    });
    sent.on("error", reject);
    sent.end(body);
  });
}

/** The same with `fetch` (BENCH_HTTP_CLIENT=fetch): a heavier instrument, which on a small machine takes CPU from the processes it times. */
async function timeToFirstWithFetch(url: string, headers: Record<string, string>, body: string, marker: string): Promise<number> {
  const begin = performance.now();
  const response = await fetch(url, { method: "POST", headers, body });
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
  const decoder = new TextDecoder();
  let seen = "";
  let first: number | undefined;
  for await (const chunk of response.body!) {
    if (first !== undefined) continue;
    seen += decoder.decode(chunk, { stream: true });
    if (seen.includes(marker)) first = performance.now() - begin;
  }
  if (first === undefined) throw new Error(`the reply ended before ${marker}: ${seen.slice(0, 300)}`);
  return first;
}

/** Three models on one provider process, and three services each on a provider process of its own. */
const COMPARED = ["openai:bench", "openai:bench-b", "openai:bench-c"];
const COMPARED_SERVICES = ["openai:bench", "service-2:bench", "service-3:bench"];
/** Each compare column's time to first token, per request, for the per-column figures. */
const columnSamples: number[][] = COMPARED.map(() => []);
const serviceColumnSamples: number[][] = COMPARED_SERVICES.map(() => []);
const floorColumnSamples: number[][] = COMPARED.map(() => []);

/**
 * POSTs a comparison to /chat/compare as SSE and returns the milliseconds until the slowest
 * column's first text arrives; every column's time goes to `columnSamples` (outside the warm-up).
 */
function timeToSlowestColumn(url: string, headers: Record<string, string>, body: string, samples: number[][] | null): Promise<number> {
  return new Promise((resolve, reject) => {
    const begin = performance.now();
    const sent = request(url, { method: "POST", agent, headers: { ...headers, "content-length": String(Buffer.byteLength(body)) } }, (response) => {
      response.setEncoding("utf8");
      let seen = "";
      const firsts: (number | undefined)[] = COMPARED.map(() => undefined);
      response.on("data", (chunk: string) => {
        if (firsts.every((f) => f !== undefined)) return;
        seen += chunk;
        const now = performance.now() - begin;
        firsts.forEach((first, column) => {
          if (first === undefined && seen.includes(`"type":"text","column":${column},`)) firsts[column] = now;
        });
      });
      response.on("end", () => {
        if (response.statusCode !== 200) return reject(new Error(`HTTP ${response.statusCode}: ${seen.slice(0, 300)}`));
        if (firsts.some((f) => f === undefined)) return reject(new Error(`a column had no text: ${seen.slice(0, 300)}`));
        if (samples) firsts.forEach((first, column) => samples[column]!.push(first!));
        resolve(Math.max(...(firsts as number[])));
      });
      response.on("error", reject);
    });
    sent.on("error", reject);
    sent.end(body);
  });
}

type Row = { label: string; once: () => Promise<number>; samples: number[] };

/**
 * Times every row in turns, one request of each per round (starting at a different row each
 * round), so a machine that gets slower or faster during the run weighs on every row alike.
 */
let warm = false;
async function timeInTurns(rows: Row[]) {
  for (const row of rows) for (let i = 0; i < WARMUP; i++) await row.once();
  warm = true;
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < rows.length; k++) {
      const row = rows[(round + k) % rows.length]!;
      row.samples.push(await row.once());
    }
  }
  for (const { label, samples } of rows) {
    console.log(`  ${label.padEnd(56)} median ${median(samples).toFixed(2).padStart(6)} ms   p90 ${p90(samples).toFixed(2).padStart(6)} ms`);
  }
  return rows.map(({ samples }) => median(samples));
}

const row = (label: string, once: () => Promise<number>): Row => ({ label, once, samples: [] });

const provider = await start<{ baseURL: string }>("ttft-provider.ts", { BENCH_KEY: KEY });
const { baseURL } = provider.ready;
const moreProviders = await Promise.all([1, 2].map(() => start<{ baseURL: string }>("ttft-provider.ts", { BENCH_KEY: KEY })));
const floor = await start<{ url: string }>("ttft-proxy.ts", { BENCH_KEY: KEY, PROVIDER_URL: baseURL });
const database = await scratchDatabase();
const parley = await start<{ url: string; database: string }>("ttft-server.ts", {
  ...database.env,
  BENCH_KEY: KEY,
  PROVIDER_URL: baseURL,
  MORE_PROVIDER_URLS: moreProviders.map((p) => p.ready.baseURL).join(","),
});
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

console.log(
  `Time to first token, ${ROUNDS} requests per row in turns after ${WARMUP} warm-up each, 127.0.0.1, client, server and provider in separate processes, Parley on ${parley.ready.database}, client ${process.env.BENCH_HTTP_CLIENT === "fetch" ? "fetch" : "node:http"}:`,
);
try {
  const sse = (session: number) => () =>
    timeToFirst(`${url}/api/v1/chat/postChat`, { ...headers, accept: "text/event-stream" }, body("Hello", session), "event: text");
  const compareBody = (models: string[]) => JSON.stringify({ messages: [{ content: "Hello" }], model_ids: models, session_id: 0 });
  const [direct, bare, bareCompare, rest, continuing, trpcWire, viaTrpc, compare, compareServices] = await timeInTurns([
    row("direct to the provider (streamed completion)", () =>
      timeToFirst(
        `${baseURL}/chat/completions`,
        { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
        JSON.stringify({ model: "bench", stream: true, messages: [{ role: "user", content: "Hello" }] }),
        '"content":"Hi"',
      ),
    ),
    row("floor: bare node:http server + provider code", () => timeToFirst(floor.ready.url, headers, body("Hello"), "event: text")),
    row(`floor, ${COMPARED.length} models at once, slowest`, () =>
      timeToSlowestColumn(floor.ready.url, headers, compareBody(COMPARED), warm ? floorColumnSamples : null),
    ),
    row("through Parley, REST postChat (SSE), new chat", sse(0)),
    row(`through Parley, REST postChat (SSE), ${HISTORY}-exchange chat`, sse(sessionId)),
    row("through Parley, tRPC chat.send (JSON lines)", () =>
      timeToFirst(
        `${url}/trpc/chat.send?batch=1`,
        { ...headers, "trpc-accept": "application/jsonl" },
        JSON.stringify({ 0: JSON.parse(body("Hello")) }),
        '"type":"text"',
      ),
    ),
    // The tRPC client itself (batching tick, fetch, stream parsing) on top of the same request, in Node.
    row("through Parley, tRPC client (httpBatchStreamLink)", async () => {
      const begin = performance.now();
      let first: number | undefined;
      const stream = await trpc.chat.send.mutate({ messages: [{ content: "Hello" }], model_id: "openai:bench", session_id: 0 });
      for await (const event of stream) if (event.type === "text") first ??= performance.now() - begin;
      if (first === undefined) throw new Error("the reply had no text");
      return first;
    }),
    row(`through Parley, REST compare (SSE), ${COMPARED.length} columns, one provider`, () =>
      timeToSlowestColumn(`${url}/api/v1/chat/compare`, { ...headers, accept: "text/event-stream" }, compareBody(COMPARED), warm ? columnSamples : null),
    ),
    row(`through Parley, REST compare (SSE), ${COMPARED_SERVICES.length} services`, () =>
      timeToSlowestColumn(
        `${url}/api/v1/chat/compare`,
        { ...headers, accept: "text/event-stream" },
        compareBody(COMPARED_SERVICES),
        warm ? serviceColumnSamples : null,
      ),
    ),
  ]);
  const added = (value: number | undefined) => `${(value! - direct!).toFixed(2)} ms`;
  const columns = (all: number[][]) => all.map((samples, column) => `column ${column} ${median(samples).toFixed(2)} ms`).join(", ");
  console.log(
    `  compare columns' first token (median), one provider: ${columns(columnSamples)}; three services: ${columns(serviceColumnSamples)}; floor: ${columns(floorColumnSamples)}`,
  );
  console.log(
    `  the floor's slowest of ${COMPARED.length} models over its single reply (median): ${(bareCompare! - bare!).toFixed(2)} ms, what asking three models at once costs any server`,
  );
  console.log(
    `  a comparison's slowest column over a single send (median, REST SSE new chat): one provider ${(compare! - rest!).toFixed(2)} ms, three services ${(compareServices! - rest!).toFixed(2)} ms (target ≤ 2 ms); added over direct ${added(compare)} / ${added(compareServices)}`,
  );
  console.log(
    `  added over direct (median): floor ${added(bare)}; Parley REST ${added(rest)}, REST continuing ${added(continuing)}, tRPC ${added(trpcWire)} (target ≤ 5 ms); with the tRPC client ${added(viaTrpc)}`,
  );
} finally {
  await stopAll([parley, floor, provider, ...moreProviders]);
  await database.drop();
}
