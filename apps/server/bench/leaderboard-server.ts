// Parley in its own process for scripts/bench/leaderboard.mjs: the database (PGlite in a scratch
// directory, or BENCH_DATABASE_URL) is seeded with BENCH_POSTS comparison posts over 40 models
// (60% of two answers, 25% three, 15% four; every 20th a fork of the one before it, so blind sets
// have two posts) and BENCH_VOTES votes on them (10 per post by default) from voters of whom 2%
// are newer than a day, spread over 100 days, then the board is refitted from the database as the
// server does (gathering the counted votes, then fitting every view): the first refit (every post
// and vote read) and the next (after BENCH_NEW_VOTES new votes: posts and standings kept, the
// changed voters' gathered again) are timed and printed on stderr. The app then listens (a
// stand-in sign-in `Bearer bench-<name>`); a line "votes" on stdin adds new votes, a line
// "refit" refits once more, each answered by a line of JSON on stdout.
import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { sql } from "drizzle-orm";
import { leaderboardOf } from "@parley/api";
import { createKeyVault } from "@parley/keys";
import { createDb, migrate, resultRows } from "@parley/db";
import { buildApp } from "../src/app";
import { announceAndStopOnSigterm } from "./bench-process";
import { loadConfig } from "../src/config";

process.setSourceMapsEnabled(false);

const dir = mkdtempSync(join(tmpdir(), "parley-leaderboard-bench-"));
const handle = await createDb(process.env.BENCH_DATABASE_URL ?? join(dir, "db"));
const embedded = handle.kind === "pglite";
const POSTS = Number(process.env.BENCH_POSTS ?? (embedded ? 10_000 : 100_000));
const VOTES = Number(process.env.BENCH_VOTES ?? POSTS * 10);
const PER_POST = Math.max(1, Math.round(VOTES / POSTS));
const VOTERS = Math.max(PER_POST * 10, Math.round(VOTES / 50));
const MODELS = 40;
await migrate(handle.db);

/** Seeds posts, voters and votes in a few statements; triggers (counters, search) are off while it runs, as in a restore. */
async function seed() {
  // On PostgreSQL through a connection of its own with no statement time-out (the server's stays for the refits).
  const seeding = embedded ? handle : await createDb(process.env.BENCH_DATABASE_URL!, { statementTimeoutMs: 0, maxConnections: 1 });
  await seeding.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`insert into users (issuer, subject, created_at, updated_at)
      select 'https://bench.local', 'seed-' || g, case when g % 50 = 0 then now() - interval '1 hour' else now() - interval '400 days' end, now()
      from generate_series(1, ${VOTERS + 200}) g`);
    // Columns per post: 2 (60%), 3 (25%) or 4 (15%); column c shows model (7p + 13c) mod 40, all different.
    await tx.execute(sql`insert into posts (user_id, description, categories, comparison, created_at)
      select a.id, 'Which is better? ' || g, array[(array['general','technology','education','health','business','entertainment'])[1 + g % 6]],
        jsonb_build_object(
          'models', (select jsonb_agg(jsonb_build_object('modelId', 'bench:model-' || ((g * 7 + c * 13) % ${MODELS}), 'modelName', 'Model ' || ((g * 7 + c * 13) % ${MODELS})) order by c)
                     from generate_series(0, k - 1) c),
          'turns', jsonb_build_array(jsonb_build_object('prompt', 'Which is better?', 'answers',
            (select jsonb_agg(jsonb_build_object('content', case when (g + c) % 3 = 0 then E'## Plan\\n- one\\n- two\\n' else '' end || repeat('an answer ', 20 + (g * 31 + c * 17) % 120), 'status', 'complete') order by c)
             from generate_series(0, k - 1) c)))),
        now() - interval '200 days' + g * interval '1 second'
      from (select g, case when g % 20 < 12 then 2 when g % 20 < 17 then 3 else 4 end as k from generate_series(1, ${POSTS}) g) p
      join (select id, row_number() over (order by subject) as n from users where subject like 'seed-%') a on a.n = ${VOTERS} + 1 + g % 200`);
    await tx.execute(
      sql`update posts set forked_from_post_id = case when id % 20 = 0 then id - 1 end, blind_root_id = case when id % 20 = 0 then id - 1 else id end`,
    );
    // Vote j on post p: voter (31p + j·VOTERS/PER_POST) mod VOTERS (all different on a post), column and shown order from p and j, on one of 100 days.
    await tx.execute(sql`insert into post_votes (post_id, user_id, "column", shown_order, created_at, updated_at)
      select p.id, u.id, (p.id + j) % p.k,
        (array[p.id * j % p.k, (1 + p.id * j) % p.k, (2 + p.id * j) % p.k, (3 + p.id * j) % p.k])[1:p.k]::smallint[],
        now() - ((p.id * 13 + j * 7) % 100) * interval '1 day' - ((p.id + j) % 80000) * interval '1 second',
        now() - ((p.id * 13 + j * 7) % 100) * interval '1 day' - ((p.id + j) % 80000) * interval '1 second'
      from (select id, jsonb_array_length(comparison -> 'models') as k from posts) p
      cross join generate_series(0, ${PER_POST - 1}) j
      join (select id, row_number() over (order by subject) - 1 as n from users where subject like 'seed-%') u
        on u.n = (p.id * 31 + j * ${Math.floor(VOTERS / PER_POST)}) % ${VOTERS}`);
  });
  if (!embedded) {
    await seeding.db.execute(sql`analyze`);
    await seeding.close();
  }
}

