import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createModelRoutes, type KeyPolicy } from "@parley/ai";
import { resultRows, type DbHandle } from "@parley/db";
import { createTestDb } from "@parley/db/testing";
import { payerSql } from "../../src/account/subscription/payer";

const config = {
  demo: true,
  openai: { apiKey: "sk-platform-openai", models: ["gpt-4o-mini"] },
  anthropic: { models: ["claude-haiku-4-5"] },
  compatible: [{ id: "groq", name: "Groq", baseURL: "https://groq.test/v1", apiKey: "gsk-platform", models: ["llama"] }],
};
const routes = createModelRoutes(config);
const policy = (modelId: string): KeyPolicy => routes.keyPolicy(modelId)!;

/**
 * The whole truth table: one model for each key policy (an own-key service or none × a platform
 * key or none), each with and without the user's own key stored, and who pays.
 */
const CASES = [
  { model: "openai:gpt-4o-mini", own: true, payer: "user" },
  { model: "openai:gpt-4o-mini", own: false, payer: "platform" },
  { model: "anthropic:claude-haiku-4-5", own: true, payer: "user" },
  { model: "anthropic:claude-haiku-4-5", own: false, payer: null },
  { model: "groq:llama", own: true, payer: "platform" },
  { model: "groq:llama", own: false, payer: "platform" },
  { model: "demo:parley-demo", own: true, payer: "free" },
  { model: "demo:parley-demo", own: false, payer: "free" },
] as const;

describe("who pays for a reply", () => {
  let t: DbHandle;
  beforeAll(async () => {
    t = await createTestDb();
  }, 120_000);
  afterAll(() => t.close());

  it("the cases cover every key policy, with and without an own key", () => {
    const covered = new Set(CASES.map((c) => JSON.stringify([policy(c.model).ownKey !== null, policy(c.model).platformKey, c.own])));
    expect(covered.size).toBe(8);
  });

  it("is the user's own key first, then the platform's; a model with neither kind of key is free, one that needs an own key the user lacks has nobody", async () => {
    for (const c of CASES) {
      const p = policy(c.model);
      // A stored key is passed even for a model with no own-key service: the rule must ignore it.
      const [row] = resultRows<{ payer: string | null }>(
        await t.db.execute(
          sql`select ${payerSql({ ownKey: sql`${p.ownKey}::text`, platformKey: sql`${p.platformKey}::boolean` }, sql`${c.own ? "sealed" : null}::text`)} as payer`,
        ),
      );
      expect({ ...c, payer: row!.payer }).toEqual(c);
    }
  });

  it("is what the model's route uses, whenever a route exists", () => {
    for (const c of CASES) {
      const keys = c.own ? { openai: "sk-own-openai", anthropic: "sk-ant-own" } : {};
      const route = routes.resolve(c.model, keys);
      expect({ ...c, payer: route?.keySource ?? null }).toEqual(c);
    }
  });
});
