import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createModelRouter, type KeyPolicy } from "@parley/ai";
import { resultRows, type DbHandle } from "@parley/db";
import { createTestDb } from "@parley/db/testing";
import { payerOf, payerSql } from "../../src/account/subscription/payer";

const config = {
  demo: true,
  openai: { apiKey: "sk-platform-openai", models: ["gpt-4o-mini"] },
  anthropic: { models: ["claude-haiku-4-5"] },
  compatible: [{ id: "groq", name: "Groq", baseURL: "https://groq.test/v1", apiKey: "gsk-platform", models: ["llama"] }],
};
const router = createModelRouter(config);
const policy = (modelId: string): KeyPolicy => router.keyPolicy(modelId)!;

/** Each case: a model, whether the user stored their own key for its service, and who pays. */
const CASES = [
  { model: "openai:gpt-4o-mini", own: true, payer: "user" },
  { model: "openai:gpt-4o-mini", own: false, payer: "platform" },
  { model: "anthropic:claude-haiku-4-5", own: true, payer: "user" },
  { model: "anthropic:claude-haiku-4-5", own: false, payer: null },
  { model: "groq:llama", own: false, payer: "platform" },
  { model: "demo:parley-demo", own: false, payer: "free" },
] as const;

describe("who pays for a reply", () => {
  let t: DbHandle;
  beforeAll(async () => {
    t = await createTestDb();
  }, 120_000);
  afterAll(() => t.close());

  it("is the user's own key first, then the platform's; a model with neither kind of key is free, one that needs an own key the user lacks has nobody", () => {
    for (const c of CASES) expect({ ...c, payer: payerOf(policy(c.model), c.own) }).toEqual(c);
  });

  it("is what the model's route uses, whenever a route exists", () => {
    for (const c of CASES) {
      const keys = c.own ? { openai: "sk-own-openai", anthropic: "sk-ant-own" } : {};
      const route = router.resolve(c.model, keys);
      expect({ ...c, payer: route?.keySource ?? null }).toEqual(c);
    }
  });

  it("is the same inside a statement", async () => {
    for (const c of CASES) {
      const p = policy(c.model);
      const [row] = resultRows<{ payer: string | null }>(
        await t.db.execute(sql`select ${payerSql({ ownKey: sql`${p.ownKey}::text`, platformKey: sql`${p.platformKey}::boolean` }, sql`${c.own ? "sealed" : null}::text`)} as payer`),
      );
      expect({ ...c, payer: row!.payer }).toEqual(c);
    }
  });
});
