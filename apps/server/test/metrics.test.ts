import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { createChatApp, MODEL } from "./support/chat-fixture";

const TOKEN = "metrics-token-0123456789abcdef";

let t: Awaited<ReturnType<typeof createChatApp>>;
beforeAll(async () => {
  t = await createChatApp({ config: loadConfig({ PUBLIC_URL: "http://localhost:3000", LOG_LEVEL: "silent", METRICS_TOKEN: TOKEN }) });
  await t.signUp("watcher");
});
afterAll(() => t.close());

/** /metrics as Prometheus reads it from this machine. */
async function scrape(): Promise<string> {
  const response = await t.app.inject({ method: "GET", url: "/metrics" });
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

/** The value of one sample line (name with its labels exactly as exposed), or undefined. */
function sample(body: string, series: string): number | undefined {
  const line = body.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("/metrics", () => {
  it("counts requests by route pattern, model replies and errors by code", async () => {
    for (const id of [101, 102, 103]) {
      const response = await t.call("watcher", "GET", `/post/getPost/${id}`);
      expect(response.status).toBe(404);
    }
    const bad = await t.call("watcher", "GET", "/post/getPost/not-a-number");
    expect(bad.status).toBe(400);
    const trpc = await t.app.inject({ method: "GET", url: "/trpc/chat.sessions", headers: t.as("watcher") });
    expect(trpc.statusCode).toBe(200);
    const notFound = await t.app.inject({ method: "GET", url: "/api/v1/no/such/path" });
    expect(notFound.statusCode).toBe(404);

    t.openai.setScenario({ type: "reply", chunks: ["Hello", " there"], chunkDelayMs: 30, usage: { inputTokens: 11, outputTokens: 4 } });
    const sent = await t.send("watcher", "Hi", { model_id: MODEL.platform });
    expect(sent.status).toBe(200);
    expect(sent.body.message_response).toBe("Hello there");

    const body = await scrape();
    // One series per route pattern, never one per id.
    expect(sample(body, 'parley_http_request_duration_seconds_count{method="GET",route="/api/v1/post/getPost/:id",status_class="4xx"}')).toBe(4);
    expect(body).not.toContain("/post/getPost/101");
    expect(sample(body, 'parley_http_request_duration_seconds_count{method="GET",route="/trpc/chat.sessions",status_class="2xx"}')).toBe(1);
    expect(sample(body, 'parley_http_request_duration_seconds_count{method="POST",route="/api/v1/chat/postChat",status_class="2xx"}')).toBe(1);
    expect(sample(body, 'parley_http_request_duration_seconds_count{method="GET",route="unmatched",status_class="4xx"}')).toBe(1);

    const model = 'model="openai:gpt-4o-mini",service="openai"';
    expect(sample(body, `parley_model_time_to_first_token_seconds_count{${model}}`)).toBe(1);
    expect(sample(body, `parley_model_time_to_first_token_seconds_sum{${model}}`)).toBeGreaterThan(0);
    expect(sample(body, `parley_model_reply_duration_seconds_count{${model},status="complete"}`)).toBe(1);
    expect(sample(body, `parley_model_tokens_total{${model},direction="input"}`)).toBe(11);
    expect(sample(body, `parley_model_tokens_total{${model},direction="output"}`)).toBe(4);
    expect(sample(body, "parley_active_streams")).toBe(0);

    expect(sample(body, 'parley_errors_total{code="NOT_FOUND",status="404"}')).toBe(4);
    expect(sample(body, 'parley_errors_total{code="BAD_REQUEST",status="400"}')).toBe(1);

    // The database answers, and Node's own process figures are there.
    expect(sample(body, `parley_db_up{engine="${t.db.kind}"}`)).toBe(1);
    expect(sample(body, `parley_db_query_duration_seconds_count{engine="${t.db.kind}"}`)).toBe(1);
    if (t.db.kind === "postgres") expect(body).toMatch(/^parley_db_connections\{state="active"\} [1-9]/m);
    expect(body).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(body).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it("counts a reply that is streaming as active until it ends", async () => {
    t.openai.setScenario({ type: "reply", chunks: ["Slow", " reply", " here"], chunkDelayMs: 300 });
    const pending = t.send("watcher", "Take your time", { model_id: MODEL.platform });
    await expect.poll(async () => sample(await scrape(), "parley_active_streams"), { timeout: 5000 }).toBe(1);
    expect((await pending).status).toBe(200);
    expect(sample(await scrape(), "parley_active_streams")).toBe(0);
  });

  it("a reply the person walks away from is no longer active, and is counted as stopped", async () => {
    const url = await t.app.listen({ port: 0, host: "127.0.0.1" });
    t.openai.setScenario({ type: "reply", chunks: ["First", " second", " never"], chunkDelayMs: 300 });
    const controller = new AbortController();
    const response = await fetch(`${url}/api/v1/chat/postChat`, {
      method: "POST",
      headers: { ...t.as("watcher"), "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify({ messages: [{ content: "Go slowly" }], model_id: MODEL.platform, session_id: 0 }),
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let seen = "";
    while (!seen.includes('"text":"First"')) seen += decoder.decode((await reader.read()).value, { stream: true });
    expect(sample(await scrape(), "parley_active_streams")).toBe(1);
    controller.abort();
    const stopped = 'parley_model_reply_duration_seconds_count{model="openai:gpt-4o-mini",service="openai",status="stopped"}';
    await expect.poll(async () => sample(await scrape(), stopped), { timeout: 5000 }).toBe(1);
    expect(sample(await scrape(), "parley_active_streams")).toBe(0);
  });

  it("counts tRPC errors by their code", async () => {
    const input = encodeURIComponent(JSON.stringify({ id: 424242 }));
    const missing = await t.app.inject({ method: "GET", url: `/trpc/post.byId?input=${input}`, headers: t.as("watcher") });
    expect(missing.statusCode).toBe(404);
    const before = sample(await scrape(), 'parley_errors_total{code="NOT_FOUND",status="404"}') ?? 0;
    await t.app.inject({ method: "GET", url: `/trpc/post.byId?input=${input}`, headers: t.as("watcher") });
    const body = await scrape();
    expect(sample(body, 'parley_errors_total{code="NOT_FOUND",status="404"}')).toBe(before + 1);
    expect(sample(body, 'parley_http_request_duration_seconds_count{method="GET",route="/trpc/post.byId",status_class="4xx"}')).toBe(2);
  });

  it("answers other machines only with the token, and like an unknown path otherwise", async () => {
    const away = { method: "GET" as const, url: "/metrics", remoteAddress: "203.0.113.7" };
    const refused = await t.app.inject(away);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: "Not found. No route for GET /metrics." });
    const wrong = await t.app.inject({ ...away, headers: { authorization: "Bearer not-the-token-at-all" } });
    expect(wrong.statusCode).toBe(404);
    const allowed = await t.app.inject({ ...away, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain("parley_http_request_duration_seconds_bucket");
    // A local proxy forwarding someone else's request is not this machine.
    const proxied = await t.app.inject({ method: "GET", url: "/metrics", headers: { "x-forwarded-for": "203.0.113.7" } });
    expect(proxied.statusCode).toBe(404);
    const proxiedWithToken = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { "x-forwarded-for": "203.0.113.7", authorization: `Bearer ${TOKEN}` },
    });
    expect(proxiedWithToken.statusCode).toBe(200);
    const ipv6Loopback = await t.app.inject({ method: "GET", url: "/metrics", remoteAddress: "::1" });
    expect(ipv6Loopback.statusCode).toBe(200);
  });

  it("without METRICS_TOKEN, other machines never get metrics", async () => {
    const other = await createChatApp();
    try {
      const response = await other.app.inject({ method: "GET", url: "/metrics", remoteAddress: "198.51.100.2", headers: { authorization: "Bearer " } });
      expect(response.statusCode).toBe(404);
      // Each app keeps its own registry: the other app's requests are not counted here.
      const own = await other.app.inject({ method: "GET", url: "/metrics" });
      expect(own.body).not.toContain("/api/v1/chat/postChat");
    } finally {
      await other.close();
    }
  });

  it("behind a trusted proxy, reads the client address the proxy forwards", async () => {
    const proxied = await createChatApp({ config: loadConfig({ PUBLIC_URL: "http://localhost:3000", LOG_LEVEL: "silent", TRUST_PROXY: "true" }) });
    try {
      const local = await proxied.app.inject({ method: "GET", url: "/metrics", headers: { "x-forwarded-for": "127.0.0.1" } });
      expect(local.statusCode).toBe(200);
      const remote = await proxied.app.inject({ method: "GET", url: "/metrics", headers: { "x-forwarded-for": "203.0.113.9" } });
      expect(remote.statusCode).toBe(404);
    } finally {
      await proxied.close();
    }
  });
});
