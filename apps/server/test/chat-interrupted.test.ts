import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settleInterruptedReplies } from "@parley/api";
import { startFakeOpenAIServer } from "@parley/ai/testing";
import { createDb, resultRows } from "@parley/db";
import { createTestDataDir } from "@parley/db/testing";
import { freePort, signInThroughPages } from "./support/auth-flow";
import { createChatApp, MODEL, PLATFORM_OPENAI_KEY } from "./support/chat-fixture";
import { ensureBuiltServer } from "./support/instances";

const serverDir = fileURLToPath(new URL("..", import.meta.url));
const subjectIs = (name: string) => sql`(select id from users where subject = ${name})`;

/** Moves a user's pending replies, their holds and the allowance period back in time, past the reply time-out. */
const agePending = (userId: ReturnType<typeof subjectIs>) => [
  sql`update subscriptions set period_start = period_start - interval '10 minutes' where user_id = ${userId}`,
  sql`update chat_entries set created_at = created_at - interval '10 minutes'
      where status = 'pending' and session_id in (select id from chat_sessions where user_id = ${userId})`,
  sql`update allowance_holds set created_at = created_at - interval '10 minutes' where user_id = ${userId}`,
];

const until = async (check: () => boolean | Promise<boolean>, what: string) => {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe("replies interrupted by a server that died", () => {
  let t: Awaited<ReturnType<typeof createChatApp>>;
  beforeAll(async () => {
    t = await createChatApp();
  });
  afterAll(() => t.close());

  async function freeUsed(name: string) {
    const rows = resultRows<{ used: number }>(
      await t.db.db.execute(sql`select free_tokens_used as used from subscriptions where user_id = ${subjectIs(name)}`),
    );
    return Number(rows[0]!.used);
  }

  /** Starts a platform-key send whose reply is still on its way once this returns. */
  async function sendInFlight(name: string) {
    const calls = t.openai.requests.length;
    t.openai.setScenario({ type: "reply", chunks: ["late", " reply"], usage: { inputTokens: 6, outputTokens: 4 }, firstTokenDelayMs: 4000 });
    const response = t.send(name, "are you there?", { model_id: MODEL.platform });
    await until(() => t.openai.requests.length > calls, "the model call");
    return { response };
  }

  it("settling twice at once gives a dead reply's reservation back exactly once, and its late end charges nothing more", async () => {
    await t.signUp("twice");
    await t.db.db.execute(sql`update subscriptions set free_tokens_used = 100 where user_id = ${subjectIs("twice")}`);
    const { response } = await sendInFlight("twice");
    const held = (await freeUsed("twice")) - 100;
    expect(held).toBeGreaterThan(0);
    for (const statement of agePending(subjectIs("twice"))) await t.db.db.execute(statement);

    const results = await Promise.all([settleInterruptedReplies(t.db.db, new Date()), settleInterruptedReplies(t.db.db, new Date())]);
    expect(results.map((r) => r.tokens).sort((a, b) => a - b)).toEqual([0, held]);
    expect(results.reduce((sum, r) => sum + r.entries, 0)).toBe(1);
    expect(await freeUsed("twice")).toBe(100);
    expect(await settleInterruptedReplies(t.db.db, new Date())).toEqual({ entries: 0, tokens: 0 });

    // The reply that was taken for dead still ends here: nothing is given back or charged twice.
    expect((await response).status).toBe(200);
    expect(await freeUsed("twice")).toBe(100);
  });

  it("a reply younger than the reply time-out is left alone and ends as usual", async () => {
    await t.signUp("fresh");
    const { response } = await sendInFlight("fresh");
    const held = await freeUsed("fresh");
    expect(held).toBeGreaterThan(10);

    expect(await settleInterruptedReplies(t.db.db, new Date())).toEqual({ entries: 0, tokens: 0 });
    const sessions = await t.call("fresh", "GET", "/chat/getSessionHistory");
    const sessionId = (sessions.body.sessions as { id: number }[])[0]!.id;
    const pending = await t.call("fresh", "POST", "/chat/getChatHistory", { sessionId });
    expect(pending.body.sessions).toMatchObject([{ status: "pending" }]);
    expect(await freeUsed("fresh")).toBe(held);

    expect((await response).status).toBe(200);
    const done = await t.call("fresh", "POST", "/chat/getChatHistory", { sessionId });
    expect(done.body.sessions).toMatchObject([{ status: "complete", response_content: "late reply" }]);
    expect(await freeUsed("fresh")).toBe(10);
  });
});

describe("a server killed mid-reply", () => {
  const dirs: string[] = [];
  const dropDatabases: string[] = [];
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    }
    dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl && dropDatabases.length > 0) {
      const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
      for (const name of dropDatabases) await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });

  /** A database for the server process: a migrated PGlite directory, or a new PostgreSQL database. */
  async function databaseUrl(data: string) {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) {
      await createTestDataDir(join(data, "db"));
      return join(data, "db");
    }
    const name = `parley_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    await admin.end();
    dropDatabases.push(name);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }

  // On the embedded database the next start settles at once (the directory lock proves the killed
  // server is gone); on PostgreSQL another instance settles once the killed one's lease runs out
  // (a short lease here, so the test waits seconds, not a minute).
  const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
  it(`has its reply marked failed and its reservation given back ${onPostgres ? "by another instance once its lease runs out" : "at the next start, at once"}, and the user can send again`, async () => {
    const openai = await startFakeOpenAIServer({ apiKey: PLATFORM_OPENAI_KEY });
    const data = mkdtempSync(join(tmpdir(), "parley-killed-"));
    dirs.push(data);
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? "",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: "warn",
      DATA_DIR: data,
      DATABASE_URL: await databaseUrl(data),
      OPENAI_API_KEY: PLATFORM_OPENAI_KEY,
      OPENAI_BASE_URL: openai.baseURL,
      OPENAI_MODELS: "gpt-4o-mini",
      OLLAMA_BASE_URL: "http://127.0.0.1:1",
      INSTANCE_LEASE_MS: "2000",
    };
    const start = (listenOn = port) => {
      const child = spawn(process.execPath, [ensureBuiltServer()], {
        cwd: serverDir,
        env: { ...env, PORT: String(listenOn) },
        stdio: ["ignore", "pipe", "pipe"],
      });
      children.push(child);
      let output = "";
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
      const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
      return { child, exited, output: () => output, url: `http://127.0.0.1:${listenOn}` };
    };
    const ready = async (proc: ReturnType<typeof start>) =>
      until(
        () =>
          fetch(`${proc.url}/readyz`).then(
            (r) => r.ok,
            () => false,
          ),
        `the server to start:\n${proc.output()}`,
      );
    // Calls go to whichever server is serving.
    let serving = baseUrl;

    try {
      const first = start();
      await ready(first);
      const { tokens } = await signInThroughPages(
        { baseUrl, config: { oidc: { issuer: `${baseUrl}/oidc`, clientId: "parley-web" } } },
        { email: "killed@example.com", password: "correct horse battery", name: "Killed" },
        { signUp: true },
      );
      const call = async (method: "GET" | "POST", path: string, body?: unknown) => {
        const response = await fetch(`${serving}/api/v1${path}`, {
          method,
          headers: { authorization: `Bearer ${tokens.access_token}`, ...(body ? { "content-type": "application/json" } : {}) },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      };
      expect((await call("POST", "/user/addUser", { user: { name: "Killed", email: "killed@example.com", nickname: "killed" } })).status).toBe(200);
      const send = (content: string) =>
        call("POST", "/chat/postChat", { messages: [{ content }], model_id: MODEL.platform, session_id: 0, category: "general" });

      // The reply is slow; the server is killed while it waits for it.
      openai.setScenario({ type: "reply", chunks: ["never", " stored"], firstTokenDelayMs: 60_000 });
      const cutOff = send("a question the server never answers").catch(() => null);
      await until(() => openai.requests.length > 0, "the model call");
      const reserved = await call("GET", "/subscription/userSubscription");
      expect(reserved.body.free_tokens_used).toBeGreaterThan(0);
      // With PostgreSQL a second instance serves on the same database while the first is killed.
      let second = onPostgres ? start(await freePort()) : undefined;
      if (second) await ready(second);
      first.child.kill("SIGKILL");
      await first.exited;
      await cutOff;

      if (!second) {
        // As the killed server left it: the reply pending, the allowance still held.
        const db = await createDb(env.DATABASE_URL!);
        const left = resultRows<{ status: string }>(await db.db.execute(sql`select status from chat_entries`));
        const held = resultRows<{ count: number }>(await db.db.execute(sql`select count(*)::int as count from allowance_holds`));
        await db.close();
        expect(left).toEqual([{ status: "pending" }]);
        expect(held).toEqual([{ count: 1 }]);
        second = start();
        await ready(second);
      }
      serving = second.url;
      if (onPostgres) {
        // Not at once: the killed instance's lease runs out first (a few seconds here).
        await until(async () => (await call("GET", "/subscription/userSubscription")).body.free_tokens_used === 0, "the killed instance's holds to be settled");
      }
      const record = await call("GET", "/subscription/userSubscription");
      expect(record.body).toMatchObject({ free_tokens_used: 0, tokens_left: 500 });
      const sessions = await call("GET", "/chat/getSessionHistory");
      const sessionId = (sessions.body.sessions as { id: number }[])[0]!.id;
      const history = await call("POST", "/chat/getChatHistory", { sessionId });
      expect(history.body.sessions).toMatchObject([{ message_content: "a question the server never answers", status: "error", response_content: "" }]);

      openai.setScenario({ type: "reply", chunks: ["Back again."], usage: { inputTokens: 8, outputTokens: 3 } });
      const again = await send("still there?");
      expect(again.status).toBe(200);
      expect(again.body.message_response).toBe("Back again.");
      expect((await call("GET", "/subscription/userSubscription")).body).toMatchObject({ free_tokens_used: 11 });
      second.child.kill("SIGTERM");
      await second.exited;
      if (onPostgres) {
        // A clean stop ends the instance's lease; the killed one's was ended by the settling.
        const db = await createDb(env.DATABASE_URL!);
        const leases = resultRows<{ count: number }>(await db.db.execute(sql`select count(*)::int as count from server_instances`));
        await db.close();
        expect(leases).toEqual([{ count: 0 }]);
      }
    } finally {
      await openai.close();
    }
  }, 120_000);
});