const app = await buildApp({
  // The board is refitted below, when the bench asks; none runs on its own while measured.
  config: loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dir, LEADERBOARD_REFIT_SECONDS: "86400", RATE_LIMIT_SEARCHES: "1000000" }),
  db: handle,
  logger: false,
  authenticator: {
    authenticate: async (header) => {
      const name = /^Bearer bench-(\w+)$/.exec(header ?? "")?.[1];
      return name ? { issuer: "https://bench.local", subject: name, claims: {} } : null;
    },
  },
  keys: createKeyVault(randomBytes(32)),
});
const board = leaderboardOf(handle.db);
await board.settled();

const seeded = performance.now();
await seed();
const seedMs = performance.now() - seeded;
const [counts] = resultRows<{ posts: number; votes: number }>(
  await handle.db.execute(sql`select (select count(*)::int from posts where comparison is not null) as posts, (select count(*)::int from post_votes) as votes`),
);

/**
 * New votes between refits, as people keep voting: BENCH_NEW_VOTES (1,000 by default) voters new
 * to the board vote once each on a post picked at random, written as the app writes them (the
 * triggers on) one statement each, as the app writes a vote per request (one statement for all
 * would hold the embedded database's one connection as no vote does); before each refit after
 * the first, and not part of the time measured.
 */
const NEW_VOTES = Number(process.env.BENCH_NEW_VOTES ?? 1_000);
const VOTES_PER_STATEMENT = 1;
async function addVotes() {
  for (let added = 0; added < NEW_VOTES; added += VOTES_PER_STATEMENT) {
    const batch = Math.min(VOTES_PER_STATEMENT, NEW_VOTES - added);
    await handle.db.execute(sql`
      with fresh as (
        insert into users (issuer, subject, created_at, updated_at)
        select 'https://bench.local', 'new-' || gen_random_uuid(), now() - interval '400 days', now() from generate_series(1, ${batch})
        returning id
      ),
      voters as (select id, row_number() over () as n from fresh),
      targets as (select id, row_number() over () as n from (select id from posts where comparison is not null order by id offset floor(random() * ${POSTS - VOTES_PER_STATEMENT})::int limit ${batch}) picked)
      insert into post_votes (post_id, user_id, "column", shown_order, created_at, updated_at)
      select t.id, v.id, 0, null, now(), now() from voters v join targets t using (n)`);
  }
}

// CPU time as well as wall time: on a busy machine the wall time is mostly waiting for a core.
// The longest the event loop was held during the refit: what every other request may wait.
async function timedRefit() {
  const held = monitorEventLoopDelay({ resolution: 5 });
  held.enable();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const snapshot = await board.refit();
  const used = process.cpuUsage(cpu);
  held.disable();
  return {
    ms: Math.round(performance.now() - started),
    cpuMs: Math.round((used.user + used.system) / 1000),
    loopHeldMs: Math.round(held.max / 1e6),
    gathered: snapshot.gathering,
    phases: snapshot.phases,
    counted: snapshot.table.votes,
    views: snapshot.views.size,
    leftOut: snapshot.leftOut,
  };
}

/** With BENCH_PROFILE=<file>, the CPU profile of `run` (open it in a browser's developer tools). */
async function profiled<T>(run: () => Promise<T>): Promise<T> {
  const file = process.env.BENCH_PROFILE;
  if (!file) return run();
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  const result = await run();
  const { profile } = await session.post("Profiler.stop");
  writeFileSync(file, JSON.stringify(profile));
  session.disconnect();
  return result;
}

// The seed wrote no change log (its triggers were off): the first refit gathers every voter.
board.gatherer.forget();
const first = await timedRefit();
await addVotes();
const next = await profiled(timedRefit);
(globalThis as { gc?: () => void }).gc?.();
console.error(
  JSON.stringify({
    database: embedded ? "PGlite" : "PostgreSQL",
    posts: Number(counts!.posts),
    votes: Number(counts!.votes),
    models: MODELS,
    seedMs: Math.round(seedMs),
    first,
    next,
    heapMb: Math.round(process.memoryUsage().heapUsed / 1e6),
    newVotes: NEW_VOTES,
  }),
);
const url = await app.listen({ port: 0, host: "127.0.0.1" });
announceAndStopOnSigterm(app, handle, dir, url);
// "votes" adds BENCH_NEW_VOTES votes; "refit" refits once more; each answers a line of JSON.
createInterface({ input: process.stdin }).on("line", (line) => {
  const command = line.trim();
  if (command === "votes") void addVotes().then(() => console.log(JSON.stringify({ added: NEW_VOTES })));
  if (command === "refit") void timedRefit().then((figures) => console.log(JSON.stringify(figures)));
});
