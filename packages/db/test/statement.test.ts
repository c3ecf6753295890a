import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CASING, columnNames, resultRows, setColumns, stripeEvents, subscriptions } from "../src";
import type { Database, DbHandle } from "../src";
import { createTestDb } from "../src/testing";

/** A query's text and parameters as Drizzle sends them to the database. */
const dialect = new PgDialect({ casing: CASING });
const renderQuery = (query: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, params };
};

/** Runs a query as the app does (Drizzle's `execute`, prepared by the client's fast path) and returns its rows. */
const rowsOf = async <Row>(db: Database, query: SQL) => resultRows<Row>(await db.execute(query));

describe("statements", () => {
  it("number every value as a parameter, nested queries included, and never inline it", () => {
    const evil = "'; drop table users; --";
    const where = sql.join([sql`a = ${1}`, sql`b = ${evil}`, sql`c is null`], sql` and `);
    expect(renderQuery(sql`select ${"x"} as x from t where ${where} limit ${5}`)).toEqual({
      text: "select $1 as x from t where a = $2 and b = $3 and c is null limit $4",
      params: ["x", 1, evil, 5],
    });
  });

  it("name schema columns as the database does: with their table in expressions, alone in an insert's list and an update's set", () => {
    const s = subscriptions;
    expect(
      renderQuery(sql`update ${s} set ${setColumns(s, { freeTokensUsed: sql`${s.freeTokensUsed} + ${5}::int`, plan: "pro" })} where ${s.userId} = ${"u1"}`),
    ).toEqual({
      text: 'update "subscriptions" set "free_tokens_used" = "subscriptions"."free_tokens_used" + $1::int, "plan" = $2 where "subscriptions"."user_id" = $3',
      params: [5, "pro", "u1"],
    });
    expect(renderQuery(sql`insert into ${s} (${columnNames(s.userId, s.maxTokensAllowed)}) values (${"u1"}, ${10})`).text).toBe(
      'insert into "subscriptions" ("user_id", "max_tokens_allowed") values ($1, $2)',
    );
  });

  describe("on the database", () => {
    let t: DbHandle;
    beforeAll(async () => {
      t = await createTestDb();
    });
    afterAll(() => t.close());

    it("run with typed parameters and return rows, the same text again and again", async () => {
      for (let i = 0; i < 3; i++) {
        const rows = await rowsOf<{ n: number; s: string; j: { a: number } }>(
          t.db,
          sql`select ${i}::int + 1 as n, ${"it's"}::text as s, json_build_object('a', ${i}::int) as j`,
        );
        expect(rows).toEqual([{ n: i + 1, s: "it's", j: { a: i } }]);
      }
    });

    it("run Drizzle queries built from schema columns, the same text again and again", async () => {
      const e = stripeEvents;
      for (let i = 0; i < 3; i++) {
        const rows = await rowsOf<{ id: string; type: string }>(
          t.db,
          sql`with added as (insert into ${e} (${columnNames(e.id, e.type)}) values (${`evt_${i}`}, ${"first"}) returning ${e.id} as id)
            update ${e} set ${setColumns(e, { type: sql`${e.type} || ${"-seen"}` })} where ${e.id} < ${`evt_${i}`} returning ${e.id} as id, ${e.type} as type`,
        );
        expect(rows.map((row) => row.id).sort()).toEqual(Array.from({ length: i }, (_, k) => `evt_${k}`));
      }
      const stored = await rowsOf<{ id: string; type: string }>(t.db, sql`select ${e.id} as id, ${e.type} as type from ${e} order by ${e.id}`);
      expect(stored).toEqual([
        { id: "evt_0", type: "first-seen-seen" },
        { id: "evt_1", type: "first-seen" },
        { id: "evt_2", type: "first" },
      ]);
    });

    it("report a failed run with the database's error as its cause, and the next run of the same text works", async () => {
      await t.db.execute(sql`create table statement_probe (id int primary key, note text)`);
      const insert = (id: number, note: string | null) =>
        rowsOf<{ id: number }>(t.db, sql`insert into statement_probe (id, note) values (${id}::int, ${note}) returning id`);
      expect(await insert(1, "first")).toEqual([{ id: 1 }]);
      await expect(insert(1, "again")).rejects.toMatchObject({ cause: { code: "23505" } });
      expect(await insert(2, null)).toEqual([{ id: 2 }]);
      await expect(rowsOf(t.db, sql`select * from no_such_table where id = ${1}::int`)).rejects.toMatchObject({ cause: { code: "42P01" } });
      expect(await rowsOf(t.db, sql`select note from statement_probe order by id`)).toEqual([{ note: "first" }, { note: null }]);
    });

    it("prepare a text again when its table changed under it", async () => {
      await t.db.execute(sql`create table statement_shape_probe (id int primary key)`);
      await t.db.execute(sql`insert into statement_shape_probe values (1)`);
      const all = () => rowsOf<Record<string, unknown>>(t.db, sql`select * from statement_shape_probe where id = ${1}::int`);
      expect(await all()).toEqual([{ id: 1 }]);
      await t.db.execute(sql`alter table statement_shape_probe add column note text default 'added'`);
      // PostgreSQL refuses the old plan once; the next run sees the new column.
      const first = await all().catch((error: { cause?: { code?: string } }) => error.cause?.code);
      if (first !== "0A000") expect(first).toEqual([{ id: 1, note: "added" }]);
      expect(await all()).toEqual([{ id: 1, note: "added" }]);
    });

    it("wait for an open transaction instead of running inside it", async () => {
      await t.db.execute(sql`create table statement_tx_probe (id int primary key)`);
      let release!: () => void;
      let inserted!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const insertDone = new Promise<void>((resolve) => (inserted = resolve));
      const transaction = t.db.transaction(async (tx) => {
        await tx.execute(sql`insert into statement_tx_probe values (1)`);
        inserted();
        await held;
        throw new Error("rolled back on purpose");
      });
      await insertDone;
      // Started while the transaction is open: it must not see (or become part of) its insert.
      const count = rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from statement_tx_probe where id >= ${0}::int`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      release();
      await expect(transaction).rejects.toThrow("rolled back on purpose");
      expect(await count).toEqual([{ n: 0 }]);
    });
  });
});
