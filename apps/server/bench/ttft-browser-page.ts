// Runs in the page of ttft-browser.ts: times the provider directly and chat.send three ways, in
// turns, until the first text.
import { createTRPCClient, httpBatchStreamLink } from "@trpc/client";
import type { AppRouter } from "@parley/api";

const trpc = createTRPCClient<AppRouter>({ links: [httpBatchStreamLink({ url: "/trpc", headers: { authorization: "Bearer bench" } })] });
const input = { messages: [{ content: "Hello" }], model_id: "openai:bench", session_id: 0 };
const headers = { authorization: "Bearer bench", "content-type": "application/json" };

async function untilMarker(response: Response, marker: string, begin: number) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let seen = "";
  let first: number | undefined;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (first !== undefined) continue;
    seen += decoder.decode(value, { stream: true });
    if (seen.includes(marker)) first = performance.now() - begin;
  }
  if (first === undefined) throw new Error(`no ${marker} in ${seen.slice(0, 200)}`);
  return first;
}

const rows = (providerURL: string): [string, () => Promise<number>][] => [
  [
    "direct to the provider (streamed completion)",
    async () => {
      const begin = performance.now();
      const response = await fetch(`${providerURL}/chat/completions`, {
        method: "POST",
        headers: { authorization: "Bearer sk-bench", "content-type": "application/json" },
        body: JSON.stringify({ model: "bench", stream: true, messages: [{ role: "user", content: "Hello" }] }),
      });
      return untilMarker(response, '"content":"Hi"', begin);
    },
  ],
  [
    "tRPC chat.send, JSON lines read with fetch",
    async () => {
      const begin = performance.now();
      const response = await fetch("/trpc/chat.send?batch=1", {
        method: "POST",
        headers: { ...headers, "trpc-accept": "application/jsonl" },
        body: JSON.stringify({ 0: input }),
      });
      return untilMarker(response, '"type":"text"', begin);
    },
  ],
  [
    "REST postChat, SSE read with fetch",
    async () => {
      const begin = performance.now();
      const response = await fetch("/api/v1/chat/postChat", {
        method: "POST",
        headers: { ...headers, accept: "text/event-stream" },
        body: JSON.stringify(input),
      });
      return untilMarker(response, "event: text", begin);
    },
  ],
  [
    "tRPC chat.send through the app's client",
    async () => {
      const begin = performance.now();
      let first: number | undefined;
      for await (const event of await trpc.chat.send.mutate(input)) if (event.type === "text") first ??= performance.now() - begin;
      if (first === undefined) throw new Error("the reply had no text");
      return first;
    },
  ],
];

async function runTtft(providerURL: string, rounds: number, warmup: number) {
  const timed = rows(providerURL);
  for (const [, once] of timed) for (let i = 0; i < warmup; i++) await once();
  const samples = timed.map(() => [] as number[]);
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < timed.length; k++) {
      const index = (round + k) % timed.length;
      samples[index]!.push(await timed[index]![1]());
    }
  }
  return timed.map(([label], index) => ({ label, samples: samples[index]! }));
}

(globalThis as Record<string, unknown>).runTtft = runTtft;
