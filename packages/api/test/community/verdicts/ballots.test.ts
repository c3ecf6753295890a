import { describe, expect, it } from "vitest";
import { BOTH_BAD, TIE, type VoteTable } from "../../../src/community/verdicts/fit";
import { recordsOf } from "../../../src/community/verdicts/records";
import { tabulateCounted, tabulatePublished } from "../../../src/community/verdicts/style-pool";
import type { BallotShape, Ballots } from "../../../src/community/verdicts/types";
import { seeded as prng } from "../../support/seeded";

/** Runs steps to their end. */
function run<T>(steps: Generator<void, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** Every field of a table as plain values, to compare two tables. */
const plain = (table: VoteTable) =>
  Object.fromEntries(Object.entries(table).map(([key, value]) => [key, ArrayBuffer.isView(value) ? Array.from(value as Int32Array) : value]));

/**
 * Ballots as the board gathers them: posts in column order, each voted on in one or two orders
 * (some pooled with enough others for their style figures, some not, some with several
 * categories, a prompt, one of one answer and one of nine, which the table leaves out), then
 * battles, each shown as listed; choices picked, tied and both bad; days.
 */
function ballotsFor(seed: number, posts: number, votes: number): Ballots {
  const random = prng(seed);
  const comparisons: BallotShape[] = [];
  const orders: number[][] = [];
  const ordersOf: number[][] = [];
  const models = (k: number) => Array.from({ length: k }, (_, i) => `m:${Math.floor(random() * 12)}-${i}`);
  for (let p = 0; p < posts; p++) {
    const k = p === 3 ? 1 : p === 4 ? 9 : 2 + (p % 3);
    const shown = models(k);
    // Figures shared by posts in groups of 6 (pooled), or their own (p % 7 === 0: left out); no markdown counts on some.
    const lengths = shown.map((_, i) => (p % 7 === 0 ? 100 + p * 37 + i * 11 : 100 * ((i + Math.floor(p / 6)) % 4)));
    const categories = p % 4 === 0 ? ["education", "health"] : undefined;
    comparisons.push({
      source: "post",
      comparisonId: `post:${p}`,
      shown,
      category: categories?.[0] ?? (p % 3 === 0 ? null : "general"),
      categories,
      promptId: p % 6 === 0 ? 40 + (p % 2) : null,
      lengths,
      markdown: p % 5 === 0 ? undefined : shown.map((_, i) => (i + p) % 3),
    });
    const column = Array.from({ length: k }, (_, i) => i);
    ordersOf.push([orders.push(column) - 1, ...(p % 2 ? [orders.push([...column].reverse()) - 1] : [])]);
  }
  for (let b = 0; b < 5; b++) {
    comparisons.push({
      source: "battle",
      comparisonId: `battle:${b}`,
      shown: models(2),
      category: "technology",
      categories: undefined,
      promptId: null,
      lengths: [300, 10 + b],
      markdown: [0, b],
    });
    ordersOf.push([orders.push([0, 1]) - 1]);
  }
  const days = ["2026-11-28", "2026-11-29", "2026-11-30"];
  const n = votes + 5;
  const ballots: Ballots = {
    count: n,
    comparisons,
    orders,
    comparison: new Int32Array(n),
    order: new Int32Array(n),
    choice: new Int8Array(n),
    day: new Int32Array(n),
    days,
  };
  for (let i = 0; i < n; i++) {
    const c = i < votes ? Math.floor(random() * posts) : posts + (i - votes);
    const own = ordersOf[c]!;
    const r = random();
    ballots.comparison[i] = c;
    ballots.order[i] = own[Math.floor(random() * own.length)]!;
    ballots.choice[i] = r < 0.1 ? TIE : r < 0.15 ? BOTH_BAD : Math.floor(random() * comparisons[c]!.shown.length);
    ballots.day[i] = Math.floor(random() * days.length);
  }
  return ballots;
}

describe("the board's table of ballots", () => {
  it("is the table of the ballots' records, style figures pooled as for records, written from each comparison once", () => {
    for (const seed of [1, 2, 3]) {
      const ballots = ballotsFor(seed, 60, 3000);
      const records = recordsOf(ballots);
      const fast = run(tabulateCounted(ballots));
      const reference = run(tabulatePublished(records));
      expect(plain(fast)).toEqual(plain(reference));
      // The cases the ballots were made to hold are in the table.
      expect(fast.votes).toBeLessThan(ballots.count);
      expect(Array.from(fast.styleGroup).filter((group) => group < 0).length).toBeGreaterThan(0);
      expect(Math.max(...fast.groupSize)).toBeGreaterThan(10);
      expect(fast.battle.reduce((sum, b) => sum + b, 0)).toBe(5);
    }
  });

  it("lists each ballot as a record: its comparison's models and figures in the order shown, its choice and its day", () => {
    const ballots = ballotsFor(4, 10, 50);
    const records = recordsOf(ballots);
    expect(records).toHaveLength(ballots.count);
    records.forEach((record, i) => {
      const comparison = ballots.comparisons[ballots.comparison[i]!]!;
      const order = ballots.orders[ballots.order[i]!]!;
      expect(record.shown).toEqual(order.map((column) => comparison.shown[column]));
      expect(record.lengths).toEqual(order.map((column) => comparison.lengths![column]));
      expect(record.day).toBe(ballots.days[ballots.day[i]!]);
      const choice = ballots.choice[i]!;
      expect(record.choice).toBe(choice === TIE ? "tie" : choice === BOTH_BAD ? "both_bad" : choice);
    });
  });
});
