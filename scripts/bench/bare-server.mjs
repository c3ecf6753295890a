// The baseline: Fastify with no plugins, no logging, answering one JSON object from memory.
// Usage: node bare-server.mjs <path of fastify's entry> <port> <json>
import { pathToFileURL } from "node:url";

const [fastifyPath, port, json] = process.argv.slice(2);
const { default: Fastify } = await import(pathToFileURL(fastifyPath).href);
const body = JSON.parse(json);
const app = Fastify({ logger: false });
app.get("/", async () => body);
await app.listen({ port: Number(port), host: "127.0.0.1" });
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
