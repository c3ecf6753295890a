import type { ServerResponse } from "node:http";
import { sendJson, startFakeHttpServer, startSse, type FakeExchange } from "./fake-http";
import { chunksOf, usageOf, type FakeServer, type FakeServerOptions } from "./scenario";

const ERROR_TYPE_BY_STATUS: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  500: "api_error",
  529: "overloaded_error",
};

/** Anthropic's error body. The 401 message echoes the key, so a test can prove it never reaches a person. */
function sendAnthropicError(res: ServerResponse, status: number, key: string, message?: string): void {
  const type = ERROR_TYPE_BY_STATUS[status] ?? "api_error";
  const text = message ?? (status === 401 ? `invalid x-api-key: ${key}` : `Fake ${type}.`);
  const headers: Record<string, string> = { "request-id": "req_fake" };
  if (status === 429) headers["retry-after"] = "1";
  sendJson(res, status, { type: "error", error: { type, message: text }, request_id: "req_fake" }, headers);
}

type MessagesBody = { model?: string; stream?: boolean; max_tokens?: number };

function messageShell(model: string, inputTokens: number) {
  return {
    id: "msg_fake",
    type: "message",
    role: "assistant",
    model,
    content: [] as unknown[],
    stop_reason: null as string | null,
    stop_sequence: null,
    usage: { input_tokens: inputTokens, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
  };
}

async function streamReply({ res, scenario, recorded, wait, drop }: FakeExchange, body: MessagesBody): Promise<void> {
  const usage = usageOf(scenario, recorded.body);
  const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  startSse(res, { "request-id": "req_fake" });
  send("message_start", { type: "message_start", message: messageShell(body.model ?? "fake-model", usage.inputTokens) });
  send("content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } });
  send("ping", { type: "ping" });
  if (scenario.type === "reply" && scenario.firstTokenDelayMs && !(await wait(scenario.firstTokenDelayMs))) return;
  const chunks = chunksOf(scenario);
  const limit = scenario.type === "drop" || scenario.type === "error-event" ? scenario.afterChunks : chunks.length;
  for (const [index, text] of chunks.slice(0, limit).entries()) {
    if (index > 0 && scenario.type === "reply" && scenario.chunkDelayMs && !(await wait(scenario.chunkDelayMs))) return;
    send("content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text } });
  }
  if (scenario.type === "drop") return drop();
  if (scenario.type === "error-event") {
    send("error", { type: "error", error: { type: scenario.errorType ?? "overloaded_error", message: scenario.message ?? "Overloaded" } });
    return void res.end();
  }
  send("content_block_stop", { type: "content_block_stop", index: 0 });
  send("message_delta", { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: usage.outputTokens } });
  send("message_stop", { type: "message_stop" });
  res.end();
}

function sendMessage({ res, scenario, recorded }: FakeExchange, body: MessagesBody): void {
  const usage = usageOf(scenario, recorded.body);
  const message = messageShell(body.model ?? "fake-model", usage.inputTokens);
  sendJson(res, 200, {
    ...message,
    content: [{ type: "text", text: chunksOf(scenario).join("") }],
    stop_reason: "end_turn",
    usage: { ...message.usage, output_tokens: usage.outputTokens },
  });
}

/**
 * A local server speaking Anthropic's Messages wire format (POST /v1/messages: message_start,
 * content_block_start, ping, content_block_delta, content_block_stop, message_delta with usage,
 * message_stop; or one JSON body), driven by a scenario.
 */
export async function startFakeAnthropicServer(options: FakeServerOptions = {}): Promise<FakeServer> {
  const server = await startFakeHttpServer(
    async (exchange) => {
      const { req, res, recorded, scenario } = exchange;
      if (req.method !== "POST" || recorded.path !== "/v1/messages") return sendAnthropicError(res, 404, "", "Not found");
      // The Messages API takes the key in x-api-key; SDK 1.x sends it as a bearer token instead.
      const key = recorded.headers["x-api-key"] ?? (recorded.headers.authorization ?? "").replace(/^Bearer /, "");
      if (options.apiKey !== undefined && key !== options.apiKey) return sendAnthropicError(res, 401, key);
      if (!recorded.headers["anthropic-version"]) return sendAnthropicError(res, 400, key, "anthropic-version: header is required");
      if (scenario.type === "http-error") return sendAnthropicError(res, scenario.status, key, scenario.message);
      const body = (recorded.body ?? {}) as MessagesBody;
      if (typeof body.max_tokens !== "number") return sendAnthropicError(res, 400, key, "max_tokens: Field required");
      return body.stream ? streamReply(exchange, body) : sendMessage(exchange, body);
    },
    options.scenario ?? { type: "reply" },
    { cors: options.cors },
  );
  return { ...server, baseURL: server.url };
}
