import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startFakeAnthropicServer, startFakeOpenAIServer, type FakeServer } from "@parley/ai/testing";
import { createKeyVault, createModelGateway } from "@parley/api";
import { REDACTED_PATHS } from "../src/app";
import { signInThroughPages, startAuthServer } from "./support/auth-flow";
import { logCapture } from "./support/test-app";

// A user's provider keys never reach a log line or a response: they are saved, read back and
// used for a provider call that fails with an error echoing the key, all with logging at trace.

const OPENAI_KEY = "sk-proj-user-openai-LOGCHECK-aa11bb22";
const CLAUDE_KEY = "sk-ant-user-claude-LOGCHECK-cc33dd44";

let server: Awaited<ReturnType<typeof startAuthServer>>;
let anthropic: FakeServer;
let openai: FakeServer;
const logs = logCapture();
const bodies: string[] = [];

beforeAll(async () => {
  // Both services accept only a platform key, so the user's own keys are refused with a 401
  // whose message repeats the key, as the real services do.
  anthropic = await startFakeAnthropicServer({ apiKey: "platform-anthropic-key" });
  openai = await startFakeOpenAIServer({ apiKey: "platform-openai-key" });
  server = await startAuthServer({
    deps: {
      keys: createKeyVault(randomBytes(32)),
      models: createModelGateway(
        {
          demo: false,
          openai: { baseURL: openai.baseURL, models: ["gpt-4o-mini"] },
          anthropic: { baseURL: anthropic.baseURL, models: ["claude-haiku-4-5"] },
        },
        { maxRetries: 0, timeoutMs: 5000 },
      ),
      logger: { level: "trace", stream: logs.stream, redact: { paths: REDACTED_PATHS, censor: "[redacted]" } },
    },
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await anthropic?.close();
  await openai?.close();
});

it("no key appears in any log line or response, even when the provider call fails echoing it", async () => {
  const { tokens } = await signInThroughPages(server, { name: "Logan", email: "logan@example.com", password: "logan-password" }, { signUp: true });
  const headers = { authorization: `Bearer ${tokens.access_token}` };
  const call = async (method: "GET" | "POST", url: string, payload?: object) => {
    const response = await server.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    bodies.push(response.body);
    return response;
  };

  await call("POST", "/api/v1/user/addUser", { user: { name: "Logan", email: "logan@example.com" } });
  expect((await call("POST", "/api/v1/user/updateUserApiKeys", { open_ai_key: OPENAI_KEY, claude_api_key: CLAUDE_KEY })).statusCode).toBe(200);
  await call("GET", "/api/v1/user/usersettings");
  await call("POST", "/trpc/user.updateSettings", { claude_api_key: CLAUDE_KEY, open_ai_key: OPENAI_KEY });
  await call("GET", "/trpc/user.settings");
  const options = await call("GET", "/api/v1/chat/getPromptsAndModels");
  expect(options.body).toContain("claude-haiku-4-5");

  for (const model of ["anthropic:claude-haiku-4-5", "openai:gpt-4o-mini"]) {
    await call("POST", "/api/v1/chat/postChat", { messages: [{ content: "hello" }], model_id: model, session_id: 0, category: "general" });
  }

  // The keys really went out (so a leak had every chance to happen) ...
  expect(anthropic.requests.map((r) => r.headers["x-api-key"] ?? r.headers.authorization)).toContainEqual(expect.stringContaining(CLAUDE_KEY));
  expect(openai.requests.map((r) => r.headers.authorization)).toContain(`Bearer ${OPENAI_KEY}`);
  // ... something was logged about the failures ...
  expect(logs.lines.some((line) => (line.level ?? 0) >= 40 && /model|provider/i.test(String(line.msg)))).toBe(true);
  // ... and neither key, nor a distinctive part of it, is in a log line or a response.
  const everything = [...logs.raw, ...bodies].join("\n");
  for (const key of [OPENAI_KEY, CLAUDE_KEY]) {
    expect(everything).not.toContain(key);
    expect(everything).not.toContain(key.slice(0, -4));
  }
  expect(everything).not.toContain("LOGCHECK");
});
