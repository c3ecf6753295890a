// `pnpm bench:discovery` (not part of the tests): the feed and search on PostgreSQL at 10,000 and
// at 1,000,000 posts, and Discover's Prompts tab and prompt search at 1,000 and 100,000 prompts. Seeds the posts with generate_series (the search documents come from the
// same trigger the app uses), then loads four URLs with autocannon (after a 2 s warm-up each): at a fixed 500 requests/s
// (p50, p99) and flat out (requests/s). docs/performance.md records measured figures.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import postgres from "postgres";
import { createDatabase, databaseUrl, DEFAULT_POSTGRES_URL, dropDatabase } from "./support/postgres.mjs";

const ROOT = join(import.meta.dirname, "..");
const SIZES = (process.env.BENCH_SIZES ?? "10000,1000000").split(",").map(Number);
const RATE = 500;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;
const TARGET_P99_MS = 25;
const headers = { authorization: "Bearer bench" };

/** The app (apps/server/bench/ttft-server.ts: real routes, a stand-in sign-in check) on `databaseUrl`. */
function startServer(databaseUrl) {
  const child = spawn(process.execPath, ["--import", "tsx", "ttft-server.ts"], {
    cwd: join(ROOT, "apps/server/bench"),
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl, PROVIDER_URL: "http://127.0.0.1:9" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
    createInterface({ input: child.stdout }).once("line", (line) => resolve({ ...JSON.parse(line), stop: () => child.kill("SIGTERM") }));
  });
}

/**
 * Adds posts until there are `total`: words from a fixed list, one common word in every post, and
 * a rare one in exactly 10 posts (among the first 10,000), so that a rare-word search finds the
 * same 10 posts at every size and the sizes compare the same work.
 */
async function seedPosts(sql, total) {
  const [{ count }] = await sql`select count(*)::int as count from posts`;
  // A kept database (BENCH_DATABASE) with more posts than this size would be measured under the wrong label.
  if (count > total) throw new Error(`the database holds ${count} posts, more than ${total}: run it with BENCH_SIZES=${count}`);
  if (count === total) return;
  await sql`insert into users (issuer, subject, nickname, handle)
    select 'https://bench.local', 'seed-' || g, 'Seeder ' || g, 'seeder-' || g from generate_series(1, 1000) g
    on conflict do nothing`;
  // Building the GIN index once after the rows is much faster than keeping it up to date row by row.
  await sql`drop index if exists posts_search_idx`;
  await sql`
    with seeders as (select array_agg(id order by id) as ids from users where issuer = 'https://bench.local' and subject like 'seed-%'),
    words as (select array['sourdough','kernel','poem','budget','vaccine','guitar','compiler','garden','tax','rocket','novel','sql','marathon','opera','pixel','tariff','yoga','neutron','haiku','ledger'] as w)
    insert into posts (user_id, description, categories, model_versions, messages, like_count, comment_count, created_at)
    select
      ids[1 + g % 1000],
      'Question about ' || w[1 + g % 20] || ' and ' || w[1 + (g / 20) % 20],
      array[(array['general','technology','education','health','business','entertainment'])[1 + g % 6]],
      array['gpt-4o-mini'],
      jsonb_build_array(
        jsonb_build_object('isUser', true, 'model_name', null, 'user', 'seeder', 'content',
          'Can a model explain ' || w[1 + (g / 7) % 20] || ' to me' || case when g % 1000 = 0 and g <= 10000 then ' zyzzyva' else '' end || '?', 'timestamp', now()),
        jsonb_build_object('isUser', false, 'model_name', 'GPT-4o mini', 'user', null, 'content',
          'Here is a short answer about ' || w[1 + (g / 3) % 20] || ' and ' || w[1 + (g / 11) % 20] || '.', 'timestamp', now())
      ),
      ((g::bigint * 7919) % 50)::int, ((g::bigint * 104729) % 7)::int,
      now() - make_interval(secs => (${total}::int - g) * 30)
    from generate_series(${count + 1}::int, ${total}::int) g, words, seeders`;
  await sql`create index posts_search_idx on posts using gin (search_vector)`;
  // As a settled database is: vacuumed (visibility map set) and analyzed, so no autovacuum of
  // the new rows runs during the measurements.
  await sql`vacuum (analyze) posts`;
}

/**
 * Adds public prompts until there are `total` (Discover's Prompts tab): the same word list, one
 * common word ("explain") in every prompt and a rare one in exactly 10 (among the first 1,000),
 * publication times 30 s apart, and a trending score spread as likes and uses would spread it.
 */
