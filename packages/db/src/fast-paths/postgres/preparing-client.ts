import type { Sql } from "postgres";

type Unsafe = Sql["unsafe"];
type Callback = (sql: Sql) => unknown;

/**
 * A postgres.js client whose queries with parameters are prepared statements. Drizzle runs every
 * query through `unsafe`, which postgres.js sends unprepared unless told otherwise, so PostgreSQL
 * parsed and planned each of the app's queries anew on every run. Prepared, a statement is parsed
 * once per connection (postgres.js keeps them by text; connections are renewed every 30-60
 * minutes). A query without parameters may hold several statements (migrations) and stays as it
 * is; so does everything when the client was opened with `prepare: false` (for a pooler in
 * transaction mode). Transactions and savepoints hand their callbacks the same kind of client.
 */
export function preparingClient(client: Sql): Sql {
  if (client.options.prepare === false) return client;
  return wrap(client);
}

function wrap<T extends Sql>(client: T): T {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "unsafe") {
        const unsafe: Unsafe = (query, parameters, options) =>
          parameters && parameters.length > 0 ? target.unsafe(query, parameters, { ...options, prepare: true }) : target.unsafe(query, parameters, options);
        return unsafe;
      }
      if (property === "begin" || property === "savepoint") {
        const start = Reflect.get(target, property, receiver) as (...args: unknown[]) => unknown;
        return (...args: unknown[]) => {
          const callback = args.at(-1) as Callback;
          return start.apply(target, [...args.slice(0, -1), (inner: Sql) => callback(wrap(inner))]);
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
}
