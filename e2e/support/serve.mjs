// Starts the built server the way a user starts it (`node apps/server/dist/main.js`) on a fresh
// database for one Playwright project, and removes that database when Playwright stops it.
// Usage: node e2e/support/serve.mjs <pglite|postgres> <port>
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";
import { createDatabase, dropDatabase } from "../../scripts/support/postgres.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const [kind, port] = process.argv.slice(2);
if (!["pglite", "postgres"].includes(kind ?? "") || !port) {
  console.error("usage: node e2e/support/serve.mjs <pglite|postgres> <port>");
  process.exit(2);
}

const scratch = mkdtempSync(join(tmpdir(), `parley-e2e-${kind}-`));
let database = { url: join(scratch, "db"), name: "" };
const adminUrl = process.env.TEST_DATABASE_URL ?? "";
if (kind === "postgres") database = await createDatabase(adminUrl, "parley_e2e");

// Two more model services besides the offline demo, each a local fake of the real wire protocol
// (OpenAI's and Anthropic's), offered to people who store their own key for the service: a
// comparison then has three models, and the other specs, whose users store no keys, still
// chat with the demo model.
register();
const { startFakeAnthropicServer, startFakeOpenAIServer } = await import("../../packages/ai/src/testing/index.ts");
const openai = await startFakeOpenAIServer({ scenario: { type: "reply", chunks: ["OpenAI", " fake", " says", " hello."], chunkDelayMs: 60 } });
const anthropic = await startFakeAnthropicServer({ scenario: { type: "reply", chunks: ["Claude", " fake", " says", " hello."], chunkDelayMs: 60 } });

// The embedded database starts as a migrated data directory copied from the test template (built
// once per machine and migration set): initdb and every migration at each start are not what the
// specs test; a first start on an empty directory is main.test.ts's.
if (kind === "pglite") {
  const { createTestDataDir } = await import("../../packages/db/src/testing.ts");
  await createTestDataDir(database.url);
}

const server = spawn(process.execPath, ["apps/server/dist/main.js"], {
  cwd: root,
  stdio: ["inherit", "pipe", "inherit"],
  env: {
    ...process.env,
    PORT: port,
    PUBLIC_URL: `http://localhost:${port}`,
    DATABASE_URL: database.url,
    DATA_DIR: join(scratch, "data"),
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
    // Every answer checked against its procedure's .output() schema, as in development (docs/api.md, "Answers").
    NODE_ENV: process.env.NODE_ENV ?? "development",
    // Every browser in the suite signs in from 127.0.0.1: one address, many people.
    AUTH_IP_LIMIT: "100000",
    // A vote shows on the leaderboard at the next refit: every 3 seconds here, not every minute
    // (a spec waits up to 15 s for it; every second cost both servers a fit per second all run long).
    LEADERBOARD_REFIT_SECONDS: "3",
    // The suite's accounts are minutes old: their votes count at once (the wait is tested on the
    // server, and in the browser by a spec that starts its own server with this set).
    VOTE_MIN_ACCOUNT_AGE_HOURS: process.env.E2E_VOTE_MIN_ACCOUNT_AGE_HOURS ?? "0",
    // A spec that needs models paid with the platform's key (and so an allowance) starts its own server with this.
    OPENAI_API_KEY: process.env.E2E_PLATFORM_OPENAI_KEY ?? "",
    OPENAI_BASE_URL: openai.baseURL,
    OPENAI_MODELS: "gpt-4o-mini,gpt-4o",
    ANTHROPIC_API_KEY: "",
    ANTHROPIC_BASE_URL: anthropic.baseURL,
    ANTHROPIC_MODELS: "claude-haiku-4-5",
    // The address e2e/admin.spec.ts signs up with to moderate.
    ADMIN_EMAILS: "moderator@example.test",
  },
});

// The operator's part in e2e/admin.spec.ts: the server logs a verification link for each new
// account; the moderator's is opened, as an operator who knows the address would.
const ADMIN_SIGN_UP = /New account moderator@example\.test: .*open (http\S+\/oidc\/verify\/[A-Za-z0-9_-]+)/;
createInterface({ input: server.stdout }).on("line", (line) => {
  process.stdout.write(`${line}\n`);
  const link = ADMIN_SIGN_UP.exec(line)?.[1];
  if (link) globalThis.fetch(link).catch((error) => console.error(`could not open the verification link: ${error.message}`));
});

// Playwright stops web servers with SIGTERM to the whole process group; pass it on once and
// clean up only after the server has closed its database.
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.kill(signal));

server.on("exit", async (code, signal) => {
  await Promise.all([openai.close(), anthropic.close()]).catch(() => undefined);
  if (database.name) await dropDatabase(adminUrl, database.name).catch((error) => console.error(`could not drop ${database.name}: ${error.message}`));
  rmSync(scratch, { recursive: true, force: true });
  process.exit(code ?? (signal === "SIGTERM" || signal === "SIGINT" ? 0 : 1));
});