async function seedPrompts(sql, total) {
  const [{ count }] = await sql`select count(*)::int as count from prompts where builtin_key is null`;
  if (count > total) throw new Error(`the database holds ${count} prompts, more than ${total}: run it with BENCH_PROMPT_SIZES=${count}`);
  if (count === total) return;
  await sql`insert into users (issuer, subject, nickname, handle)
    select 'https://bench.local', 'seed-' || g, 'Seeder ' || g, 'seeder-' || g from generate_series(1, 1000) g
    on conflict do nothing`;
  await sql`drop index if exists prompts_search_idx`;
  await sql`
    with seeders as (select array_agg(id order by id) as ids from users where issuer = 'https://bench.local' and subject like 'seed-%'),
    words as (select array['sourdough','kernel','poem','budget','vaccine','guitar','compiler','garden','tax','rocket','novel','sql','marathon','opera','pixel','tariff','yoga','neutron','haiku','ledger'] as w)
    insert into prompts (user_id, name, prompt, description, category, visibility, published_at, created_at, updated_at)
    select
      ids[1 + g % 1000],
      'Prompt about ' || w[1 + g % 20] || ' and ' || w[1 + (g / 20) % 20],
      'Explain {{topic|' || w[1 + (g / 7) % 20] || '}} to {{audience}} with an example about ' || w[1 + (g / 3) % 20]
        || case when g % 100 = 0 and g <= 1000 then ' zyzzyva' else '' end || '.',
      'For ' || w[1 + (g / 11) % 20],
      (array['general','technology','education','health','business','entertainment'])[1 + g % 6],
      'public',
      now() - make_interval(secs => (${total}::int - g) * 30),
      now() - make_interval(secs => (${total}::int - g) * 30),
      now() - make_interval(secs => (${total}::int - g) * 30)
    from generate_series(${count + 1}::int, ${total}::int) g, words, seeders`;
  // Likes and uses, as their sum would move the score: up to about 5 halvings' worth on some prompts.
  await sql`update prompts set trend_score = trend_score + ((id::bigint * 7919) % 50) / 10.0 where builtin_key is null and id > (select coalesce(max(id), 0) - ${total - count} from prompts)`;
  await sql`create index prompts_search_idx on prompts using gin (search_vector)`;
  await sql`vacuum (analyze) prompts`;
}

/** The `share` quantile (0..1) of sorted values. */
function quantile(sorted, share) {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
}

/**
 * One autocannon run. p50 and p99 are read from every response's own time (autocannon's
 * histogram keeps whole milliseconds, too coarse for a 4 ms page); the verdict's p99 is the
 * larger of that and autocannon's, which also counts the requests a slow answer held back.
 */
