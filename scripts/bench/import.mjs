// `pnpm bench:import` (not part of the tests): imports a generated ChatGPT export of
// about 20 MB on PGlite and on PostgreSQL while another person reads the feed, and prints the
// import's seconds and the feed reads' p50/p99. Targets (issue 25 item 1): import <= 30 s, feed
// p99 <= 100 ms. BENCH_DATABASES=pglite,postgres picks the databases; TEST_DATABASE_URL the server.
import { Buffer } from "node:buffer";
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { createDatabase, DEFAULT_POSTGRES_URL, dropDatabase, probePostgres } from "../support/postgres.mjs";

const ROOT = join(import.meta.dirname, "../..");
const TARGET_BYTES = 19.5 * 1024 * 1024;
const DATABASES = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",");
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? DEFAULT_POSTGRES_URL;

function startServer(databaseUrl) {
  const child = spawn(process.execPath, ["--import", "tsx", "import-server.ts"], {
    cwd: join(ROOT, "apps/server/bench"),
    env: { ...process.env, ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
    createInterface({ input: child.stdout }).once("line", (line) => {
      const exited = new Promise((done) => child.once("exit", done));
      resolve({ ...JSON.parse(line), stop: () => (child.kill("SIGTERM"), exited) });
    });
  });
}

const WORDS = "the a model answer question bread rye flour kernel compiler garden budget poem rocket tax opera pixel ledger marathon haiku".split(" ");
const sentence = (seed, words) => Array.from({ length: words }, (_, i) => WORDS[(seed * 7 + i * 13) % WORDS.length]).join(" ");

/** A ChatGPT conversations.json of about TARGET_BYTES: conversations of 200 exchanges, short messages as people type them. */
function generateExport() {
  const conversations = [];
  let bytes = 2;
  let exchanges = 0;
  for (let c = 0; bytes < TARGET_BYTES; c++) {
    const mapping = { root: { id: "root", message: null, parent: null, children: [] } };
    let parent = "root";
    const start = 1_717_000_000 + c * 10_000;
    for (let i = 0; i < 200 && bytes < TARGET_BYTES; i++) {
      for (const [role, text] of [
        ["user", `${sentence(c + i, 8)} ${c}-${i}?`],
        ["assistant", `${sentence(c * 3 + i, 30)}.`],
      ]) {
        const id = `${role[0]}${c}-${i}`;
        mapping[parent].children.push(id);
        mapping[id] = {
          id,
          parent,
          children: [],
          message: {
            author: { role },
            create_time: start + i * 2,
            content: { content_type: "text", parts: [text] },
            metadata: role === "assistant" ? { model_slug: "gpt-4o" } : {},
          },
        };
        bytes += JSON.stringify(mapping[id]).length + id.length + 6;
        parent = id;
      }
      exchanges++;
    }
    conversations.push({ title: `Conversation ${c}`, create_time: start, mapping, current_node: parent });
  }
  const text = JSON.stringify(conversations);
  return { text, conversations: conversations.length, exchanges };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function run(database, file) {
  let dropped = null;
  let databaseUrl = null;
  if (database === "postgres") {
    const problem = await probePostgres(ADMIN_URL);
    if (problem) return console.log(`PostgreSQL: skipped (${problem})`);
    const created = await createDatabase(ADMIN_URL, "parley_bench_import");
    databaseUrl = created.url;
    dropped = () => dropDatabase(ADMIN_URL, created.name);
  }
  const server = await startServer(databaseUrl);
  try {
    const call = (who, method, path, body, extra = {}) =>
      globalThis.fetch(`${server.url}/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer bench-${who}`, ...(body === undefined ? {} : { "content-type": extra.contentType ?? "application/json" }) },
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      });
    for (const who of ["importer", "reader"]) await call(who, "POST", "/user/addUser", { user: { name: who, nickname: who } });
    // Something in the feed: the reader's own posts.
    for (let i = 0; i < 20; i++) {
      const sent = await (
        await call("reader", "POST", "/chat/postChat", {
          messages: [{ content: `Post ${i}` }],
          model_id: "demo:parley-demo",
          session_id: 0,
          category: "general",
        })
      ).json();
      await call("reader", "POST", "/post/postChat", { chat_id: sent.session_id, description: `Post ${i}`, categories: ["general"] });
    }
    const feed = async () => {
      const started = performance.now();
      const response = await call("reader", "GET", "/post/getRecentPosts?limit=20");
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`feed answered ${response.status}`);
      return performance.now() - started;
    };
    for (let i = 0; i < 50; i++) await feed(); // warm-up
    const idle = [];
    for (let i = 0; i < 200; i++) idle.push(await feed());
    idle.sort((a, b) => a - b);

    const latencies = [];
    let importing = true;
    const reader = (async () => {
      while (importing) latencies.push(await feed());
    })();
    const started = performance.now();
    const response = await call("importer", "POST", `/chat/import?jobId=${randomUUID()}`, file.text, { contentType: "text/plain" });
    const answer = await response.json();
    const seconds = (performance.now() - started) / 1000;
    importing = false;
    await reader;
    if (response.status !== 200) throw new Error(`import answered ${response.status}: ${answer.message}`);
    const sorted = [...latencies].sort((a, b) => a - b);
    console.log(
      `${server.database}: import ${seconds.toFixed(1)} s (${answer.imported} conversations, ${answer.exchanges.toLocaleString("en-US")} exchanges); ` +
        `feed during it: ${sorted.length} reads, p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1).toFixed(1)} ms ` +
        `(targets: import <= 30 s, p99 <= 100 ms); feed without an import: p50 ${percentile(idle, 50).toFixed(1)} ms, p99 ${percentile(idle, 99).toFixed(1)} ms`,
    );
  } finally {
    await server.stop();
    await dropped?.();
  }
}

const file = generateExport();
console.log(
  `export: ${(Buffer.byteLength(file.text) / (1024 * 1024)).toFixed(1)} MB, ${file.conversations} conversations, ${file.exchanges.toLocaleString("en-US")} exchanges`,
);
for (const database of DATABASES) await run(database, file);
