import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { estimateInputTokens } from "@parley/ai";
import { resultRows, type DbHandle } from "@parley/db";
import { createTestDb } from "@parley/db/testing";
import { inputEstimateSql, MAX_REPLY_TOKENS, MIN_REPLY_TOKENS, replyTokenLimit } from "../../src/account/subscription/budget";

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

describe("the input estimate a reservation starts from", () => {
  let t: DbHandle;
  beforeAll(async () => {
    t = await createTestDb();
  }, 120_000);
  afterAll(() => t.close());

  const inSql = async (texts: string[]) => {
    const characters = sql.join(
      texts.map((text) => sql`length(${text}::text)`),
      sql` + `,
    );
    const [row] = resultRows<{ tokens: number }>(await t.db.execute(sql`select ${inputEstimateSql(characters)} as tokens`));
    return Number(row!.tokens);
  };

  it("is the same in SQL over stored text as in TypeScript, multi-byte and emoji text included", async () => {
    for (const text of TEXTS) {
      expect({ text, tokens: await inSql([text]) }).toEqual({ text, tokens: estimateInputTokens({ messages: [{ role: "user", content: text }] }) });
    }
  });

  it("counts a request's texts together and rounds up once, plus the request's 4 tokens", async () => {
    // 3 + 5 + 1 characters: 3 tokens together (rounded up one by one they would be 4), and 4 for the request.
    const texts = ["abc", "abcde", "x"];
    const request = {
      system: texts[0],
      messages: [
        { role: "user" as const, content: texts[1]! },
        { role: "assistant" as const, content: texts[2]! },
      ],
    };
    expect(estimateInputTokens(request)).toBe(7);
    expect(await inSql(texts)).toBe(7);
  });

  it("asks a platform-paid reply for what its reservation holds beyond the input, never under the floor", () => {
    expect(replyTokenLimit({ userId: "u", reserved: 107, free: true }, 7)).toBe(100);
    expect(replyTokenLimit({ userId: "u", reserved: 10, free: true }, 7)).toBe(MIN_REPLY_TOKENS);
    expect(replyTokenLimit(undefined, 7)).toBe(MAX_REPLY_TOKENS);
  });
});
