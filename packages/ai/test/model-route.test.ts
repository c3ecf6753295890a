import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createModelRoutes, listUserModels, resolveModelRoute, type CatalogueConfig, type ModelRoute } from "../src";
import { startFakeAnthropicServer, startFakeOpenAIServer, type FakeServer } from "../src/testing";
import { collect } from "./collect";

const PLATFORM_OPENAI = "sk-platform-openai-1111";
const PLATFORM_GROQ = "gsk-platform-groq-2222";
const USER_OPENAI = "sk-user-openai-3333";
const USER_ANTHROPIC = "sk-ant-user-4444";
const ask = { model: "ignored", messages: [{ role: "user" as const, content: "Hello" }] };

const offline: CatalogueConfig = {
  openai: { models: ["gpt-4o-mini"] },
  anthropic: { models: ["claude-haiku-4-5"] },
  compatible: [{ id: "local", name: "llama.cpp", baseURL: "http://127.0.0.1:1/v1", models: ["tiny"] }],
  demo: true,
};

describe("listUserModels", () => {
  it("offers OpenAI and Anthropic only when the user or the platform has a key", () => {
    const ids = (config: CatalogueConfig, keys = {}) => listUserModels(config, keys).map((entry) => entry.id);
    expect(ids(offline)).toEqual(["local:tiny", "demo:parley-demo"]);
    expect(ids(offline, { openai: USER_OPENAI })).toEqual(["openai:gpt-4o-mini", "local:tiny", "demo:parley-demo"]);
    expect(ids(offline, { anthropic: "   ", openai: "" })).toEqual(["local:tiny", "demo:parley-demo"]);
    expect(ids({ ...offline, anthropic: { ...offline.anthropic, apiKey: "sk-ant-platform" } })).toEqual([
      "anthropic:claude-haiku-4-5",
      "local:tiny",
      "demo:parley-demo",
    ]);
    expect(ids({ ...offline, demo: false })).toEqual(["local:tiny"]);
  });
});

describe("resolveModelRoute decisions", () => {
  const config: CatalogueConfig = { ...offline, openai: { apiKey: PLATFORM_OPENAI, models: ["gpt-4o-mini"] } };
  const route = (id: string, keys = {}) => resolveModelRoute(config, id, keys);

  it("uses the user's own key when there is one, else the platform's, and the demo costs nothing", () => {
    expect(route("openai:gpt-4o-mini", { openai: USER_OPENAI })).toMatchObject({ keySource: "user", baseURL: "https://api.openai.com/v1" });
    expect(route("openai:gpt-4o-mini")).toMatchObject({ keySource: "platform", baseURL: "https://api.openai.com/v1" });
    // A keyless local service costs nobody anything; it still never receives the user's key.
    expect(route("local:tiny", { openai: USER_OPENAI })).toMatchObject({ keySource: "free", baseURL: "http://127.0.0.1:1/v1" });
    expect(route("demo:parley-demo")).toMatchObject({ keySource: "free", baseURL: null });
  });

  it("refuses ids that are not in the configured catalogue or have no usable key", () => {
    expect(route("anthropic:claude-haiku-4-5")).toBeNull();
    expect(route("openai:gpt-4o")).toBeNull();
    expect(route("openai:http://attacker.example/v1")).toBeNull();
    expect(route("groq:llama")).toBeNull();
    expect(resolveModelRoute({ ...config, demo: false }, "demo:parley-demo", {})).toBeNull();
  });

  it("keeps keys out of the route itself, so logging a route leaks nothing", () => {
    const found = route("openai:gpt-4o-mini", { openai: USER_OPENAI });
    expect(JSON.stringify(found)).not.toContain(USER_OPENAI);
    expect(JSON.stringify(found)).not.toContain(PLATFORM_OPENAI);
  });
});

