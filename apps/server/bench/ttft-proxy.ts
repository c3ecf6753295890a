// The floor for ttft.ts: the least any server between a client and the model adds. A bare
// node:http server, in its own process, that streams a reply from the same local provider through
// the same provider code Parley uses (the `openai` SDK), with no database, sign-in or framework;
// with `model_ids` in the body, from each of those models at once, as a comparison does.
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
      const { messages, model_ids } = JSON.parse(body) as { messages: { content: string }[]; model_ids?: string[] };
      response.writeHead(200, { "content-type": "text/event-stream; charset=utf-8" });
      const ask = (model: string) => provider.stream({ model, messages: [{ role: "user", content: messages[0]!.content }], maxTokens: 2048 });
      if (!model_ids) {
        for await (const event of ask("bench")) if (event.type === "text") response.write(`event: text\ndata: ${JSON.stringify(event)}\n\n`);
      } else {
        // A comparison's floor: every model asked at once, each text event tagged with its column.
        await Promise.all(
          model_ids.map(async (id, column) => {
            for await (const event of ask(id.slice(id.indexOf(":") + 1))) {
              if (event.type === "text") response.write(`event: text\ndata: ${JSON.stringify({ type: "text", column, text: event.text })}\n\n`);
            }
          }),
        );
      }
      response.end();
    })();
  });
});
server.listen(0, "127.0.0.1", () => console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
