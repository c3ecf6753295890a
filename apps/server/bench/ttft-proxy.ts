// The floor for ttft.ts: the least any server between a client and the model adds. A bare
// node:http server, in its own process, that streams a reply from the same local provider through
// the same provider code Parley uses (the `openai` SDK), with no database, sign-in or framework.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createOpenAIProvider } from "@parley/ai";

const provider = createOpenAIProvider({ apiKey: process.env.BENCH_KEY ?? "sk-bench", baseURL: process.env.PROVIDER_URL! });

const server = createServer((request, response) => {
  let body = "";
  request.setEncoding("utf8");
  request.on("data", (chunk: string) => (body += chunk));
  request.on("end", () => {
    void (async () => {
      const { messages } = JSON.parse(body) as { messages: { content: string }[] };
      response.writeHead(200, { "content-type": "text/event-stream; charset=utf-8" });
      const reply = provider.stream({ model: "bench", messages: [{ role: "user", content: messages[0]!.content }], maxTokens: 2048 });
      for await (const event of reply) if (event.type === "text") response.write(`event: text\ndata: ${JSON.stringify(event)}\n\n`);
      response.end();
    })();
  });
});
server.listen(0, "127.0.0.1", () => console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
