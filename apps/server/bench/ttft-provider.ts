// A local server speaking OpenAI's streaming wire format, in its own process (see ttft.ts).
import { startFakeOpenAIServer } from "@parley/ai/testing";

const fake = await startFakeOpenAIServer({
  apiKey: process.env.BENCH_KEY ?? "sk-bench",
  cors: process.env.BENCH_CORS === "1",
  // The rest of the reply follows the first token after a pause (BENCH_CHUNK_DELAY_MS, 20 ms), as a
  // real model's does: a comparison's first column is still streaming when the others start.
  scenario: {
    type: "reply",
    chunks: ["Hi", " there"],
    usage: { inputTokens: 5, outputTokens: 2 },
    chunkDelayMs: Number(process.env.BENCH_CHUNK_DELAY_MS ?? 20),
  },
});
console.log(JSON.stringify({ baseURL: fake.baseURL }));
process.on("SIGTERM", () => void fake.close().then(() => process.exit(0)));
