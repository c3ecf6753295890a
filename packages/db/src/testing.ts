import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { createDb, type DbHandle } from "./client";
import { migrate } from "./migrate";

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or, when TEST_DATABASE_URL
 * names a PostgreSQL server, a new database on it that `close()` drops again. `migrations` applies
 * only those (to test a migration over data stored before it).
 */
export async function createTestDb(options: { migrations?: Parameters<typeof migrate>[1] } = {}): Promise<DbHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const handle = await createDb("memory://");
    await migrate(handle.db, options.migrations);
    return handle;
  }
  const name = `parley_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
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
