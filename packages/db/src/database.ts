import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema";

export type Schema = typeof schema;
/** The Drizzle database every domain function takes: PostgreSQL through postgres.js or PGlite. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handed to `db.transaction(async (tx) => ...)`; usable wherever a Database is. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** A database or a transaction: what data functions accept. */
export type Executor = Database | Transaction;
