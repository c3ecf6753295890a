import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { signInThroughPages } from "./support/auth-flow";
import { createEmptyDatabase, freePort, killInstance, startInstance, type Instance } from "./support/instances";

// kill -9 of the built server while many writes are in flight: every write it acknowledged (a
// 200) is there after the restart. On the embedded database (a data directory) in the PGlite
// leg, on PostgreSQL in the PostgreSQL leg.

const adminUrl = process.env.TEST_DATABASE_URL ?? "";
const cleanups: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const step of cleanups.reverse()) await step();
});

const WRITERS = 8;
/** Load before the kill: at least this many acknowledged writes, and this long. */
const ACKNOWLEDGED_BEFORE_KILL = 60;
const LOAD_MS = 1500;

describe(`kill -9 under write load (${adminUrl ? "PostgreSQL" : "PGlite data directory"})`, () => {
  it("loses no acknowledged write", async () => {
    const scratch = mkdtempSync(join(tmpdir(), "parley-durability-"));
    cleanups.push(() => rmSync(scratch, { recursive: true, force: true }));
    let databaseUrl = join(scratch, "db");
    if (adminUrl) {
      const database = await createEmptyDatabase(adminUrl, "parley_durability");
      cleanups.push(database.drop);
      databaseUrl = database.url;
    }
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env = { DATABASE_URL: databaseUrl, DATA_DIR: join(scratch, "data"), PUBLIC_URL: baseUrl, RATE_LIMIT_COMMENTS: "1000000", LOG_LEVEL: "warn" };
    const first = startInstance("first", port, env);
    cleanups.push(() => killInstance(first));
    await first.ready();

    const { tokens } = await signInThroughPages(
      { baseUrl, config: { oidc: { issuer: `${baseUrl}/oidc`, clientId: "parley-web" } } },
      { name: "Writer", email: "writer@example.com", password: "writer-password-1" },
      { signUp: true },
    );
    const headers = { authorization: `Bearer ${tokens.access_token}`, "content-type": "application/json" };
    const call = (path: string, body?: unknown) =>
      fetch(`${baseUrl}/api/v1${path}`, { method: body === undefined ? "GET" : "POST", headers, body: body === undefined ? undefined : JSON.stringify(body) });
    expect((await call("/user/addUser", { user: { name: "Writer", email: "writer@example.com", nickname: "writer" } })).status).toBe(200);
    const chat = (await (
      await call("/chat/postChat", { messages: [{ content: "Hello" }], model_id: "demo:parley-demo", session_id: 0, category: "general" })
    ).json()) as {
      session_id: number;
    };
    const { post_id: postId } = (await (await call("/post/postChat", { chat_id: chat.session_id, description: "Load", categories: [] })).json()) as {
      post_id: number;
    };

    // Writers comment as fast as they are answered, noting every acknowledged comment, until the
    // server is gone.
    const acknowledged: string[] = [];
    let refusedOtherwise = 0;
    const writer = async (w: number) => {
      for (let i = 0; ; i++) {
        const content = `w${w}-${i}`;
        try {
          const response = await call(`/post/comment/${postId}`, { content });
          if (response.status === 200) acknowledged.push(content);
          else refusedOtherwise++;
        } catch {
          return;
        }
      }
    };
    const loadStarted = Date.now();
    const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
    await expect
      .poll(() => acknowledged.length >= ACKNOWLEDGED_BEFORE_KILL && Date.now() - loadStarted >= LOAD_MS, { timeout: 30_000, interval: 20 })
      .toBe(true);
    first.child.kill("SIGKILL");
    expect(await first.exited).toBeNull();
    await Promise.all(writers);
    expect(refusedOtherwise).toBe(0);

    // The same database, after the crash (on the data directory, the dead server's lock is stale).
    const second: Instance = startInstance("second", port, env);
    cleanups.push(() => killInstance(second));
    await second.ready();
    const stored = (await (await call(`/post/comments/${postId}`)).json()) as { content: string }[];
    const contents = stored.map((c) => c.content);
    const missing = acknowledged.filter((c) => !contents.includes(c));
    expect(missing).toEqual([]);
    expect(new Set(contents).size).toBe(contents.length);
    console.info(
      `kill -9 under load (${adminUrl ? "PostgreSQL" : "PGlite"}): ${acknowledged.length} acknowledged, ${contents.length} stored, ${missing.length} lost`,
    );
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  }, 300_000);
});
