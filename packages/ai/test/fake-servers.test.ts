import Anthropic from "@anthropic-ai/sdk";
import OpenAI, { AuthenticationError } from "openai";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeAnthropicServer, startFakeOpenAIServer, type FakeServer } from "../src/testing";

const servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
async function started(server: Promise<FakeServer>) {
  servers.push(await server);
  return servers.at(-1)!;
}

describe("fake provider servers, read by the real SDKs", () => {
  it("answer OpenAI's non-streaming chat completions with one JSON body", async () => {
    const fake = await started(
      startFakeOpenAIServer({ scenario: { type: "reply", chunks: ["Plain ", "answer"], usage: { inputTokens: 3, outputTokens: 2 } } }),
    );
    const client = new OpenAI({ apiKey: "sk-x", baseURL: fake.baseURL, maxRetries: 0 });
    const completion = await client.chat.completions.create({ model: "m", messages: [{ role: "user", content: "Hi" }] });
    expect(completion.choices[0]?.message.content).toBe("Plain answer");
    expect(completion.usage).toMatchObject({ prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 });
  });

  it("answer Anthropic's non-streaming messages with one JSON body", async () => {
    const fake = await started(
      startFakeAnthropicServer({ scenario: { type: "reply", chunks: ["Plain ", "answer"], usage: { inputTokens: 3, outputTokens: 2 } } }),
    );
    const client = new Anthropic({ apiKey: "sk-ant-x", baseURL: fake.baseURL, maxRetries: 0 });
    const message = await client.messages.create({ model: "m", max_tokens: 10, messages: [{ role: "user", content: "Hi" }] });
    expect(message.content).toEqual([{ type: "text", text: "Plain answer" }]);
    expect(message.usage).toMatchObject({ input_tokens: 3, output_tokens: 2 });
  });

  it("refuse a key other than the configured one, as the real service does", async () => {
    const fake = await started(startFakeOpenAIServer({ apiKey: "sk-right" }));
    const client = new OpenAI({ apiKey: "sk-wrong", baseURL: fake.baseURL, maxRetries: 0 });
    await expect(client.chat.completions.create({ model: "m", messages: [{ role: "user", content: "Hi" }] })).rejects.toBeInstanceOf(AuthenticationError);
  });

  it("stream OpenAI chunks with role first, finish reason, then usage and [DONE]", async () => {
    const fake = await started(startFakeOpenAIServer());
    const client = new OpenAI({ apiKey: "sk-x", baseURL: fake.baseURL, maxRetries: 0 });
    const stream = await client.chat.completions.create({
      model: "m",
      messages: [{ role: "user", content: "Hi" }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks[0]?.choices[0]?.delta).toMatchObject({ role: "assistant", content: "" });
    expect(chunks.at(-2)?.choices[0]?.finish_reason).toBe("stop");
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { completion_tokens: 7 } });
  });

  it("stream Anthropic events in the documented order, with a ping", async () => {
    const fake = await started(startFakeAnthropicServer({ scenario: { type: "reply", chunks: ["a", "b"] } }));
    const client = new Anthropic({ apiKey: "sk-ant-x", baseURL: fake.baseURL, maxRetries: 0 });
    const types: string[] = [];
    const response = await client.messages.create({ model: "m", max_tokens: 10, messages: [{ role: "user", content: "Hi" }], stream: true }).asResponse();
    const raw = await response.text();
    for (const match of raw.matchAll(/^event: (\w+)$/gm)) types.push(match[1]!);
    expect(types).toEqual([
      "message_start",
      "content_block_start",
      "ping",
      "content_block_delta",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
  });
});
