// What a conformance test feeds both paths of a database fast path: the same statements, and
// what each answered.
import { sql, type SQL } from "drizzle-orm";
import { resultRows, type Database } from "../../src";

/** The same statements, run twice each: rows, or the error's SQLSTATE. */
export async function answers(db: Database, table: string) {
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
