import { describe, expect, it } from "vitest";
import { estimateInputTokens, estimateTokens, REQUEST_OVERHEAD_TOKENS } from "../src";

describe("the token estimate", () => {
  it("rounds a text's characters up to whole tokens of four, counting an emoji as one character", () => {
    expect(estimateTokens("")).toBe(0);
    expect(estimateTokens("abcd")).toBe(1);
    expect(estimateTokens("abcde")).toBe(2);
    expect(estimateTokens("👋🏽👋🏽")).toBe(1);
  });

  it("counts a request's texts together and rounds up once, then adds the request's overhead", () => {
    // Three texts of 3, 5 and 1 characters: 9 together, 3 tokens (rounded up each, they would be 1 + 2 + 1 = 4).
    const request = {
      system: "abc",
      messages: [
        { role: "user" as const, content: "abcde" },
        { role: "assistant" as const, content: "x" },
      ],
    };
    expect(REQUEST_OVERHEAD_TOKENS).toBe(4);
    expect(estimateInputTokens(request)).toBe(3 + 4);
    expect(estimateInputTokens({ messages: [{ role: "user", content: "" }] })).toBe(4);
  });
});