describe("createModelRoutes", () => {
  const config: CatalogueConfig = { ...offline, openai: { apiKey: PLATFORM_OPENAI, models: ["gpt-4o-mini"] } };

  it("reuses providers on the server's keys and builds one per request on a user's key", () => {
    const { resolve } = createModelRoutes(config);
    const platform = resolve("openai:gpt-4o-mini", {})!;
    expect(resolve("openai:gpt-4o-mini", {})!.provider).toBe(platform.provider);
    expect(resolve("demo:parley-demo", {})!.provider).toBe(resolve("demo:parley-demo", {})!.provider);
    const own = resolve("openai:gpt-4o-mini", { openai: USER_OPENAI })!;
    expect(own.keySource).toBe("user");
    expect(own.provider).not.toBe(platform.provider);
    expect(resolve("openai:gpt-4o-mini", { openai: USER_OPENAI })!.provider).not.toBe(own.provider);
  });

  it("tells which keys can pay for a model before any key is read", () => {
    const { keyPolicy } = createModelRoutes({
      ...config,
      compatible: [...config.compatible!, { id: "groq", name: "Groq", baseURL: "https://groq.test/v1", apiKey: PLATFORM_GROQ, models: ["llama"] }],
    });
    expect(keyPolicy("openai:gpt-4o-mini")).toEqual({ ownKey: "openai", platformKey: true, service: "openai" });
    expect(keyPolicy("anthropic:claude-haiku-4-5")).toEqual({ ownKey: "anthropic", platformKey: false, service: "anthropic" });
    expect(keyPolicy("groq:llama")).toEqual({ ownKey: null, platformKey: true, service: "groq" });
    expect(keyPolicy("local:tiny")).toEqual({ ownKey: null, platformKey: false, service: "local" });
    expect(keyPolicy("demo:parley-demo")).toEqual({ ownKey: null, platformKey: false, service: "demo" });
    expect(keyPolicy("openai:gpt-4o")).toBeNull();
  });
});

