import { parse, protocol, type PGlite } from "@electric-sql/pglite";
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
type PgliteClient = Pick<PGlite, "query" | "execProtocol" | "serializers" | "parsers" | "_runExclusiveQuery" | "_runExclusiveTransaction">;

/**
 * Runs one statement on the database's own client and returns its rows. The statement is
 * prepared once (on PostgreSQL once per connection) and then only bound and executed, so the
 * database keeps its plan; its text is the cache key.
 */
export async function runStatement<Row>(db: Database, statement: Statement): Promise<Row[]> {
  const { text, params } = renderStatement(statement);
  const client = (db as unknown as { $client: PostgresJsClient | PgliteClient }).$client;
  if ("unsafe" in client) return (await client.unsafe(text, params, { prepare: true })) as Row[];
  return (await runOnPglite(client, text, params)) as Row[];
}

/** Statements prepared on each PGlite instance, by text. A handful exist; past the limit, statements run unprepared. */
const preparedOnPglite = new WeakMap<PgliteClient, Map<string, { name: string; types: number[] }>>();
const MAX_PREPARED = 64;

const concatBytes = (parts: Uint8Array[]) => {
  const bytes = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  parts.reduce((offset, part) => (bytes.set(part, offset), offset + part.length), 0);
  return bytes;
};

/**
 * PGlite's `query` parses and plans its text on every call, in several trips into the engine.
 * Here a statement is parsed once under a name, then each run is one trip: bind, describe,
 * execute, sync. Like `query`, it waits for any open transaction and runs alone.
 */
async function runOnPglite(pg: PgliteClient, text: string, params: unknown[]): Promise<unknown[]> {
  let prepared = preparedOnPglite.get(pg);
  if (!prepared) preparedOnPglite.set(pg, (prepared = new Map()));
  const statements = prepared;
  if (!statements.has(text) && statements.size >= MAX_PREPARED) return (await pg.query(text, params)).rows;
  return pg._runExclusiveTransaction(() =>
    pg._runExclusiveQuery(async () => {
      let named = statements.get(text);
      if (!named) {
        const name = `parley_${statements.size + 1}`;
        const { messages } = await pg.execProtocol(
          concatBytes([protocol.serialize.parse({ name, text }), protocol.serialize.describe({ type: "S", name }), protocol.serialize.sync()]),
          { syncToFs: false },
        );
        named = { name, types: parse.parseDescribeStatementResults(messages) };
        statements.set(text, named);
      }
      const { types } = named;
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const serialize = pg.serializers[types[index]!];
        return serialize ? (serialize(value) as string) : String(value);
      });
      const { messages } = await pg.execProtocol(
        concatBytes([
          protocol.serialize.bind({ statement: named.name, values }),
          protocol.serialize.describe({ type: "P" }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
      );
      return parse.parseResults(messages, pg.parsers)[0]?.rows ?? [];
    }),
  );
}
