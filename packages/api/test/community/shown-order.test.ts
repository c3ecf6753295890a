import { describe, expect, it } from "vitest";
import { columnOrder, isOrderOf, shownOrderFor } from "../../src/community/post/shown-order";

const KEY = "6f1c2b1e-3a7d-4c55-9a0e-2d4b7f9e1c33";
const viewer = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`;
const factorial = (n: number): number => (n <= 1 ? 1 : n * factorial(n - 1));

/** Pearson's chi-square statistic of observed counts against equal expected counts. */
function chiSquare(counts: number[], total: number) {
  const expected = total / counts.length;
  return counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
}

describe("the order a viewer is shown a comparison's columns in", () => {
  it("is a permutation of the columns, the same every time for one viewer and post", () => {
    for (const columns of [2, 3, 4]) {
      for (let i = 0; i < 50; i++) {
        const order = shownOrderFor(KEY, viewer(i), columns);
        expect(isOrderOf(order, columns)).toBe(true);
        expect(shownOrderFor(KEY, viewer(i), columns)).toEqual(order);
      }
    }
  });

  it("is spread evenly over every order across 24,000 viewers (chi-square, 2 to 4 columns), and over each place", () => {
    const viewers = 24_000;
    for (const columns of [2, 3, 4]) {
      const orders = new Map<string, number>();
      const atPlace = Array.from({ length: columns }, () => new Array<number>(columns).fill(0));
      for (let i = 0; i < viewers; i++) {
        const order = shownOrderFor(KEY, viewer(i), columns);
        orders.set(order.join(""), (orders.get(order.join("")) ?? 0) + 1);
        order.forEach((column, place) => atPlace[place]![column]!++);
      }
      // Every one of the k! orders occurs.
      expect(orders.size).toBe(factorial(columns));
      // Critical values at p = 0.001 for 1, 5 and 23 degrees of freedom: 10.83, 20.52, 49.73.
      const critical = { 2: 10.83, 3: 20.52, 4: 49.73 }[columns]!;
      expect(chiSquare([...orders.values()], viewers)).toBeLessThan(critical);
      // Each column is shown first (and at every place) about as often as any other: no position bias.
      for (const counts of atPlace) for (const count of counts) expect(Math.abs(count / viewers - 1 / columns)).toBeLessThan(0.02);
    }
  });

  it("differs between posts for the same viewer (each post has its own key)", () => {
    const keys = Array.from({ length: 200 }, (_, i) => `key-${i}`);
    const orders = new Set(keys.map((key) => shownOrderFor(key, viewer(1), 4).join("")));
    expect(orders.size).toBeGreaterThan(20);
  });

  it("reads back only a stored order that is a permutation of the columns", () => {
    expect(isOrderOf([2, 0, 1], 3)).toBe(true);
    expect(isOrderOf(columnOrder(4), 4)).toBe(true);
    for (const bad of [null, undefined, [0, 1], [0, 0, 1], [0, 1, 3], [0, 1, 2, 3]]) expect(isOrderOf(bad, 3)).toBe(false);
  });
});
