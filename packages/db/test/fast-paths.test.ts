// Each fast path into a database client's internals runs only on the client version and shape it
// was written for. Fed another version or shape, the self-check says why (the server logs it) and
// the client's public path answers instead, with the same results.
import { PGlite } from "@electric-sql/pglite";
import { sql, type SQL } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres, { type Sql } from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resultRows, type Database } from "../src";
import { installedPglite, PGLITE_WRITTEN_FOR, POSTGRES_WRITTEN_FOR, prepareQueries, preparingClient, type PgliteLibrary } from "../src/fast-paths";
import { createTestDb } from "../src/testing";

/** The same statements, run twice each: rows, or the error's SQLSTATE. */
async function answers(db: Database, table: string) {
  const statements: SQL[] = [
    sql`create table ${sql.identifier(table)} (id int primary key, note text, data jsonb)`,
    sql`insert into ${sql.identifier(table)} values (${1}::int, ${"it's"}, ${JSON.stringify({ a: 1 })}::jsonb) returning *`,
    sql`insert into ${sql.identifier(table)} values (${1}::int, ${"again"}, null)`,
    sql`insert into ${sql.identifier(table)} values (${2}::int, ${null}, null) returning id`,
    sql`select id, note, data, ${"x"}::text as x, ${3}::int + 1 as n from ${sql.identifier(table)} where id >= ${0}::int order by id`,
    sql`select * from no_such_table where id = ${1}::int`,
  ];
  const out: unknown[] = [];
  for (const statement of statements) {
    for (let run = 0; run < 2; run++) {
      out.push(
        await db.execute(statement).then(
          (result) => resultRows(result),
          (error: { cause?: { code?: string }; code?: string }) => ({ code: error.cause?.code ?? error.code }),
        ),
      );
    }
  }
  return out;
}

describe("PGlite", () => {
  const installed = installedPglite();
  let fast: PGlite;
  let fallback: PGlite;
  beforeAll(async () => {
    // Creating a database (initdb) takes seconds on a busy machine.
    [fast, fallback] = [new PGlite(), new PGlite()];
    await Promise.all([fast.waitReady, fallback.waitReady]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([fast.close(), fallback.close()]);
  });

  it("was written for the installed PGlite", () => {
    expect(installed.version).toBe(PGLITE_WRITTEN_FOR);
  });

  it.each<[string, (pg: PGlite) => [object, PgliteLibrary], RegExp]>([
    ["another version", (pg) => [pg, { ...installed, version: "0.6.0" }], /^@electric-sql\/pglite 0\.6\.0 is not 0\.5\.16, the version its fast path was written for/],
    ["no _runExclusiveQuery", (pg) => [Object.create(pg, { _runExclusiveQuery: { value: undefined } }), installed], /does not have _runExclusiveQuery as its fast path expects/],
    ["a protocol helper gone", (pg) => [pg, { ...installed, serialize: { ...installed.serialize, bind: undefined } }], /does not have protocol\.serialize\.bind/],
  ])("%s: the self-check says why and leaves PGlite's own query in place", (_name, change, finding) => {
    const [instance, library] = change(fallback);
    expect(prepareQueries(instance as PGlite, library)).toMatch(finding);
    expect(Object.hasOwn(instance, "query")).toBe(false);
  });

  it("answers the same on PGlite's own query as prepared", async () => {
    expect(prepareQueries(fast)).toBeNull();
    expect(Object.hasOwn(fast, "query")).toBe(true);
    expect(prepareQueries(fallback, { ...installed, version: "0.6.0" })).not.toBeNull();
    const [prepared, own] = [drizzlePglite({ client: fast }), drizzlePglite({ client: fallback })] as unknown as Database[];
    const expected = await answers(prepared!, "fast_path_probe");
    expect(await answers(own!, "fast_path_probe")).toEqual(expected);
    expect(expected).toContainEqual({ code: "23505" });
    expect(expected).toContainEqual([{ id: 1, note: "it's", data: { a: 1 }, x: "x", n: 4 }, { id: 2, note: null, data: null, x: "x", n: 4 }]);
  });
});

describe("postgres.js", () => {
  const offline = () => postgres("postgres://nobody@127.0.0.1:1/none", { onnotice: () => {} });

  it("was written for the installed postgres.js", () => {
    const client = offline();
    expect(preparingClient(client).finding).toBeNull();
    expect(POSTGRES_WRITTEN_FOR).toBe("3.4.9");
  });

  it.each<[string, (client: Sql) => [Sql, string], RegExp]>([
    ["another version", (client) => [client, "3.5.0"], /^postgres 3\.5\.0 is not 3\.4\.9, the version its fast path was written for/],
    ["no options.prepare", (client) => [Object.create(client, { options: { value: {} } }) as Sql, POSTGRES_WRITTEN_FOR], /does not have options\.prepare as its fast path expects/],
  ])("%s: the self-check says why and the client is used as it is", (_name, change, finding) => {
    const [client, version] = change(offline());
    const result = preparingClient(client, version);
    expect(result.finding).toMatch(finding);
    expect(result.client).toBe(client);
  });

  describe.runIf(process.env.TEST_DATABASE_URL)("on PostgreSQL", () => {
    let admin: Awaited<ReturnType<typeof createTestDb>>;
    let clients: Sql[];
    beforeAll(async () => {
      admin = await createTestDb();
      const url = (admin.db as unknown as { $client: Sql }).$client.options;
      const connect = () => postgres({ ...url, max: 1, onnotice: () => {} } as never);
      clients = [connect(), connect()];
    });
    afterAll(async () => {
      await Promise.all(clients.map((client) => client.end({ timeout: 5 })));
      await admin.close();
    });

    it("answers the same unprepared as prepared, and prepares nothing", async () => {
      const fast = preparingClient(clients[0]!);
      const fallback = preparingClient(clients[1]!, "3.5.0");
      expect([fast.finding, fallback.finding === null]).toEqual([null, false]);
      const [prepared, own] = [drizzlePostgres({ client: fast.client }), drizzlePostgres({ client: fallback.client })] as unknown as Database[];
      const expected = await answers(prepared!, "fast_path_probe_a");
      expect((await answers(own!, "fast_path_probe_b")).slice(1)).toEqual(expected.slice(1));
      expect(expected).toContainEqual({ code: "23505" });
      const preparedOn = async (db: Database) =>
        resultRows<{ statement: string }>(await db.execute(sql.raw("select statement from pg_prepared_statements")))
          .map((row) => row.statement)
          .filter((text) => text.includes("fast_path_probe"));
      expect(await preparedOn(prepared!)).toHaveLength(4);
      expect(await preparedOn(own!)).toEqual([]);
    });
  });
});
