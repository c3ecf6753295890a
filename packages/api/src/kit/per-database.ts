/**
 * One value per database handle, made on first use and dropped with the handle: what a process
 * keeps for a database (remembered viewers, prepared queries, word statistics). Tests open many
 * databases in one process, so nothing of one may answer for another.
 */
export function perDatabase<Db extends object, T>(create: (db: Db) => T): (db: Db) => T {
  const values = new WeakMap<Db, T>();
  return (db) => {
    let value = values.get(db);
    if (value === undefined) values.set(db, (value = create(db)));
    return value;
  };
}
