import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, resultRows, type DbHandle } from "../src";
import { MIGRATIONS } from "../src/migrations.gen";
import { createTestDb } from "../src/testing";

const BEFORE_ROOTS = MIGRATIONS.findIndex((m) => m.tag.startsWith("0025"));
const USER = "00000000-0000-0000-0000-00000000000a";
const COMPARISON = sql`'{"models":[{"modelId":"a","modelName":"A"},{"modelId":"b","modelName":"B"}],"turns":[]}'::jsonb`;

let handle: DbHandle;
const run = (query: ReturnType<typeof sql>) => handle.db.execute(query);
const roots = async () =>
  Object.fromEntries(
    resultRows<{ id: number; root: number | null }>(await run(sql`select id, blind_root_id as root from posts order by id`)).map((row) => [row.id, row.root]),
  );

beforeAll(async () => {
  expect(BEFORE_ROOTS).toBeGreaterThan(0);
  // Before blind sets were stored: a chain of 300 comparisons each forked from the one before,
  // a plain post forked from the chain, and a comparison forked from the plain post.
  handle = await createTestDb({ migrations: MIGRATIONS.slice(0, BEFORE_ROOTS) });
  await run(sql`insert into users (id, issuer, subject) values (${USER}, 'test', 'old-a')`);
  await run(sql`insert into posts (id, user_id, description, comparison) overriding system value
    select g, ${USER}, 'a comparison', ${COMPARISON} from generate_series(1, 300) g`);
  await run(sql`update posts set forked_from_post_id = id - 1 where id > 1`);
  await run(sql`insert into posts (id, user_id, description, forked_from_post_id) overriding system value values (301, ${USER}, 'a plain post', 300)`);
  await run(
    sql`insert into posts (id, user_id, description, comparison, forked_from_post_id) overriding system value values (302, ${USER}, 'from the plain post', ${COMPARISON}, 301)`,
  );
  expect((await migrate(handle.db)).applied.map((tag) => tag.slice(0, 4))).toContain("0025");
}, 60_000);
afterAll(() => handle?.close());

describe("blind sets stored on the posts", () => {
  it("are computed for the posts already there: a chain of forks is one set, a fork of a plain post starts its own", async () => {
    const byId = await roots();
    for (let id = 1; id <= 300; id++) expect(byId[id]).toBe(1);
    expect(byId[301]).toBeNull();
    expect(byId[302]).toBe(302);
  });

  it("a new comparison joins its origin's set, whoever writes it; a plain post has none", async () => {
    await run(
      sql`insert into posts (id, user_id, description, comparison, forked_from_post_id) overriding system value values (400, ${USER}, 'new fork', ${COMPARISON}, 150)`,
    );
    await run(sql`insert into posts (id, user_id, description, comparison) overriding system value values (401, ${USER}, 'new root', ${COMPARISON})`);
    await run(sql`insert into posts (id, user_id, description, forked_from_post_id) overriding system value values (402, ${USER}, 'plain', 401)`);
    expect(await roots()).toMatchObject({ 400: 1, 401: 401, 402: null });
  });

  it("forks keep their set when the post they were forked from is deleted: they still share its models", async () => {
    await run(sql`delete from posts where id = 150`);
    const byId = await roots();
    expect([byId[151], byId[300], byId[400]]).toEqual([1, 1, 1]);
    expect(resultRows<{ origin: number | null }>(await run(sql`select forked_from_post_id as origin from posts where id = 151`))[0]!.origin).toBeNull();
  });

  it("notes whose standings may have changed: a vote's voter, a comparison's author, an account whose age changed", async () => {
    const noted = async () => Number(resultRows<{ n: number }>(await run(sql`select count(*)::int as n from vote_changes`))[0]!.n);
    const before = await noted();
    await run(sql`insert into post_votes (post_id, user_id, "column") values (1, ${USER}, 0)`);
    await run(sql`delete from post_votes where post_id = 1`);
    await run(sql`insert into posts (id, user_id, description, comparison) overriding system value values (500, ${USER}, 'another', ${COMPARISON})`);
    await run(sql`insert into posts (id, user_id, description) overriding system value values (501, ${USER}, 'not a comparison')`);
    await run(sql`update users set created_at = now() - interval '3 days' where id = ${USER}`);
    expect(await noted()).toBe(before + 4);
    const users = resultRows<{ user_id: string }>(await run(sql`select distinct user_id from vote_changes`));
    expect(users.map((row) => row.user_id)).toEqual([USER]);
  });
});
