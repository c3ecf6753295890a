import { describe, expect, it } from "vitest";
import { pairKey, pickBattlePair } from "../../../src/conversation/chat/battle/sampling";
import { styleOf } from "../../../src/conversation/chat/battle/style";
import { seeded } from "../../support/seeded";

describe("drawing a battle's pair", () => {
  it("draws each pair in proportion to 1 / (1 + its battles), two different models, A and B by a fair coin", () => {
    const counts = new Map([
      [pairKey("a", "b"), 0],
      [pairKey("c", "a"), 1],
      [pairKey("b", "c"), 3],
    ]);
    const random = seeded(29);
    const drawn = new Map<string, number>();
    let aFirst = 0;
    const draws = 14_000;
    for (let i = 0; i < draws; i++) {
      const [first, second] = pickBattlePair(["a", "b", "c"], counts, random);
      expect(first).not.toBe(second);
      drawn.set(pairKey(first, second), (drawn.get(pairKey(first, second)) ?? 0) + 1);
      if (first < second) aFirst++;
    }
    // Weights 1, 1/2 and 1/4: shares 4/7, 2/7 and 1/7.
    expect((drawn.get(pairKey("a", "b")) ?? 0) / draws).toBeCloseTo(4 / 7, 1);
    expect((drawn.get(pairKey("a", "c")) ?? 0) / draws).toBeCloseTo(2 / 7, 1);
    expect((drawn.get(pairKey("b", "c")) ?? 0) / draws).toBeCloseTo(1 / 7, 1);
    expect(aFirst / draws).toBeCloseTo(0.5, 1);
  });

  it("draws only among the models given, and a pair unseen beats one seen a million times", () => {
    const counts = new Map([
      [pairKey("x", "y"), 1_000_000],
      [pairKey("x", "z"), 1_000_000],
      [pairKey("w", "z"), 0],
    ]);
    const random = seeded(7);
    for (let i = 0; i < 200; i++) {
      const pair = pickBattlePair(["x", "y", "z"], counts, random);
      expect([...pair].sort()).toEqual(["y", "z"]);
    }
  });

  it("needs two different models", () => {
    expect(() => pickBattlePair(["x", "x"], new Map(), Math.random)).toThrow(/at least two models/);
  });
});

describe("an answer's style", () => {
  it("counts characters and markdown headers and list items, not inside code fences", () => {
    expect(styleOf("## Plan\n- one\n2. two\n```\n# not a header\n- not an item\n```\nDone 😀")).toEqual({ length: 64, markdown: 3 });
  });
});