describe("resolveModelRoute over the wire: each key goes to its own service only", () => {
  let openai: FakeServer;
  let anthropic: FakeServer;
  let groq: FakeServer;
  let local: FakeServer;
  let config: CatalogueConfig;

  beforeAll(async () => {
    [openai, anthropic, groq, local] = await Promise.all([
      startFakeOpenAIServer(),
      startFakeAnthropicServer(),
      startFakeOpenAIServer(),
      startFakeOpenAIServer(),
    ]);
    config = {
      openai: { apiKey: PLATFORM_OPENAI, baseURL: openai.baseURL, models: ["gpt-4o-mini"] },
      anthropic: { baseURL: anthropic.baseURL, models: ["claude-haiku-4-5"] },
      compatible: [
        { id: "groq", name: "Groq", baseURL: groq.baseURL, apiKey: PLATFORM_GROQ, models: ["llama-3.3-70b-versatile"] },
        { id: "local", name: "vLLM", baseURL: local.baseURL, models: ["tiny"] },
      ],
      demo: true,
    };
  });
  afterAll(async () => {
    await Promise.all([openai, anthropic, groq, local].map((server) => server.close()));
  });
  beforeEach(() => {
    for (const server of [openai, anthropic, groq, local]) server.requests.length = 0;
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  async function send(modelId: string, keys: { openai?: string; anthropic?: string }) {
    const found: ModelRoute | null = resolveModelRoute(config, modelId, keys, { maxRetries: 0, demoChunkDelayMs: 0 });
    if (!found) throw new Error(`no route for ${modelId}`);
    return { route: found, reply: await collect(found.provider.stream({ ...ask, model: found.entry.version })) };
  }

  /** Every header value any fake server received, joined, to prove where a key did not go. */
  function everythingSeenBy(...servers: FakeServer[]) {
    return JSON.stringify(servers.flatMap((server) => server.requests));
  }

  it("sends the user's OpenAI key to the configured OpenAI URL only, instead of the platform key", async () => {
    const { route } = await send("openai:gpt-4o-mini", { openai: USER_OPENAI, anthropic: USER_ANTHROPIC });
    expect(route.keySource).toBe("user");
    expect(openai.requests).toHaveLength(1);
    expect(openai.requests[0]).toMatchObject({ path: "/v1/chat/completions", body: { model: "gpt-4o-mini" } });
    expect(openai.requests[0]?.headers.authorization).toBe(`Bearer ${USER_OPENAI}`);
    expect(everythingSeenBy(openai, anthropic, groq, local)).not.toContain(PLATFORM_OPENAI);
    expect(everythingSeenBy(openai, anthropic, groq, local)).not.toContain(USER_ANTHROPIC);
    expect([anthropic, groq, local].map((server) => server.requests.length)).toEqual([0, 0, 0]);
  });

  it("sends the platform OpenAI key when the user has none", async () => {
    const { route } = await send("openai:gpt-4o-mini", {});
    expect(route.keySource).toBe("platform");
    expect(openai.requests[0]?.headers.authorization).toBe(`Bearer ${PLATFORM_OPENAI}`);
  });

  it("sends the user's Anthropic key to the configured Anthropic URL only", async () => {
    const { route } = await send("anthropic:claude-haiku-4-5", { openai: USER_OPENAI, anthropic: USER_ANTHROPIC });
    expect(route.keySource).toBe("user");
    expect(anthropic.requests).toHaveLength(1);
    expect(anthropic.requests[0]?.headers.authorization).toBe(`Bearer ${USER_ANTHROPIC}`);
    expect(everythingSeenBy(openai, anthropic, groq, local)).not.toContain(USER_OPENAI);
    expect([openai, groq, local].map((server) => server.requests.length)).toEqual([0, 0, 0]);
  });

  it("sends a compatible service its own platform key, never the user's or the platform's OpenAI key", async () => {
    const { route } = await send("groq:llama-3.3-70b-versatile", { openai: USER_OPENAI, anthropic: USER_ANTHROPIC });
    expect(route.keySource).toBe("platform");
    expect(groq.requests).toHaveLength(1);
    expect(groq.requests[0]?.headers.authorization).toBe(`Bearer ${PLATFORM_GROQ}`);
    const seen = everythingSeenBy(openai, anthropic, groq, local);
    for (const key of [USER_OPENAI, USER_ANTHROPIC, PLATFORM_OPENAI]) expect(seen).not.toContain(key);
    expect([openai, anthropic, local].map((server) => server.requests.length)).toEqual([0, 0, 0]);
  });

  it("sends no real key to a keyless local service", async () => {
    await send("local:tiny", { openai: USER_OPENAI });
    expect(local.requests[0]?.headers.authorization).toBe("Bearer none");
    expect(everythingSeenBy(local)).not.toContain(PLATFORM_OPENAI);
  });

  it("answers the demo without any request", async () => {
    const { route, reply } = await send("demo:parley-demo", { openai: USER_OPENAI });
    expect(route.keySource).toBe("free");
    expect(reply.text).toContain("offline demo of Parley");
    expect(everythingSeenBy(openai, anthropic, groq, local)).toBe("[]");
  });

  it("ignores the SDKs' environment variables, so none can redirect a request or add a credential", async () => {
    vi.stubEnv("OPENAI_API_KEY", "sk-env-openai-5555");
    vi.stubEnv("OPENAI_BASE_URL", "http://127.0.0.1:1/v1");
    vi.stubEnv("OPENAI_ORG_ID", "org-env-6666");
    vi.stubEnv("OPENAI_PROJECT_ID", "proj-env-7777");
    vi.stubEnv("ANTHROPIC_API_KEY", "sk-ant-env-8888");
    vi.stubEnv("ANTHROPIC_BASE_URL", "http://127.0.0.1:1");
    await send("local:tiny", {});
    await send("groq:llama-3.3-70b-versatile", {});
    await send("anthropic:claude-haiku-4-5", { anthropic: USER_ANTHROPIC });
    expect([local, groq, anthropic].map((server) => server.requests.length)).toEqual([1, 1, 1]);
    const seen = everythingSeenBy(openai, anthropic, groq, local);
    for (const value of ["5555", "6666", "7777", "8888"]) expect(seen).not.toContain(value);
  });
});
