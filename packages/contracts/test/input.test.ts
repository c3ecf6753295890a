import { describe, expect, it } from "vitest";
import { int4Id, isStorableText, storableText } from "../src/input";

describe("storableText", () => {
  it("accepts any well-formed text, emoji and other languages included", () => {
    for (const text of ["", "hello", "naïve café", "日本語", "👩‍💻 done", "tab\tand\nnewline"]) expect(isStorableText(text)).toBe(true);
  });

  it("refuses NUL and unpaired surrogates, which PostgreSQL cannot store as given", () => {
    for (const text of ["a\u0000b", "\ud800", "a\udc00", "\ud83d"]) expect(isStorableText(text)).toBe(false);
    const parsed = storableText().safeParse("a\u0000b");
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/^must not contain NUL characters/);
  });
});

describe("int4Id", () => {
  it("takes ids up to 2147483647, digits from a path too", () => {
    expect(int4Id("a post id").parse("2147483647")).toBe(2_147_483_647);
    expect(int4Id("a post id").safeParse(2_147_483_648).error?.issues[0]?.message).toBe("must be a post id of at most 2147483647");
    expect(int4Id("a post id").safeParse(0).success).toBe(false);
  });
});
