// On PostgreSQL every query the app runs with parameters is a prepared statement on its
// connection, parsed and planned once per connection instead of on every run. (PGlite prepares
// its queries in src/fast-paths/pglite, outside transactions; its tests run through every suite.)
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resultRows, users, type DbHandle } from "../../src";
import { createTestDb } from "../../src/testing";

describe.runIf(process.env.TEST_DATABASE_URL)("prepared statements on PostgreSQL", () => {
  let t: DbHandle;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.close());

  it("a query with parameters is prepared on its connection, inside transactions and savepoints too", async () => {
    const prepared = await t.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.subject, "prepared-outer")).limit(1);
      await tx.transaction(async (inner) => {
        await inner.select({ id: users.id }).from(users).where(eq(users.subject, "prepared-inner")).limit(2);
      });
      return resultRows<{ statement: string }>(await tx.execute(sql.raw("select statement from pg_prepared_statements")));
    });
    const texts = prepared.map((row) => row.statement);
    expect(texts.some((text) => /from "users" where "users"\."subject" = \$1 limit \$2/.test(text))).toBe(true);
    expect(texts.filter((text) => /"users"\."subject" = \$1 limit \$2/.test(text))).toHaveLength(1);
  });
});
