import { getTableColumns, sql, type SQL } from "drizzle-orm";
import { CasingCache } from "drizzle-orm/casing";
import { PgDialect, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./database";

/** How the schema's keys become column names; createDb gives Drizzle the same. */
export const CASING = "snake_case";
const dialect = new PgDialect({ casing: CASING });
const casing = new CasingCache(CASING);

const bareName = (column: PgColumn) => sql.identifier(casing.getColumnCasing(column));

/**
 * Column names without their table, for an insert's column list, where PostgreSQL takes no table
 * name (Drizzle's `sql` writes a column as `"table"."column"`).
 */
export function columnNames(...columns: PgColumn[]): SQL {
  return sql.join(columns.map(bareName), sql`, `);
}

/** An update's `"column" = value, ...` from the table's own columns, so a key the table lacks fails to compile. */
export function setColumns<T extends PgTable>(table: T, values: { [K in keyof T["_"]["columns"]]?: unknown }): SQL {
  const columns: Record<string, PgColumn> = getTableColumns(table);
  return sql.join(
    Object.entries(values).map(([key, value]) => sql`${bareName(columns[key]!)} = ${value}`),
    sql`, `,
  );
}

/** The text of a Drizzle `sql` query with numbered parameters, and the parameters in order, as runStatement sends them. */
export function renderQuery(query: SQL): { text: string; params: unknown[] } {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, params };
}

type PostgresJsClient = { unsafe: (text: string, params: unknown[], options: { prepare: boolean }) => Promise<unknown[]> };
type PgliteClient = { query: (text: string, params: unknown[]) => Promise<{ rows: unknown[] }> };

/**
 * Runs one query on the database's own client and returns its rows, for the few hot statements
 * (a chat send) that run often with the same text. The statement is prepared once (on
 * PostgreSQL once per connection) and then only bound and executed, so the database keeps its
 * plan; its text is the cache key. (Drizzle's `execute` does not prepare on postgres.js; PGlite's
 * client prepares every query, see pglite-prepared.ts.)
 */
export async function runStatement<Row>(db: Database, query: SQL): Promise<Row[]> {
  const { text, params } = renderQuery(query);
  const client = (db as unknown as { $client: PostgresJsClient | PgliteClient }).$client;
  if ("unsafe" in client) return (await client.unsafe(text, params, { prepare: true })) as Row[];
  return (await client.query(text, params)).rows as Row[];
}
