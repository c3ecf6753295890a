import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startFakeAnthropicServer, startFakeOpenAIServer, type FakeServer } from "@parley/ai/testing";
import { createModelGateway } from "@parley/api";
import { createKeyVault } from "@parley/keys";
import { REDACTED_PATHS } from "../src/app";
import { Browser, isPage, signInThroughPages, startAuthorization, startAuthServer } from "./support/auth-flow";
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

it("a sign-in, its /callback code, chats and comments leave no password, code, token or content in the logs", async () => {
  const password = "PWCHECK-correct-horse-battery";
  const browser = new Browser(server.baseUrl);
  const flow = startAuthorization({ issuer: server.config.oidc.issuer, clientId: server.config.oidc.clientId, appUrl: server.baseUrl, screenHint: "signup" });
  const form = await browser.go(flow.authorizeUrl);
  if (!isPage(form)) throw new Error("expected the sign-up page");
  const done = await browser.submit(form, { name: "Quiet", email: "quiet@example.com", password });
  if (isPage(done)) throw new Error(`sign-up failed: ${done.html.slice(0, 300)}`);
  const code = done.callback.searchParams.get("code")!;
  // The browser lands on the SPA's /callback with the code in the query.
  await fetch(done.callback.href);
  const tokens = await flow.exchange(done.callback);
  const headers = { authorization: `Bearer ${tokens.access_token}` };
  const inject = (method: "GET" | "POST", url: string, payload?: object) => server.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  await inject("POST", "/api/v1/user/addUser", { user: {} });
  // The fake OpenAI accepts the platform's key; saved as the user's own, the chat succeeds.
  await inject("POST", "/api/v1/user/updateUserApiKeys", { open_ai_key: "platform-openai-key" });
  const chat = await inject("POST", "/api/v1/chat/postChat", {
    messages: [{ content: "CONTENTCHECK my private question" }],
    model_id: "openai:gpt-4o-mini",
    session_id: 0,
    category: "general",
  });
  const sessionId = (chat.json() as { session_id?: number }).session_id;
  expect(sessionId, chat.body).toBeGreaterThan(0);
  const post = await inject("POST", "/api/v1/post/postChat", { chat_id: sessionId, description: "CONTENTCHECK a post", categories: ["general"] });
  const postId = (post.json() as { post_id: number }).post_id;
  const comment = await inject("POST", `/api/v1/post/comment/${postId}`, { content: "CONTENTCHECK a comment" });
  expect(comment.statusCode, comment.body).toBe(200);
  const search = encodeURIComponent(JSON.stringify({ limit: 5, category: "CONTENTCHECK-in-a-query" }));
  await inject("GET", `/trpc/post.list?input=${search}`);

  const logged = logs.raw.join("\n");
  expect(logged).toContain("/callback");
  expect(logged).toContain("/api/v1/post/comment/");
  for (const secret of [code, password, tokens.access_token, tokens.refresh_token!, tokens.id_token, "CONTENTCHECK"]) {
    expect(logged).not.toContain(secret);
  }
}, 60_000);
