import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@parley/db";
import { createTestDb } from "@parley/db/testing";
import { createOidcAdapterFactory } from "../src/adapter";

let t: DbHandle;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

describe("the provider's storage adapter", () => {
  it("keeps a payload until it expires or is destroyed, finds it by user code and uid, and revokes by grant", async () => {
    const adapterFor = createOidcAdapterFactory(t.db);
    const sessions = adapterFor("Session");
    const codes = adapterFor("AuthorizationCode");

    await sessions.upsert("s1", { uid: "uid-1", accountId: "acc" }, 60);
    expect(await sessions.find("s1")).toMatchObject({ uid: "uid-1", accountId: "acc" });
    expect(await sessions.findByUid("uid-1")).toMatchObject({ accountId: "acc" });
    // The same id under another model is another record.
    expect(await codes.find("s1")).toBeUndefined();

    await codes.upsert("c1", { grantId: "g1" }, 60);
    await codes.upsert("c2", { grantId: "g2" }, 60);
    await codes.revokeByGrantId("g1");
    expect(await codes.find("c1")).toBeUndefined();
    expect(await codes.find("c2")).toMatchObject({ grantId: "g2" });

    await codes.consume("c2");
    expect(await codes.find("c2")).toMatchObject({ consumed: expect.any(Number) });

    await sessions.destroy("s1");
    expect(await sessions.find("s1")).toBeUndefined();

    await sessions.upsert("expired", { uid: "uid-2" }, -1);
    expect(await sessions.find("expired")).toBeUndefined();
  });
});
