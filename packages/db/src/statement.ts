import type { Database } from "./client";

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
export async function runStatement<Row>(db: Database, statement: Statement): Promise<Row[]> {
  const { text, params } = renderStatement(statement);
  const client = (db as unknown as { $client: PostgresJsClient | PgliteClient }).$client;
  if ("unsafe" in client) return (await client.unsafe(text, params, { prepare: true })) as Row[];
  return (await client.query(text, params)).rows as Row[];
}
