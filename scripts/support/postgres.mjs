// PostgreSQL helpers for the test command and the e2e servers: is a server there, and a fresh
// database per run that is dropped afterwards.
import { randomBytes } from "node:crypto";
import postgres from "postgres";

/** Where the test command looks for PostgreSQL when TEST_DATABASE_URL is not set. */
export const DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/postgres";

/** Resolves to null when `url` answers `select 1`, or to the reason it does not. */
export async function probePostgres(url, timeoutSeconds = 3) {
  const sql = postgres(url, { max: 1, connect_timeout: timeoutSeconds, onnotice: () => {} });
  try {
    await sql`select 1`;
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

/** Creates an empty database named `<prefix>_<time>_<random>` on the server of `adminUrl`; returns its URL and name. */
export async function createDatabase(adminUrl, prefix) {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  await withAdmin(adminUrl, (sql) => sql.unsafe(`create database "${name}"`));
  return { name, url: databaseUrl(adminUrl, name) };
}

/** The URL of database `name` on the server `adminUrl` points at. */
export function databaseUrl(adminUrl, name) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops the database even while connections are still open. */
export async function dropDatabase(adminUrl, name) {
  await withAdmin(adminUrl, (sql) => sql.unsafe(`drop database if exists "${name}" with (force)`));
}

/** Hides the password of a connection URL for messages. */
export function redactUrl(url) {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");
}

async function withAdmin(adminUrl, action) {
  const sql = postgres(adminUrl, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    await action(sql);
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}