async function run(url, rate) {
  const times = [];
  const instance = autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS, ...(rate ? { overallRate: rate } : {}) });
  instance.on("response", (_client, status, _bytes, milliseconds) => {
    if (status < 300) times.push(milliseconds);
  });
  const result = await instance;
  if (result.errors > 0 || result.non2xx > 0) throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx, ${result.timeouts} time-outs`);
  times.sort((a, b) => a - b);
  return {
    p50: quantile(times, 0.5),
    p99: Math.max(quantile(times, 0.99), result.latency.p99),
    rps: Math.round(result.requests.total / SECONDS),
    timeouts: result.timeouts,
  };
}

const ms = (value) => (Number.isNaN(value) ? "—" : value.toFixed(1)).padStart(6);

const adminUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_POSTGRES_URL;
console.log(
  `Discovery benchmark: ${cpus().length} cores, Node ${process.version}, PostgreSQL at ${new URL(adminUrl).host}, ${CONNECTIONS} connections, ${SECONDS} s per run; load average before: ${loadavg()[0].toFixed(2)}\n`,
);
// BENCH_DATABASE=<name>: a database kept by an earlier run (BENCH_KEEP=1), its posts reused.
const database = process.env.BENCH_DATABASE
  ? { name: process.env.BENCH_DATABASE, url: databaseUrl(adminUrl, process.env.BENCH_DATABASE) }
  : await createDatabase(adminUrl, "parley_bench_discovery");
const sql = postgres(database.url, { max: 1, onnotice: () => {} });
// Secrets an earlier server sealed with its own (random) key cannot be opened by this one.
if (process.env.BENCH_DATABASE) await sql`delete from server_secrets`;
const server = await startServer(database.url);
const results = {};
// BENCH_PARTS=prompts measures the Prompts tab only; posts and prompts by default.
const PARTS = (process.env.BENCH_PARTS ?? "posts,prompts").split(",");
const PROMPT_SIZES = (process.env.BENCH_PROMPT_SIZES ?? "1000,100000").split(",").map(Number);
try {
  for (const size of PARTS.includes("posts") ? SIZES : []) {
    const started = Date.now();
    await seedPosts(sql, size);
    console.log(`${size.toLocaleString("en-US")} posts (seeded in ${((Date.now() - started) / 1000).toFixed(0)} s)`);
    // A deep page: the cursor of the post 90% of the way down the newest-first feed.
    const [deep] = await sql`select created_at, id from posts order by created_at desc, id desc offset ${Math.floor(size * 0.9)} limit 1`;
    const cursor = `${deep.created_at.toISOString()}_${deep.id}`;
    const urls = {
      "feed, first page": `${server.url}/api/v1/post/getRecentPosts?limit=20`,
      "feed, page at 90%": `${server.url}/api/v1/post/getRecentPosts?limit=20&cursor=${encodeURIComponent(cursor)}`,
      // The rare word first: slow common-word requests still running after their run would weigh on it.
      "search, rare word": `${server.url}/api/v1/post/search?q=zyzzyva`,
      "search, common word": `${server.url}/api/v1/post/search?q=model`,
    };
    for (const [label, url] of Object.entries(urls)) {
      // A 2 s warm-up first, as `pnpm bench` does: the first URL would otherwise pay for compiling the server's code.
      await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
      const paced = await run(url, RATE);
      const flat = await run(url);
      results[`${size}:${label}`] = paced;
      // No sample at all means no request finished within the run: the slowest case, not a pass.
      const verdict = paced.rps > 0 && !Number.isNaN(paced.p99) && paced.p99 <= TARGET_P99_MS && paced.timeouts === 0 ? "meets" : "MISSES";
      console.log(
        `  ${label.padEnd(22)} at ${RATE} req/s: p50 ${ms(paced.p50)} ms  p99 ${ms(paced.p99)} ms (${verdict} p99 ≤ ${TARGET_P99_MS} ms)   flat out: ${String(flat.rps).padStart(6)} req/s`,
      );
    }
  }
  for (const size of PARTS.includes("prompts") ? PROMPT_SIZES : []) {
    const started = Date.now();
    await seedPrompts(sql, size);
    console.log(`${size.toLocaleString("en-US")} prompts (seeded in ${((Date.now() - started) / 1000).toFixed(0)} s)`);
    const [deep] = await sql`select to_char(published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as at, id from prompts
      where visibility = 'public' and hidden_at is null order by published_at desc, id desc offset ${Math.floor(size * 0.9)} limit 1`;
    const urls = {
      "prompts, trending": `${server.url}/api/v1/prompts/discover?sort=trending&limit=20`,
      "prompts, newest at 90%": `${server.url}/api/v1/prompts/discover?sort=newest&limit=20&cursor=${encodeURIComponent(`${deep.at}_${deep.id}`)}`,
      "prompt search, rare": `${server.url}/api/v1/prompts/discover?sort=trending&q=zyzzyva`,
      "prompt search, common": `${server.url}/api/v1/prompts/discover?sort=trending&q=explain`,
    };
    for (const [label, url] of Object.entries(urls)) {
      await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
      const paced = await run(url, RATE);
      const flat = await run(url);
      results[`prompts ${size}:${label}`] = paced;
      const verdict = paced.rps > 0 && !Number.isNaN(paced.p99) && paced.p99 <= TARGET_P99_MS && paced.timeouts === 0 ? "meets" : "MISSES";
      console.log(
        `  ${label.padEnd(22)} at ${RATE} req/s: p50 ${ms(paced.p50)} ms  p99 ${ms(paced.p99)} ms (${verdict} p99 ≤ ${TARGET_P99_MS} ms)   flat out: ${String(flat.rps).padStart(6)} req/s`,
      );
    }
  }
  if (PARTS.includes("prompts") && PROMPT_SIZES.length > 1) {
    console.log(`\np50 at ${PROMPT_SIZES[1].toLocaleString("en-US")} prompts against p50 at ${PROMPT_SIZES[0].toLocaleString("en-US")} (target ≤ 1.2×)`);
    for (const label of ["prompts, trending", "prompts, newest at 90%", "prompt search, rare", "prompt search, common"]) {
      const small = results[`prompts ${PROMPT_SIZES[0]}:${label}`].p50;
      const large = results[`prompts ${PROMPT_SIZES[1]}:${label}`].p50;
      console.log(`  ${label.padEnd(22)} ${ms(small)} ms → ${ms(large)} ms   ${(large / small).toFixed(2)}×`);
    }
  }
  // With one size (BENCH_SIZES) there is nothing to compare.
  if (PARTS.includes("posts") && SIZES.length > 1)
    console.log(`\np50 at ${SIZES[1].toLocaleString("en-US")} posts against p50 at ${SIZES[0].toLocaleString("en-US")} (target ≤ 1.2×)`);
  for (const label of PARTS.includes("posts") && SIZES.length > 1
    ? ["feed, first page", "feed, page at 90%", "search, rare word", "search, common word"]
    : []) {
    const small = results[`${SIZES[0]}:${label}`].p50;
    const large = results[`${SIZES[1]}:${label}`].p50;
    console.log(`  ${label.padEnd(22)} ${ms(small)} ms → ${ms(large)} ms   ${(large / small).toFixed(2)}×`);
  }
} finally {
  await sql.end();
  server.stop();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  if (process.env.BENCH_KEEP || process.env.BENCH_DATABASE) console.log(`kept database ${database.name}`);
  else await dropDatabase(adminUrl, database.name);
}
