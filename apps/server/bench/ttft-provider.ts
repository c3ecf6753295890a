// A local server speaking OpenAI's streaming wire format, in its own process (see ttft.ts).
import { startFakeOpenAIServer } from "@parley/ai/testing";

const fake = await startFakeOpenAIServer({
  apiKey: process.env.BENCH_KEY ?? "sk-bench",
  cors: process.env.BENCH_CORS === "1",
  scenario: { type: "reply", chunks: ["Hi", " there"], usage: { inputTokens: 5, outputTokens: 2 } },
});
console.log(JSON.stringify({ baseURL: fake.baseURL }));
process.on("SIGTERM", () => void fake.close().then(() => process.exit(0)));
