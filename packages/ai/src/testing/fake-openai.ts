import type { ServerResponse } from "node:http";
import { sendJson, startFakeHttpServer, startSse, type FakeExchange } from "./fake-http";
import { chunksOf, usageOf, type FakeServer, type FakeServerOptions } from "./scenario";

export type FakeOpenAIOptions = FakeServerOptions & {
  /** When set, the server also answers Ollama's GET /api/tags with these model names. */
  ollamaModels?: string[];
};

const ERROR_BY_STATUS: Record<number, { type: string; code: string | null; message: string }> = {
  400: { type: "invalid_request_error", code: null, message: "Invalid request." },
  404: { type: "invalid_request_error", code: "model_not_found", message: "The model does not exist or you do not have access to it." },
  429: { type: "requests", code: "rate_limit_exceeded", message: "Rate limit reached for requests. Please try again in 1s." },
  500: { type: "server_error", code: null, message: "The server had an error while processing your request. Sorry about that!" },
  503: { type: "server_error", code: null, message: "The engine is currently overloaded, please try again later." },
};

/**
 * OpenAI's error body. The 401 message echoes the key in full (the real service echoes part of it),
 * so a test can prove the key never reaches a person.
 */
function sendOpenAIError(res: ServerResponse, status: number, key: string, message?: string): void {
  const known =
    status === 401
      ? {
          type: "invalid_request_error",
          code: "invalid_api_key",
          message: `Incorrect API key provided: ${key}. You can find your API key at https://platform.openai.com/account/api-keys.`,
        }
      : (ERROR_BY_STATUS[status] ?? { type: "server_error", code: null, message: `Error ${status}.` });
  const headers: Record<string, string> = { "x-request-id": "req_fake" };
  if (status === 429) headers["retry-after"] = "1";
  sendJson(res, status, { error: { message: message ?? known.message, type: known.type, param: null, code: known.code } }, headers);
}

type ChatBody = { model?: string; stream?: boolean; stream_options?: { include_usage?: boolean } };

function chunk(model: string, delta: object, finishReason: string | null, withUsage: boolean) {
  const base = { id: "chatcmpl-fake", object: "chat.completion.chunk", created: 1_700_000_000, model, system_fingerprint: null };
  return { ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }], ...(withUsage ? { usage: null } : {}) };
}

async function streamReply({ res, scenario, recorded, wait, drop }: FakeExchange, body: ChatBody): Promise<void> {
  const model = body.model ?? "fake-model";
  const withUsage = body.stream_options?.include_usage === true;
  const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
  startSse(res, { "x-request-id": "req_fake" });
  if (scenario.type === "reply" && scenario.firstTokenDelayMs && !(await wait(scenario.firstTokenDelayMs))) return;
  send(chunk(model, { role: "assistant", content: "", refusal: null }, null, withUsage));
  const chunks = chunksOf(scenario);
  const limit = scenario.type === "drop" || scenario.type === "error-event" ? scenario.afterChunks : chunks.length;
  for (const [index, text] of chunks.slice(0, limit).entries()) {
    if (index > 0 && scenario.type === "reply" && scenario.chunkDelayMs && !(await wait(scenario.chunkDelayMs))) return;
    send(chunk(model, { content: text }, null, withUsage));
  }
  if (scenario.type === "drop") return drop();
  if (scenario.type === "error-event") {
    send({
      error: {
        message: scenario.message ?? "The server had an error while processing your request.",
        type: scenario.errorType ?? "server_error",
        param: null,
        code: null,
      },
    });
    return void res.end();
  }
  send(chunk(model, {}, "stop", withUsage));
  if (withUsage) {
    const usage = usageOf(scenario, recorded.body);
    const counts = { prompt_tokens: usage.inputTokens, completion_tokens: usage.outputTokens, total_tokens: usage.inputTokens + usage.outputTokens };
    send({ ...chunk(model, {}, null, false), choices: [], usage: counts });
  }
  res.end("data: [DONE]\n\n");
}

function sendCompletion({ res, scenario, recorded }: FakeExchange, body: ChatBody): void {
  const usage = usageOf(scenario, recorded.body);
  sendJson(res, 200, {
    id: "chatcmpl-fake",
    object: "chat.completion",
    created: 1_700_000_000,
    model: body.model ?? "fake-model",
    choices: [{ index: 0, message: { role: "assistant", content: chunksOf(scenario).join(""), refusal: null }, logprobs: null, finish_reason: "stop" }],
    usage: { prompt_tokens: usage.inputTokens, completion_tokens: usage.outputTokens, total_tokens: usage.inputTokens + usage.outputTokens },
  });
}

/**
 * A local server speaking OpenAI's chat completions wire format (POST /v1/chat/completions,
 * streamed `data:` chunks with a final usage chunk and `[DONE]`, or one JSON body), driven by a
 * scenario. With `ollamaModels` it also stands in for a local Ollama.
 */
export async function startFakeOpenAIServer(options: FakeOpenAIOptions = {}): Promise<FakeServer> {
  const server = await startFakeHttpServer(
    async (exchange) => {
      const { req, res, recorded, scenario } = exchange;
      if (options.ollamaModels && req.method === "GET" && recorded.path === "/api/tags") {
        return sendJson(res, 200, { models: options.ollamaModels.map((name) => ({ name, model: name, size: 1, digest: "fake", details: {} })) });
      }
      if (req.method !== "POST" || recorded.path !== "/v1/chat/completions") {
        return sendOpenAIError(res, 404, "", `Invalid URL (${req.method} ${recorded.path})`);
      }
      const key = (recorded.headers.authorization ?? "").replace(/^Bearer /, "");
      if (options.apiKey !== undefined && key !== options.apiKey) return sendOpenAIError(res, 401, key);
      if (scenario.type === "http-error") return sendOpenAIError(res, scenario.status, key, scenario.message);
      const body = (recorded.body ?? {}) as ChatBody;
      return body.stream ? streamReply(exchange, body) : sendCompletion(exchange, body);
    },
    options.scenario ?? { type: "reply" },
    { cors: options.cors },
  );
  return { ...server, baseURL: `${server.url}/v1` };
}
