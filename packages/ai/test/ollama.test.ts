import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { buildCatalogue, discoverOllamaModels, resolveModelRoute } from "../src";
import { startFakeOpenAIServer, type FakeServer } from "../src/testing";
import { collect } from "./collect";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function fakeOllama(models: string[]): Promise<FakeServer> {
  const server = await startFakeOpenAIServer({ ollamaModels: models });
  cleanups.push(() => server.close());
  return server;
}

/** A local server that answers every request with the given handler (or never, when it is omitted). */
async function listen(handler?: Parameters<typeof createServer>[1]): Promise<string> {
  const server: Server = createServer(handler ?? (() => undefined));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A port nothing listens on: opened, then closed again. */
async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe("discoverOllamaModels", () => {
  it("lists the models a local Ollama answers with, sorted and without duplicates", async () => {
    const ollama = await fakeOllama(["qwen3:8b", "llama3.2:latest", "qwen3:8b"]);
    expect(await discoverOllamaModels(ollama.url)).toEqual(["llama3.2:latest", "qwen3:8b"]);
    expect(await discoverOllamaModels(`${ollama.url}/v1/`)).toEqual(["llama3.2:latest", "qwen3:8b"]);
    expect(ollama.requests.map((request) => `${request.method} ${request.path}`)).toEqual(["GET /api/tags", "GET /api/tags"]);
  });

  it("returns [] at once when nothing listens", async () => {
    const started = performance.now();
    expect(await discoverOllamaModels(await closedPort(), { timeoutMs: 5_000 })).toEqual([]);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("returns [] after the time-out when the server never answers", async () => {
    const url = await listen();
    const started = performance.now();
    expect(await discoverOllamaModels(url, { timeoutMs: 200 })).toEqual([]);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("returns [] when the answer is not Ollama's", async () => {
    const html = await listen((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end("<html></html>"));
    const missing = await listen((_req, res) => res.writeHead(404).end());
    const other = await listen((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end('{"data":[]}'));
    expect(await Promise.all([html, missing, other].map((url) => discoverOllamaModels(url)))).toEqual([[], [], []]);
  });

  it("feeds the catalogue, whose Ollama models stream through Ollama's OpenAI-compatible path", async () => {
    const ollama = await fakeOllama(["llama3.2:latest"]);
    const config = {
      openai: { models: [] },
      anthropic: { models: [] },
      ollama: { baseURL: ollama.url, models: await discoverOllamaModels(ollama.url) },
      demo: false,
    };
    expect(buildCatalogue(config).map((entry) => entry.id)).toEqual(["ollama:llama3.2:latest"]);
    const route = resolveModelRoute(config, "ollama:llama3.2:latest", {}, { maxRetries: 0 });
    expect(route?.keySource).toBe("free");
    const { text } = await collect(route!.provider.stream({ model: route!.entry.version, messages: [{ role: "user", content: "Hi" }] }));
    expect(text).toBe("Hello from the fake model.");
    expect(ollama.requests.at(-1)).toMatchObject({ method: "POST", path: "/v1/chat/completions", body: { model: "llama3.2:latest" } });
  });
});
