import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import OpenAI from "openai";
import { createOpenAIProvider } from "@parley/ai";
const child = spawn(process.execPath, ["--import", "tsx", "bench/ttft-provider.ts"], { env: { ...process.env, BENCH_KEY: "k" }, stdio: ["ignore", "pipe", "inherit"] });
const { baseURL } = await new Promise<{ baseURL: string }>((r) => createInterface({ input: child.stdout! }).once("line", (l) => r(JSON.parse(l))));
const med = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!.toFixed(2);
async function run(label: string, once: () => Promise<number>) {
  for (let i = 0; i < 50; i++) await once();
  const s: number[] = []; for (let i = 0; i < 300; i++) s.push(await once());
  console.log(label.padEnd(30), med(s));
}
const msgs = [{ role: "user" as const, content: "Hello" }];
const client = new OpenAI({ apiKey: "k", baseURL, maxRetries: 0 });
const provider = createOpenAIProvider({ apiKey: "k", baseURL });
for (let round = 0; round < 2; round++) {
await run("fetch", async () => {
  const t = performance.now(); let first = 0;
  const r = await fetch(`${baseURL}/chat/completions`, { method: "POST", headers: { authorization: "Bearer k", "content-type": "application/json" }, body: JSON.stringify({ model: "m", stream: true, messages: msgs }) });
  const reader = r.body!.getReader(); const d = new TextDecoder(); let seen = "";
  for (;;) { const { value, done } = await reader.read(); if (done) break; if (!first) { seen += d.decode(value); if (seen.includes('"content":"Hi"')) first = performance.now() - t; } }
  return first;
});
await run("sdk", async () => {
  const t = performance.now(); let first = 0;
  const stream = await client.chat.completions.create({ model: "m", stream: true, messages: msgs });
  for await (const c of stream) if (c.choices[0]?.delta?.content && !first) first = performance.now() - t;
  return first;
});
await run("sdk no stream_options", async () => {
  const t = performance.now(); let first = 0;
  const stream = await client.chat.completions.create({ model: "m", stream: true, messages: msgs, stream_options: { include_usage: true } });
  for await (const c of stream) if (c.choices[0]?.delta?.content && !first) first = performance.now() - t;
  return first;
});
await run("provider", async () => {
  const t = performance.now(); let first = 0;
  for await (const e of provider.stream({ model: "m", messages: msgs })) if (e.type === "text" && !first) first = performance.now() - t;
  return first;
});
}
child.kill();
