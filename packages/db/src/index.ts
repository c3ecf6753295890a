export { batchesOf, ROWS_PER_INSERT } from "./batches";
export { DatabaseLockedError } from "./dir-lock";
export { isDatabaseUnavailable } from "./unavailable";
export { createDb, type CreateDbOptions, type Database, type DbHandle, type Executor, type Transaction } from "./client";
export { libraryMismatch } from "./fast-paths";
export { whenQuiet } from "./quiet";
export { migrate, MigrationError, resultRows, type MigrationResult } from "./migrate";
export { CASING, columnNames, setColumns, statementName } from "./statement";
export * from "./schema";
