import { describe, expect, it } from "vitest";
import {
  categorySubsets,
  fitRatings,
  fitTableSteps,
  pairMatrix,
  POINTS_PER_UNIT,
  promptSubsets,
  RATING_ANCHOR,
  tablePairMatrix,
  tabulate,
  type Fit,
} from "../../../src/community/verdicts/fit";
import { fitBoardTable, tabulateVotes } from "../../../src/community/verdicts/board";
import { poolStyle } from "../../../src/community/verdicts/style-pool";
import type { VoteRecord } from "../../../src/community/verdicts/types";
import { seeded as prng } from "../../support/seeded";

/** k distinct models drawn at random, in the order drawn. */
function draw(random: () => number, models: number, k: number) {
  const pool = Array.from({ length: models }, (_, i) => i);
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(random() * (models - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, k);
}

/** One pick by the Luce model among `utilities`. */
function pick(random: () => number, utilities: number[]) {
  const weights = utilities.map((u) => Math.exp(u));
  let r = random() * weights.reduce((a, b) => a + b, 0);
  for (const [i, w] of weights.entries()) if ((r -= w) <= 0) return i;
  return weights.length - 1;
}

const record = (shown: string[], choice: VoteRecord["choice"], extra: Partial<VoteRecord> = {}): VoteRecord => ({
  source: "post",
  comparisonId: `post:${shown.join("-")}`,
  shown,
  choice,
  category: null,
  day: "2026-11-26",
  promptId: null,
  ...extra,
});

const repeat = (times: number, make: () => VoteRecord) => Array.from({ length: times }, make);
const ratingOf = (fit: Fit, key: string) => fit.ratings.find((row) => row.key === key)!;

/** True θ (centred) of eight models, from 1,300 down to 700 on the rating scale. */
const TRUE_RATINGS = [1300, 1180, 1090, 1030, 970, 900, 820, 710];
const centred = (() => {
  const mean = TRUE_RATINGS.reduce((a, b) => a + b, 0) / TRUE_RATINGS.length;
  return TRUE_RATINGS.map((r) => r - mean + RATING_ANCHOR);
})();

function simulate(seed: number, votes: number, options: { positionBonus?: number } = {}) {
  const random = prng(seed);
  const theta = centred.map((r) => (r - RATING_ANCHOR) / POINTS_PER_UNIT);
  return repeat(votes, () => {
    const k = 2 + Math.floor(random() * 3);
    const shown = draw(random, theta.length, k);
    const choice = pick(
      random,
      shown.map((m, position) => theta[m]! + (position === 0 ? (options.positionBonus ?? 0) : 0)),
    );
    return record(
      shown.map((m) => `m${m}`),
      choice,
    );
  });
}

// Fits of thousands of votes: seconds on a busy two-core machine.
describe("the rating fit", { timeout: 120_000 }, () => {
  it("recovers known ratings from simulated 2-, 3- and 4-way votes within its own 95% intervals in at least 95% of seeds", () => {
    let covered = 0;
    let checked = 0;
    let worstError = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const fit = fitRatings(simulate(seed, 2000));
      expect(fit.converged).toBe(true);
      for (const [m, truth] of centred.entries()) {
        const row = ratingOf(fit, `m${m}`);
        checked++;
        if (row.ciLow <= truth && truth <= row.ciHigh) covered++;
        worstError = Math.max(worstError, Math.abs(row.rating - truth));
      }
      // The order of models 100 points or more apart is right.
      const ranked = fit.ratings.map((row) => Number(row.key.slice(1)));
      expect(ranked[0]).toBe(0);
      expect(ranked.at(-1)).toBe(7);
    }
    expect(checked).toBe(320);
    expect(covered / checked).toBeGreaterThanOrEqual(0.95);
    expect(worstError).toBeLessThan(120);
  });

  it("uses a k-way vote as one choice among k, not as invented pairs", () => {
    // Four models always shown together, picked 400, 300, 200 and 100 times: the Luce estimate is
    // θ_i = log(wins_i) up to a constant (the ridge prior moves it by well under a point).
    const wins = [400, 300, 200, 100];
    const records = wins.flatMap((times, winner) => repeat(times, () => record(["a", "b", "c", "d"], winner)));
    const fit = fitRatings(records);
    const mean = wins.reduce((s, w) => s + Math.log(w), 0) / wins.length;
    for (const [i, key] of ["a", "b", "c", "d"].entries()) {
      expect(ratingOf(fit, key).rating).toBeCloseTo(RATING_ANCHOR + (Math.log(wins[i]!) - mean) * POINTS_PER_UNIT, 0);
    }
    expect(ratingOf(fit, "a")).toMatchObject({ votes: 1000, won: 400, comparisons: 1 });
  });

  it("counts a tie, and 'both bad', as half a win for each answer", () => {
    // 10 wins for x and 10 ties are 15 to 5: a gap of log(3).
    const ties = [...repeat(10, () => record(["x", "y"], 0)), ...repeat(10, () => record(["x", "y"], "tie"))];
    const bothBad = [...repeat(10, () => record(["x", "y"], 0)), ...repeat(10, () => record(["y", "x"], "both_bad"))];
    for (const records of [ties, bothBad]) {
      const fit = fitRatings(records);
      const gap = ratingOf(fit, "x").rating - ratingOf(fit, "y").rating;
      // The ridge prior pulls a 20-vote gap in by a few points.
      expect(gap).toBeGreaterThan(Math.log(3) * POINTS_PER_UNIT - 8);
      expect(gap).toBeLessThanOrEqual(Math.log(3) * POINTS_PER_UNIT);
      expect(ratingOf(fit, "x")).toMatchObject({ votes: 20, won: 10, ties: 10 });
    }
  });

  it("corrects for the position answers are shown in when asked to", () => {
    // Answers shown first get +0.6 on the logit scale; m0 is shown first in 80% of its votes, the others in 20% of theirs.
    const random = prng(7);
    const theta = [0.2, 0.2, 0, -0.4];
    const records = repeat(6000, () => {
      const other = 1 + Math.floor(random() * 3);
      const shown = random() < 0.8 ? [0, other] : [other, 0];
      const choice = pick(
        random,
        shown.map((m, position) => theta[m]! + (position === 0 ? 0.6 : 0)),
      );
      return record(
        shown.map((m) => `m${m}`),
        choice,
      );
    });
    const truth = (m: number) => RATING_ANCHOR + (theta[m]! - theta.reduce((a, b) => a + b, 0) / 4) * POINTS_PER_UNIT;
    const plain = fitRatings(records);
    const corrected = fitRatings(records, { position: true });
    // Without the correction m0 gets the credit of being first more often than the others.
    expect(ratingOf(plain, "m0").rating - truth(0)).toBeGreaterThan(30);
    const row = ratingOf(corrected, "m0");
    expect(row.ciLow).toBeLessThanOrEqual(truth(0));
    expect(row.ciHigh).toBeGreaterThanOrEqual(truth(0));
    // Position B's effect is about -0.6 units against A.
    expect(corrected.positionEffects![0]! / POINTS_PER_UNIT).toBeCloseTo(-0.6, 1);
    expect(plain.positionEffects).toBeNull();
  });

  it("style control takes the credit of length from a model that writes longer answers", () => {
    const random = prng(11);
    // Equal models; the longer answer gets +1.5 per unit of relative length; model "long" writes three times as much.
    const records = repeat(4000, () => {
      const shown = draw(random, 3, 2).map((m) => ["long", "b", "c"][m]!);
      const lengths = shown.map((key) => (key === "long" ? 3000 : 1000) * (0.8 + 0.4 * random()));
      const mean = (lengths[0]! + lengths[1]!) / 2;
      const choice = pick(
        random,
        lengths.map((l) => (1.5 * (l - mean)) / mean),
      );
      return record(shown, choice, { lengths, markdown: [0, 0] });
    });
    const plain = fitRatings(records, { position: true });
    const styled = fitRatings(records, { position: true, style: true });
    expect(ratingOf(plain, "long").rating).toBeGreaterThan(RATING_ANCHOR + 40);
    const row = ratingOf(styled, "long");
    expect(row.ciLow).toBeLessThanOrEqual(RATING_ANCHOR);
    expect(row.ciHigh).toBeGreaterThanOrEqual(RATING_ANCHOR);
    expect(styled.styleEffects!.length).toBeGreaterThan(0);
  });

  it("gives rank ranges from the intervals and marks a model with few votes provisional", () => {
    const newcomer = [...repeat(2, () => record(["m4", "newcomer"], 1)), record(["m4", "newcomer"], 0)];
    const fit = fitRatings([...simulate(3, 3000), ...newcomer]);
    for (const row of fit.ratings) {
      expect(row.rankLow).toBeLessThanOrEqual(row.rank);
      expect(row.rankHigh).toBeGreaterThanOrEqual(row.rank);
      const surelyBetter = fit.ratings.filter((other) => other.ciLow > row.ciHigh).length;
      expect(row.rankLow).toBe(1 + surelyBetter);
    }
    // m0 and m7 are 590 points apart: m7 cannot rank first.
    expect(ratingOf(fit, "m7").rankLow).toBeGreaterThan(1);
    const row = ratingOf(fit, "newcomer");
    expect(row).toMatchObject({ provisional: true, votes: 3, won: 2 });
    // Three votes say little: its interval spans much of the board.
    expect(row.rankHigh - row.rankLow).toBeGreaterThanOrEqual(3);
    expect(ratingOf(fit, "m1").provisional).toBe(false);
  });

  it("has no rows without votes, and a pairwise matrix of wins (ties half) and counts", () => {
    expect(fitRatings([]).ratings).toEqual([]);
    const records = [record(["a", "b", "c"], 0), record(["b", "a"], "tie"), record(["c", "b"], 1)];
    const matrix = pairMatrix(records, ["a", "b", "c"]);
    expect(matrix.counts).toEqual([
      [0, 2, 1],
      [2, 0, 2],
      [1, 2, 0],
    ]);
    expect(matrix.wins).toEqual([
      [0, 1.5, 1],
      [0.5, 0, 1],
      [0, 0, 0],
    ]);
  });

  it("fits a category's view from the table of all votes as it fits that category's records, and merges style votes that share their answers", () => {
    const random = prng(5);
    const categories = ["a", "b", "c"];
    // Votes of one comparison shown in one order share their arrays, as the loaders make them.
    const shared = new Map<string, { shown: string[]; lengths: number[]; markdown: number[] }>();
    const records = [...simulate(9, 3000)].map((vote, i) => {
      const post = i % 150;
      const key = `${post}:${vote.shown.join(",")}`;
      let arrays = shared.get(key);
      if (!arrays)
        shared.set(
          key,
          (arrays = {
            shown: vote.shown,
            lengths: vote.shown.map(() => 200 + Math.floor(random() * 3000)),
            markdown: vote.shown.map(() => Math.floor(random() * 6)),
          }),
        );
      const category = categories[post % 3]!;
      return {
        ...vote,
        ...arrays,
        comparisonId: `post:${post}`,
        category,
        promptId: post % 2 === 0 ? 7 : null,
        ...(post % 5 === 0 && { categories: [category, "d"] }),
      };
    });
    // In comparison order, as the loaders read them.
    records.sort((a, b) => Number(a.comparisonId.slice(5)) - Number(b.comparisonId.slice(5)));
    const run = <T>(steps: Generator<void, T>) => {
      for (;;) {
        const next = steps.next();
        if (next.done) return next.value;
      }
    };
    const table = run(tabulate(records));
    expect(Math.max(...table.groupSize)).toBeGreaterThan(1);
    const subsets = categorySubsets(table);
    const close = (a: Fit, b: Fit) => {
      expect(a.ratings.map((row) => row.key)).toEqual(b.ratings.map((row) => row.key));
      a.ratings.forEach((row, i) => {
        const other = b.ratings[i]!;
        expect(Math.abs(row.rating - other.rating)).toBeLessThan(1e-6);
        expect(Math.abs(row.se - other.se)).toBeLessThan(1e-6);
        expect({ ...row, rating: 0, se: 0, ciLow: 0, ciHigh: 0 }).toEqual({ ...other, rating: 0, se: 0, ciLow: 0, ciHigh: 0 });
      });
    };
    for (const category of ["b", "d"]) {
      const own = records.filter((record) => (record.categories ?? [record.category]).includes(category));
      const subset = subsets[table.categories.indexOf(category)]!;
      expect(subset.length).toBe(own.length);
      for (const options of [{ position: true }, { position: true, style: true }]) close(run(fitTableSteps(table, subset, options)), fitRatings(own, options));
      const order = fitRatings(own).ratings.map((row) => row.key);
      expect(tablePairMatrix(table, subset, order)).toEqual(pairMatrix(own, order));
    }
    // Each vote with arrays of its own: nothing to merge, the same style fit.
    const unshared = records.map((record) => ({ ...record, shown: [...record.shown], lengths: [...record.lengths], markdown: [...record.markdown] }));
    close(fitRatings(records, { position: true, style: true }), fitRatings(unshared, { position: true, style: true }));
    const prompted = promptSubsets(table).get(7)!;
    expect(prompted.length).toBe(records.filter((record) => record.promptId === 7).length);
    expect(table.comparisonIds[table.comparison[prompted[0]!]!]).toBe("post:0");
  });

  it("fits every view of the board, started from other views' fits and from the last refit's, as each view fitted from scratch", async () => {
    const random = prng(11);
    const categories = ["a", "b"];
    const records = simulate(13, 4000, { positionBonus: 0.2 }).map((vote, i) => ({
      ...vote,
      comparisonId: `post:${i % 200}`,
      category: categories[i % 2]!,
      lengths: vote.shown.map((key) => 300 * Number(key.slice(1)) + Math.floor(random() * 2000)),
      markdown: vote.shown.map(() => Math.floor(random() * 6)),
    }));
    const table = await tabulateVotes(records);
    const first = await fitBoardTable(table);
    // A refit of the same votes starts every view from its last fit.
    const again = await fitBoardTable(table, first);
    expect(first.size).toBe(6);
    // The board fits the votes with their style figures pooled (a few comparisons' figures are not
    // shared by enough others, and those votes count without them).
    const pooling = poolStyle(records);
    let step = pooling.next();
    while (!step.done) step = pooling.next();
    const published = step.value;
    expect(published.filter((record) => record.lengths).length).toBeGreaterThan(0);
    for (const [key, view] of [...first, ...again]) {
      const [category, style] = key.split("|");
      const own = category ? published.filter((record) => record.category === category) : published;
      const scratch = fitRatings(own, { position: true, style: style === "style" });
      expect(view.fit.converged).toBe(true);
      expect(view.fit.ratings.map((row) => row.key)).toEqual(scratch.ratings.map((row) => row.key));
      view.fit.ratings.forEach((row, i) => {
        expect(Math.abs(row.rating - scratch.ratings[i]!.rating)).toBeLessThan(1e-6);
        expect(Math.abs(row.se - scratch.ratings[i]!.se)).toBeLessThan(1e-4);
      });
      if (style) expect(Math.abs(view.fit.styleEffects!.length - scratch.styleEffects!.length)).toBeLessThan(1e-6);
    }
  });
});
