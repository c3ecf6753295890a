// postgres.js's fast path (src/fast-paths/postgres) runs only on the postgres.js version and shape
// it was written for. Fed another version or shape, the self-check says why (the server logs it)
// and postgres.js's public path answers instead, with the same results.
import { sql } from "drizzle-orm";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres, { type Sql } from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resultRows, type Database } from "../../src";
import { POSTGRES_WRITTEN_FOR, preparingClient } from "../../src/fast-paths";
import { createTestDb } from "../../src/testing";
import { answers } from "./answers";

describe("postgres.js", () => {
  const offline = () => postgres("postgres://nobody@127.0.0.1:1/none", { onnotice: () => {} });

  it("was written for the installed postgres.js", () => {
    const client = offline();
    expect(preparingClient(client).finding).toBeNull();
    expect(POSTGRES_WRITTEN_FOR).toBe("3.4.9");
  });

  it.each<[string, (client: Sql) => [Sql, string], RegExp]>([
    ["another version", (client) => [client, "3.5.0"], /^postgres 3\.5\.0 is not 3\.4\.9, the version its fast path was written for/],
    [
      "no options.prepare",
      (client) => [Object.create(client, { options: { value: {} } }) as Sql, POSTGRES_WRITTEN_FOR],
      /does not have options\.prepare as its fast path expects/,
    ],
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
