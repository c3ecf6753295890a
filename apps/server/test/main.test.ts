import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createTRPCClient, httpBatchStreamLink } from "@trpc/client";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { startFakeOpenAIServer } from "@parley/ai/testing";
import type { AppRouter, EventOf } from "@parley/api";
import { createDb, resultRows } from "@parley/db";
import { createTestDataDir } from "@parley/db/testing";
import { signInThroughPages } from "./support/auth-flow";
import { ensureBuiltServer } from "./support/instances";

// Runs the built server (dist/main.js, rebuilt first only when older than its sources) as a real
// process, the way it runs in production.
const serverDir = fileURLToPath(new URL("..", import.meta.url));
const dirs: string[] = [];
const children = new Set<ChildProcess>();
afterAll(() => {
  // A failed test may leave a server running: none outlives the file.
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), "parley-main-"));
  dirs.push(dir);
  return dir;
}

async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [ensureBuiltServer()], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForReady(port: number, proc: { exited: Promise<number | null>; output: () => string }) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become ready:\n${proc.output()}`);
}

async function stop(child: ChildProcess, exited: Promise<number | null>, signal: NodeJS.Signals) {
  child.kill(signal);
  return exited;
}

describe("main: start-up and shutdown", () => {
  it("starts with no configuration beyond a data directory, stops cleanly on SIGTERM and SIGINT, and keeps its data", async () => {
    const data = tempDir();
    const env = { DATABASE_URL: join(data, "db"), DATA_DIR: data };
    const port = await freePort();
    const first = start({ ...env, PORT: String(port) });
    await waitForReady(port, first);
    const message = await fetch(`http://127.0.0.1:${port}/api/v1/messages/public`).then((r) => r.json());
    expect(message).toEqual({ text: expect.stringContaining("public message") });
    expect(await stop(first.child, first.exited, "SIGTERM")).toBe(0);
    expect(first.output()).toContain("shutting down");

    // Something written between runs is still there after the next start.
    const db = await createDb(env.DATABASE_URL);
    await db.db.execute(sql`insert into server_secrets (name, value) values ('probe', 'kept')`);
    await db.close();

    const second = start({ ...env, PORT: String(port) });
    await waitForReady(port, second);
    expect(await stop(second.child, second.exited, "SIGINT")).toBe(0);
    const reopened = await createDb(env.DATABASE_URL);
    const rows = resultRows<{ value: string }>(await reopened.db.execute(sql`select value from server_secrets where name = 'probe'`));
    const migrations = resultRows<{ n: number }>(await reopened.db.execute(sql`select count(*)::int as n from parley_migrations`));
    await reopened.close();
    expect(rows).toEqual([{ value: "kept" }]);
    expect(migrations[0]?.n).toBeGreaterThan(0);
  }, 150_000);

  it("refuses a second server on the same data directory, naming the running one's pid, and restarts after a kill -9", async () => {
    const data = tempDir();
    const env = { DATABASE_URL: join(data, "db"), DATA_DIR: data };
    // A database made before (a first start is the test above).
    await createTestDataDir(env.DATABASE_URL);
    const port = await freePort();
    const first = start({ ...env, PORT: String(port) });
    await waitForReady(port, first);

    const second = start({ ...env, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`Parley is already running on ${env.DATABASE_URL} (pid ${first.child.pid})`);
    // The first one is untouched and still serving.
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);

    // A server killed outright leaves its lock behind; that must not block the next start.
    expect(await stop(first.child, first.exited, "SIGKILL")).toBeNull();
    const third = start({ ...env, PORT: String(port) });
    await waitForReady(port, third);
    expect(await stop(third.child, third.exited, "SIGTERM")).toBe(0);
  }, 300_000);

  it("on SIGTERM closes idle keep-alive connections at once and exits well within the grace period", async () => {
    const data = tempDir();
    await createTestDataDir(join(data, "db"));
    const port = await freePort();
    const proc = start({ DATABASE_URL: join(data, "db"), DATA_DIR: data, PORT: String(port), SHUTDOWN_GRACE_MS: "30000" });
    await waitForReady(port, proc);
    // A client that keeps its connection open after an answer (fetch pools it), and one that
    // connected but has not sent anything yet, as browsers do when they preconnect.
    expect(await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.json())).toEqual({ status: "ok" });
    const preconnected = connect(port, "127.0.0.1");
    const closedByServer = new Promise<void>((resolve) => preconnected.on("close", () => resolve()));
    await new Promise<void>((resolve) => preconnected.on("connect", () => resolve()));

    const signalled = Date.now();
    proc.child.kill("SIGTERM");
    expect(await proc.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    await closedByServer;
  }, 240_000);

  it("on SIGTERM, replies still streaming after SHUTDOWN_GRACE_MS end with an error event and are stored with what arrived", async () => {
    const data = tempDir();
    await createTestDataDir(join(data, "db"));
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    // The person's own OpenAI key (no platform key: nothing is charged to an allowance).
    const apiKey = "sk-own-openai-0000000000000000000001";
    const chunks = Array.from({ length: 60 }, (_, i) => `word${i} `);
    const openai = await startFakeOpenAIServer({ apiKey, scenario: { type: "reply", chunks, chunkDelayMs: 250 } });
    try {
      const proc = start({
        DATABASE_URL: join(data, "db"),
        DATA_DIR: data,
        PORT: String(port),
        PUBLIC_URL: baseUrl,
        OPENAI_BASE_URL: openai.baseURL,
        OPENAI_MODELS: "gpt-4o-mini",
        SHUTDOWN_GRACE_MS: "1500",
      });
      await waitForReady(port, proc);
      const { tokens } = await signInThroughPages(
        { baseUrl, config: { oidc: { issuer: `${baseUrl}/oidc`, clientId: "parley-web" } } },
        { name: "Drain", email: "drain@example.com", password: "drain-password" },
        { signUp: true },
      );
      const authorization = `Bearer ${tokens.access_token}`;
      const setup = await fetch(`${baseUrl}/api/v1/user/addUser`, {
        method: "POST",
        headers: { authorization, "content-type": "application/json" },
        body: JSON.stringify({ user: { name: "Drain", email: "drain@example.com", nickname: "drain" } }),
      });
      expect(setup.status).toBe(200);
      const saveKey = await fetch(`${baseUrl}/api/v1/user/updateUserApiKeys`, {
        method: "POST",
        headers: { authorization, "content-type": "application/json" },
        body: JSON.stringify({ open_ai_key: apiKey }),
      });
      expect(saveKey.status).toBe(200);
      const send = { model_id: "openai:gpt-4o-mini", session_id: 0, category: "general" as const };

      // One reply over REST as server-sent events, one over tRPC's streaming link.
      const sse = await fetch(`${baseUrl}/api/v1/chat/postChat`, {
        method: "POST",
        headers: { authorization, "content-type": "application/json", accept: "text/event-stream" },
        body: JSON.stringify({ messages: [{ content: "Over REST" }], ...send }),
      });
      const sseText = (async () => {
        let text = "";
        const decoder = new TextDecoder();
        for await (const chunk of sse.body!) text += decoder.decode(chunk, { stream: true });
        return text;
      })();
      const client = createTRPCClient<AppRouter>({ links: [httpBatchStreamLink({ url: `${baseUrl}/trpc`, headers: () => ({ authorization }) })] });
      const stream = await client.chat.send.mutate({ messages: [{ content: "Over tRPC" }], ...send });
      const trpcEvents: EventOf<"chat">[] = [];
      const trpcDone = (async () => {
        for await (const event of stream) trpcEvents.push(event);
      })();
      await expect.poll(() => trpcEvents.filter((e) => e.type === "text").length, { timeout: 10_000 }).toBeGreaterThan(1);

      const signalled = Date.now();
      proc.child.kill("SIGTERM");
      expect(await proc.exited).toBe(0);
      // The grace period, then a moment for the streams' last event and the database (the rest of
      // the reply would take another 14 s).
      expect(Date.now() - signalled).toBeLessThan(10_000);
      await trpcDone;

      const last = trpcEvents.at(-1);
      expect(last).toMatchObject({ type: "error" });
      const partial = (last as { partial_response: string }).partial_response;
      expect(partial.length).toBeGreaterThan(0);
      expect(chunks.join("").startsWith(partial)).toBe(true);
      const events = (await sseText).split("\n\n").filter(Boolean);
      expect(events.at(-1)).toMatch(/^event: error\n/);
      const ssePartial = (JSON.parse(events.at(-1)!.split("data: ")[1]!) as { partial_response: string }).partial_response;
      expect(ssePartial.length).toBeGreaterThan(0);

      const db = await createDb(join(data, "db"));
      const rows = resultRows<{ message_content: string; response_content: string; status: string }>(
        await db.db.execute(sql`select message_content, response_content, status from chat_entries order by message_content`),
      );
      await db.close();
      expect(rows).toEqual([
        { message_content: "Over REST", response_content: ssePartial, status: "stopped" },
        { message_content: "Over tRPC", response_content: partial, status: "stopped" },
      ]);
    } finally {
      await openai.close();
    }
  }, 240_000);

  it("refuses to start with a bad variable and names it", async () => {
    const dir = tempDir();
    const proc = start({ PORT: "nope", DATABASE_URL: join(dir, "db"), DATA_DIR: dir });
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toMatch(/Invalid configuration:\s+PORT: .*\(got "nope"\)/);
  }, 30_000);

  it("stops with a non-zero exit and a clear message when a migration fails", async () => {
    const dir = tempDir();
    const url = join(dir, "db");
    await createTestDataDir(url);
    const db = await createDb(url);
    await db.db.execute(sql`update parley_migrations set hash = 'tampered'`);
    await db.close();
    const proc = start({ DATABASE_URL: url, DATA_DIR: dir, PORT: String(await freePort()) });
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toMatch(/Database migration failed, not starting: Migration \S+ failed: it was changed after being applied/);
  }, 60_000);
});
