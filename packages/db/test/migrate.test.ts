import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { readMigrations, renderMigrations } from "../scripts/embed-migrations.mjs";
import { createDb, migrate, MigrationError, resultRows, type DbHandle } from "../src";
import { MIGRATIONS } from "../src/migrations.gen";
import { createTestDb } from "../src/testing";

const handles: DbHandle[] = [];
async function fresh() {
  const handle = await createTestDb();
  handles.push(handle);
  return handle;
}
afterEach(async () => {
  await Promise.all(handles.splice(0).map((h) => h.close()));
});

async function tableNames(handle: DbHandle) {
  const rows = resultRows<{ table_name: string }>(await handle.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public'`));
  return rows.map((r) => r.table_name).sort();
}

describe("migrations", () => {
  it("embedded migrations match the generated SQL files", async () => {
    const { readFileSync } = await import("node:fs");
    const onDisk = readFileSync(new URL("../src/migrations.gen.ts", import.meta.url), "utf8");
    expect(onDisk).toBe(renderMigrations(readMigrations()));
  });

  it("creates every table and is a no-op the second time", async () => {
    const handle = await fresh();
    expect(await tableNames(handle)).toEqual(
      expect.arrayContaining([
        "users",
        "chat_sessions",
        "chat_entries",
        "posts",
        "post_likes",
        "comments",
        "subscriptions",
        "stripe_events",
        "usage_ledger",
        "models",
        "prompts",
        "user_provider_keys",
      ]),
    );
    await expect(migrate(handle.db)).resolves.toEqual({ applied: [] });
  });

  it("two instances migrating together apply each migration once", async () => {
    const handle = await fresh();
    const extra = [{ tag: "9999_probe", hash: "probe", sql: "create table probe_race (id int primary key)" }];
    const all = [...MIGRATIONS, ...extra];
    let other: DbHandle | undefined;
    if (handle.kind === "postgres") {
      // A second connection pool to the same database, as a second server instance would have.
      const { rows } = { rows: resultRows<{ db: string }>(await handle.db.execute(sql`select current_database() as db`)) };
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${rows[0]!.db}`;
      other = await createDb(url.toString());
    }
    const results = await Promise.all([migrate(handle.db, all), migrate((other ?? handle).db, all)]);
    await other?.close();
    expect(results.map((r) => r.applied).flat()).toEqual(["9999_probe"]);
  });

  it("a failing migration rolls back and reports which one failed", async () => {
    const handle = await fresh();
    const broken = [
      ...MIGRATIONS,
      { tag: "9998_broken", hash: "x", sql: "create table ok_part (id int);\n--> statement-breakpoint\nselect * from no_such_table" },
    ];
    await expect(migrate(handle.db, broken)).rejects.toThrow(MigrationError);
    await expect(migrate(handle.db, broken)).rejects.toThrow(/9998_broken failed: .*no_such_table/);
    expect(await tableNames(handle)).not.toContain("ok_part");
  });

  it("refuses a migration that changed after it was applied", async () => {
    const handle = await fresh();
    const changed = MIGRATIONS.map((m, i) => (i === 0 ? { ...m, hash: "edited" } : m));
    await expect(migrate(handle.db, changed)).rejects.toThrow(/changed after being applied/);
  });
});
