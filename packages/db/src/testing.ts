import { createHash, randomBytes } from "node:crypto";
import { cpSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { createDb, type DbHandle } from "./client";
import { migrate } from "./migrate";
import { MIGRATIONS } from "./migrations.gen";

/**
 * What a migrated test database is built from: the migrations and the engine's version. A change
 * to either gives a new key, so a template is never reused across them.
 */
const TEMPLATE_KEY = createHash("sha256")
  .update(JSON.stringify(MIGRATIONS.map((m) => m.hash)))
  .update(readFileSync(new URL("../node_modules/@electric-sql/pglite/package.json", import.meta.url)))
  .digest("hex")
  .slice(0, 16);

/**
 * A migrated PGlite data directory, built once per machine and migration set and kept in the
 * temporary directory: starting from it takes a fraction of initdb plus every migration, which
 * every test file would otherwise pay.
 */
async function pgliteTemplate(): Promise<Blob> {
  const path = join(tmpdir(), `parley-pglite-template-${TEMPLATE_KEY}.tar`);
  if (!existsSync(path)) {
    const handle = await createDb("memory://");
    try {
      await migrate(handle.db);
      const client = (handle.db as unknown as { $client: PGlite }).$client;
      const dump = await client.dumpDataDir("none");
      // Written aside and renamed: files starting at once never read half a template.
      const partial = `${path}.${process.pid}.${randomBytes(4).toString("hex")}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, path);
    } finally {
      await handle.close();
    }
  }
  return new Blob([readFileSync(path)]);
}

/**
 * The PGlite template unpacked into a data directory, once per machine and migration set (a
 * directory written aside and renamed, as the template file is).
 */
async function pgliteTemplateDir(): Promise<string> {
  const path = join(tmpdir(), `parley-pglite-template-${TEMPLATE_KEY}.dir`);
  if (!existsSync(join(path, "PG_VERSION"))) {
    const partial = `${path}.${process.pid}.${randomBytes(4).toString("hex")}`;
    const client = new PGlite(partial, { loadDataDir: await pgliteTemplate() });
    try {
      await client.waitReady;
    } finally {
      await client.close();
    }
    try {
      renameSync(partial, path);
    } catch {
      // Another test file unpacked it first.
      rmSync(partial, { recursive: true, force: true });
    }
  }
  return path;
}

/**
 * A migrated PGlite data directory at `dir` (which must not hold a database yet), copied from the
 * template. For tests that start the server as a process on a data directory and are not about a
 * first start: each would otherwise pay initdb and every migration in the server.
 */
export async function createTestDataDir(dir: string): Promise<void> {
  cpSync(await pgliteTemplateDir(), dir, { recursive: true });
}

/**
 * A migrated PostgreSQL template database on the server, created once per migration set under an
 * advisory lock (test files start in parallel); a new test database is a copy of it.
 */
async function postgresTemplate(admin: postgres.Sql, adminUrl: string): Promise<string> {
  const name = `parley_template_${TEMPLATE_KEY}`;
  await admin`select pg_advisory_lock(hashtext('parley test template'))`;
  try {
    const [found] = await admin`select 1 from pg_database where datname = ${name}`;
    if (found) return name;
    const building = `${name}_building`;
    await admin.unsafe(`drop database if exists "${building}" with (force)`);
    await admin.unsafe(`create database "${building}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const handle = await createDb(url.toString(), { maxConnections: 1 });
    try {
      await migrate(handle.db);
    } finally {
      await handle.close();
    }
    // Templates of other migration sets stay: checkouts on other commits may be using them.
    await admin.unsafe(`alter database "${building}" rename to "${name}"`);
    return name;
  } finally {
    await admin`select pg_advisory_unlock(hashtext('parley test template'))`;
  }
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or, when TEST_DATABASE_URL
 * names a PostgreSQL server, a new database on it that `close()` drops again. Both start from a
 * migrated template, unless `migrations` names the ones to apply (to test a migration over data
 * stored before it): then they start empty.
 */
export async function createTestDb(options: { migrations?: Parameters<typeof migrate>[1] } = {}): Promise<DbHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const handle = await createDb("memory://", options.migrations ? {} : { loadDataDir: await pgliteTemplate() });
    await migrate(handle.db, options.migrations);
    return handle;
  }
  const name = `parley_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const template = options.migrations ? "template1" : await postgresTemplate(admin, adminUrl);
    await admin.unsafe(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await createDb(url.toString(), { maxConnections: 5 });
  await migrate(handle.db, options.migrations);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = postgres(adminUrl, { max: 1, onnotice: () => {} });
      try {
        await dropper.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
