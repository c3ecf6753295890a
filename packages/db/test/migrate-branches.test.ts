import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, resultRows, type DbHandle } from "../src";
import { MIGRATIONS } from "../src/migrations.gen";
import { createTestDb } from "../src/testing";

const BEFORE_BRANCHES = MIGRATIONS.findIndex((m) => m.tag.startsWith("0002"));

let handle: DbHandle;
beforeAll(async () => {
  expect(BEFORE_BRANCHES).toBeGreaterThan(0);
  // A database as it was before conversations became trees, with conversations stored then.
  handle = await createTestDb({ migrations: MIGRATIONS.slice(0, BEFORE_BRANCHES) });
  const run = (query: ReturnType<typeof sql>) => handle.db.execute(query);
  await run(sql`insert into users (id, issuer, subject, email, name, nickname) values
    ('00000000-0000-0000-0000-00000000000a', 'test', 'old-a', 'a@example.com', 'A', 'a'),
    ('00000000-0000-0000-0000-00000000000b', 'test', 'old-b', 'b@example.com', 'B', 'b')`);
  await run(sql`insert into chat_sessions (id, user_id, description, shared_at) values
    (101, '00000000-0000-0000-0000-00000000000a', 'three exchanges, shared', now()),
    (102, '00000000-0000-0000-0000-00000000000b', 'two exchanges, same time', null),
    (103, '00000000-0000-0000-0000-00000000000a', 'empty', null)`);
  // Inserted out of order, and two with the same time: the order is time, then id.
  await run(sql`insert into chat_entries (session_id, message_content, response_content, created_at) values
    (101, 'second', 'r2', '2025-01-01T10:02:00Z'),
    (101, 'first', 'r1', '2025-01-01T10:01:00Z'),
    (102, 'b-first', 'r', '2025-01-02T00:00:00Z'),
    (102, 'b-second', 'r', '2025-01-02T00:00:00Z'),
    (101, 'third', 'r3', '2025-01-01T10:03:00Z')`);
  expect((await migrate(handle.db)).applied.map((tag) => tag.slice(0, 4))).toContain("0002");
  // Creating and migrating an embedded database twice can take a while on a busy machine.
}, 60_000);
afterAll(() => handle?.close());

type Row = { session_id: number; message_content: string; id: number; parent_entry_id: number | null };
async function entries(sessionId: number) {
  return resultRows<Row>(
    await handle.db.execute(
      sql`select session_id::int, message_content, id::int, parent_entry_id::int from chat_entries where session_id = ${sessionId} order by created_at, id`,
    ),
  );
}
async function session(sessionId: number) {
  const [row] = resultRows<{ active_entry_id: number | null; shared_entry_id: number | null; compare_models: string[] | null }>(
    await handle.db.execute(sql`select active_entry_id::int, shared_entry_id::int, compare_models from chat_sessions where id = ${sessionId}`),
  );
  return row!;
}

describe("conversations stored before branches become single branches", () => {
  it("each exchange's parent is the one before it, and the session is on (and shares) its latest", async () => {
    const rows = await entries(101);
    expect(rows.map((r) => r.message_content)).toEqual(["first", "second", "third"]);
    expect(rows.map((r) => r.parent_entry_id)).toEqual([null, rows[0]!.id, rows[1]!.id]);
    expect(await session(101)).toEqual({ active_entry_id: rows[2]!.id, shared_entry_id: rows[2]!.id, compare_models: null });
  });

  it("exchanges stored at the same time keep their order by id, and an unshared session shares nothing", async () => {
    const rows = await entries(102);
    expect(rows.map((r) => r.message_content)).toEqual(["b-first", "b-second"]);
    expect(rows.map((r) => r.parent_entry_id)).toEqual([null, rows[0]!.id]);
    expect(await session(102)).toEqual({ active_entry_id: rows[1]!.id, shared_entry_id: null, compare_models: null });
  });

  it("a session without exchanges is on none", async () => {
    expect(await session(103)).toEqual({ active_entry_id: null, shared_entry_id: null, compare_models: null });
  });
});
