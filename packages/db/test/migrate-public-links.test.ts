import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, resultRows, type DbHandle } from "../src";
import { MIGRATIONS } from "../src/migrations.gen";
import { createTestDb } from "../src/testing";

const BEFORE_HASHES = MIGRATIONS.findIndex((m) => m.tag.startsWith("0006"));
const POST_TOKEN = "AbCdEfGhIjKlMnOpQrStUvWx";
const SESSION_TOKEN = "zyx-WVU_tsrqponmlkjihgfe";
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

let handle: DbHandle;
beforeAll(async () => {
  expect(BEFORE_HASHES).toBeGreaterThan(0);
  // A database as it was while public-link tokens were stored in plain text, with two links.
  handle = await createTestDb({ migrations: MIGRATIONS.slice(0, BEFORE_HASHES) });
  const run = (query: ReturnType<typeof sql>) => handle.db.execute(query);
  await run(sql`insert into users (id, issuer, subject, email, name, nickname) values
    ('00000000-0000-0000-0000-00000000000a', 'test', 'old-a', 'a@example.com', 'A', 'a')`);
  await run(sql`insert into chat_sessions (id, user_id, description, shared_at) values (201, '00000000-0000-0000-0000-00000000000a', 'shared', now())`);
  await run(sql`insert into posts (id, user_id, description) overriding system value values (301, '00000000-0000-0000-0000-00000000000a', 'a post')`);
  await run(sql`insert into public_links (token, post_id, listed) values (${POST_TOKEN}, 301, true)`);
  await run(sql`insert into public_links (token, session_id) values (${SESSION_TOKEN}, 201)`);
  expect((await migrate(handle.db)).applied.map((tag) => tag.slice(0, 4))).toContain("0006");
}, 60_000);
afterAll(() => handle?.close());

type Row = { token_hash: string; legacy_token: string | null; sealed_token: string | null; post_id: number | null; session_id: number | null; listed: boolean };
const rows = async () =>
  resultRows<Row>(
    await handle.db.execute(sql`select token_hash, legacy_token, sealed_token, post_id, session_id::int, listed from public_links order by token_hash`),
  );

describe("public links stored with plain-text tokens", () => {
  it("are found by the token's SHA-256 (hex, as the server computes it) and keep their target and listing", async () => {
    const byHash = new Map((await rows()).map((row) => [row.token_hash, row]));
    expect(byHash.get(sha256(POST_TOKEN))).toMatchObject({ post_id: 301, session_id: null, listed: true });
    expect(byHash.get(sha256(SESSION_TOKEN))).toMatchObject({ post_id: null, session_id: 201, listed: false });
  });

  it("keep the token aside, unsealed, for the server's next start to seal", async () => {
    const all = await rows();
    expect(all.map((row) => [row.legacy_token, row.sealed_token]).sort()).toEqual([
      [POST_TOKEN, null],
      [SESSION_TOKEN, null],
    ]);
  });

  it("the hash is the key: a second link with the same hash is refused, a new link needs no plain token", async () => {
    await expect(handle.db.execute(sql`insert into public_links (token_hash, session_id) values (${sha256(POST_TOKEN)}, null)`)).rejects.toThrow();
    await handle.db.execute(
      sql`insert into chat_sessions (id, user_id, description, shared_at) values (202, '00000000-0000-0000-0000-00000000000a', 'new', now())`,
    );
    await handle.db.execute(sql`insert into public_links (token_hash, sealed_token, session_id) values (${sha256("new")}, 'v1.x', 202)`);
    expect((await rows()).length).toBe(3);
  });
});
