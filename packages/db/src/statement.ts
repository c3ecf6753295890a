import { getTableColumns, sql, type SQL } from "drizzle-orm";
import { CasingCache } from "drizzle-orm/casing";
import { PgDialect, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./client";

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

/** The text of a Drizzle `sql` query with numbered parameters, and the parameters in order, as runPrepared sends them. */
export function renderQuery(query: SQL): { text: string; params: unknown[] } {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, params };
}

/**
 * A piece of SQL with its parameters, written as a tagged template: `stmt\`... ${value}\``. A
 * value that is itself a Statement is inlined with its own parameters; any other value becomes a
 * numbered parameter ($1, $2...), never text. For the few hot statements (a chat send) that run
 * often with the same text: they skip the query builder, and PostgreSQL keeps their plans.
 */
export class Statement {
  constructor(
    readonly strings: readonly string[],
    readonly values: readonly unknown[],
  ) {}
}

export function stmt(strings: TemplateStringsArray, ...values: unknown[]): Statement {
  return new Statement(strings, values);
}

/** Joins statements with `separator` (plain SQL text, e.g. ", " or " and "). */
export function joinStatements(parts: readonly Statement[], separator: string): Statement {
  if (parts.length === 0) return new Statement([""], []);
  const strings: string[] = [""];
  const values: unknown[] = [];
  parts.forEach((part, index) => {
    if (index > 0) strings[strings.length - 1] += separator;
    values.push(part);
    strings.push("");
  });
  return new Statement(strings, values);
}

/** The statement's text with numbered parameters, and the parameters in order. */
export function renderStatement(statement: Statement): { text: string; params: unknown[] } {
  const params: unknown[] = [];
  const walk = (part: Statement): string => {
    let text = part.strings[0]!;
    part.values.forEach((value, index) => {
      if (value instanceof Statement) text += walk(value);
      else {
        params.push(value);
        text += `$${params.length}`;
      }
      text += part.strings[index + 1]!;
    });
    return text;
  };
  return { text: walk(statement), params };
}

type PostgresJsClient = { unsafe: (text: string, params: unknown[], options: { prepare: boolean }) => Promise<unknown[]> };
type PgliteClient = { query: (text: string, params: unknown[]) => Promise<{ rows: unknown[] }> };

/**
 * Runs one statement on the database's own client and returns its rows. The statement is
 * prepared once (on PostgreSQL once per connection) and then only bound and executed, so the
 * database keeps its plan; its text is the cache key. (PGlite's client prepares every query; see
 * pglite-prepared.ts.)
 */
export async function runStatement<Row>(db: Database, statement: Statement | SQL): Promise<Row[]> {
  const { text, params } = statement instanceof Statement ? renderStatement(statement) : renderQuery(statement);
  const client = (db as unknown as { $client: PostgresJsClient | PgliteClient }).$client;
  if ("unsafe" in client) return (await client.unsafe(text, params, { prepare: true })) as Row[];
  return (await client.query(text, params)).rows as Row[];
}
