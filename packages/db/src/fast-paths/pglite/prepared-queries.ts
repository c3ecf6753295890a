import { parse, protocol, type PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";

type Named = { name: string; types: number[] };

/** Statements prepared so far, by text. Past the limit, new texts run the unprepared way. */
const MAX_PREPARED = 500;
/** SQLSTATE of a prepared statement whose result columns changed since it was prepared. */
const PLAN_CHANGED = "0A000";

const concatBytes = (parts: Uint8Array[]) => {
  const bytes = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  parts.reduce((offset, part) => (bytes.set(part, offset), offset + part.length), 0);
  return bytes;
};

/**
 * Makes `pg.query` prepare each statement text once. PGlite's own `query` parses and plans the
 * text on every call, in six trips into the engine; here a text is parsed once under a name, and
 * each run is one trip (bind, describe, execute, sync), so the engine keeps the plan. Results,
 * parsers, serializers and errors are PGlite's own; like `query`, a run waits for any open
 * transaction and runs alone. Queries inside a transaction (`tx.query`) are left as they are.
 */
export function prepareQueries(pg: PGlite): void {
  const unprepared = pg.query.bind(pg);
  const statements = new Map<string, Named>();
  let prepared = 0;

  async function name(text: string, options: QueryOptions | undefined): Promise<Named> {
    const known = statements.get(text);
    if (known) return known;
    const named = `parley_${++prepared}`;
    const { messages } = await pg.execProtocol(
      concatBytes([protocol.serialize.parse({ name: named, text }), protocol.serialize.describe({ type: "S", name: named }), protocol.serialize.sync()]),
      { syncToFs: false, onNotice: options?.onNotice },
    );
    const statement = { name: named, types: parse.parseDescribeStatementResults(messages) };
    statements.set(text, statement);
    return statement;
  }

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (options?.blob || options?.paramTypes || (!statements.has(text) && statements.size >= MAX_PREPARED)) return unprepared<T>(text, params, options);
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        const { name: statement, types } = await name(text, options);
        const values = params.map((value, index) => {
          if (value === null || value === undefined) return null;
          const serialize = options?.serializers?.[types[index]!] ?? pg.serializers[types[index]!];
          return serialize ? serialize(value) : String(value);
        });
        const run = concatBytes([
          protocol.serialize.bind({ statement, values }),
          protocol.serialize.describe({ type: "P" }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]);
        const { messages } = await pg.execProtocol(run, { onNotice: options?.onNotice }).catch(async (error: unknown) => {
          // A table changed under the statement ("cached plan must not change result type"):
          // forget it, so the next run prepares the text again, as PostgreSQL clients do.
          if ((error as { code?: string }).code === PLAN_CHANGED) {
            statements.delete(text);
            await pg.execProtocol(concatBytes([protocol.serialize.close({ type: "S", name: statement }), protocol.serialize.sync()]), { syncToFs: false });
          }
          throw error;
        });
        return parse.parseResults(messages, pg.parsers, options)[0] as Results<T>;
      }),
    );
  }

  Object.defineProperty(pg, "query", { value: query, configurable: true, writable: true });
}
