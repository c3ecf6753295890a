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
  try {
    if ("unsafe" in client) return (await client.unsafe(text, params, { prepare: true })) as Row[];
    return (await client.query(text, params)).rows as Row[];
  } catch (error) {
    // The error goes on as it is (its code decides what callers answer); it only learns which
    // statement failed, by name, for the log (which never shows the parameters).
    if (error instanceof Error && !("statement" in error)) Object.defineProperty(error, "statement", { value: statementName(text) });
    throw error;
  }
}

const WRITES = /\b(insert\s+into|(?<!\b(?:do|for)\s+)update|delete\s+from)\s+("[^"]+"|\w+)/gi;
const FIRST_TABLE = /\bfrom\s+("[^"]+"|\w+)/i;
const MAX_NAME = 200;

/**
 * A statement's name for logs: what it writes (`insert into "chat_entries", update "chat_sessions"`),
 * or for a read the first table it reads (`select from "posts"`). Never the values, and short
 * however long the statement (a many-row insert).
 */
export function statementName(text: string): string {
  const writes = [...new Set([...text.matchAll(WRITES)].map((m) => `${m[1]!.toLowerCase().replace(/\s+/g, " ")} ${m[2]}`))];
  const table = FIRST_TABLE.exec(text)?.[1];
  const name = writes.length > 0 ? writes.join(", ") : `${/^\s*(\w+)/.exec(text)?.[1]?.toLowerCase() ?? "statement"}${table ? ` from ${table}` : ""}`;
  return name.length > MAX_NAME ? `${name.slice(0, MAX_NAME)}…` : name;
}
