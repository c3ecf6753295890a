import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { estimateTokens } from "@parley/ai";
import { runStatement, type DbHandle } from "@parley/db";
import { createTestDb } from "@parley/db/testing";
import { estimatedTokensSql } from "../../../../src/conversation/chat/send/budget";

const TEXTS = [
  "",
  "Hi",
  "What is the capital of France?",
  "naïve café, crème brûlée",
  "日本語の文章を要約してください。",
  "👋🏽 hello 🎉🎉",
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 math letters",
  "long ".repeat(1000),
];

describe("the send's token estimate", () => {
  let t: DbHandle;
  beforeAll(async () => {
    t = await createTestDb();
  }, 120_000);
  afterAll(() => t.close());

  it("is the same in SQL over stored text as in TypeScript, multi-byte and emoji text included", async () => {
    for (const text of TEXTS) {
      const [row] = await runStatement<{ tokens: number }>(t.db, sql`select ${estimatedTokensSql(sql`length(${text}::text)`)} as tokens`);
      expect({ text, tokens: Number(row!.tokens) }).toEqual({ text, tokens: estimateTokens(text) });
    }
  });
});
