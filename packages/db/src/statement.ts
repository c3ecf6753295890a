import { getTableColumns, sql, type SQL } from "drizzle-orm";
import { CasingCache } from "drizzle-orm/casing";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

/** How the schema's keys become column names; createDb gives Drizzle the same. */
export const CASING = "snake_case";
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
