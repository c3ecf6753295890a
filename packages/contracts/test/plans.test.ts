import { describe, expect, it } from "vitest";
import { planBadgeLabel, planFromType } from "../src";

describe("plan badge", () => {
  it("names the plan and the tokens left, Basic included", () => {
    expect(planBadgeLabel("free", 500)).toBe("Free (500 tokens left)");
    expect(planBadgeLabel("basic", 1200)).toBe("Basic (1200 tokens left)");
    expect(planBadgeLabel("pro", 300000)).toBe("Pro (300000 tokens left)");
  });

  it("never shows a negative balance", () => {
    expect(planBadgeLabel("free", -20)).toBe("Free (0 tokens left)");
  });

  it("maps subscription types to plans, anything unknown to free", () => {
    expect([planFromType("PREMIUM"), planFromType("BASE"), planFromType("FREE"), planFromType(null), planFromType("BASIC")]).toEqual([
      "pro",
      "basic",
      "free",
      "free",
      "free",
    ]);
  });
});
