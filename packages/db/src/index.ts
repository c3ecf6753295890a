export { createDb, type CreateDbOptions, type Database, type DbHandle, type Executor, type Transaction } from "./client";
export { migrate, MigrationError, resultRows, type MigrationResult } from "./migrate";
export { CASING, columnNames, joinStatements, renderQuery, renderStatement, runStatement, setColumns, Statement, stmt } from "./statement";
export * from "./schema";
