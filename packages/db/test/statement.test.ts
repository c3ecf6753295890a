import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinStatements, renderStatement, runStatement, stmt } from "../src";
import type { DbHandle } from "../src";
import { createTestDb } from "../src/testing";

describe("statements", () => {
  it("number every value as a parameter, nested statements included, and never inline it", () => {
    const evil = "'; drop table users; --";
    const where = joinStatements([stmt`a = ${1}`, stmt`b = ${evil}`, stmt`c is null`], " and ");
    expect(renderStatement(stmt`select ${"x"} as x from t where ${where} limit ${5}`)).toEqual({
      text: "select $1 as x from t where a = $2 and b = $3 and c is null limit $4",
      params: ["x", 1, evil, 5],
    });
    expect(renderStatement(joinStatements([], ", "))).toEqual({ text: "", params: [] });
  });

  describe("on the database", () => {
    let t: DbHandle;
    beforeAll(async () => {
      t = await createTestDb();
    });
    afterAll(() => t.close());

    it("run with typed parameters and return rows, the same text again and again", async () => {
      for (let i = 0; i < 3; i++) {
        const rows = await runStatement<{ n: number; s: string; j: { a: number } }>(
          t.db,
          stmt`select ${i}::int + 1 as n, ${"it's"}::text as s, json_build_object('a', ${i}::int) as j`,
        );
        expect(rows).toEqual([{ n: i + 1, s: "it's", j: { a: i } }]);
      }
    });
  });
});
