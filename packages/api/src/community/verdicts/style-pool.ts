import { styleFigures, tabulate, type VoteTable } from "./fit";
import { CHUNK } from "./fit/model";
import { tabulateBallots } from "./fit/table";
import type { BallotShape, Ballots, VoteRecord } from "./types";

/** Comparisons that must share a vote's style figures before they are used and published. */
export const STYLE_POOL = 5;

/** Each measure array's figures (rounded, relative to the vote's others) in ascending order, as text: the loaders share arrays per post and order. */
const sortedFigures = new WeakMap<readonly number[], string>();
function figuresOf(values: readonly number[] | undefined, k: number): string | null {
  if (values?.length !== k) return null;
  let text = sortedFigures.get(values);
  if (text === undefined)
    sortedFigures.set(
      values,
      (text = styleFigures(values)
        .sort((a, b) => a - b)
        .join(",")),
    );
  return text;
}

/** What a vote's style figures are pooled by: its categories, its number of answers and its figures in any order; null without figures. */
export function poolKey(record: BallotShape): string | null {
  const k = record.shown.length;
  const lengths = figuresOf(record.lengths, k);
  const markdown = figuresOf(record.markdown, k);
  if (lengths === null && markdown === null) return null;
  const categories = record.categories ? [...record.categories].sort().join(",") : (record.category ?? "");
  return `${categories}|${k}|${lengths ?? "-"}|${markdown ?? "-"}`;
}

/**
 * The votes with the style figures the board may use and the votes download lists
 * (docs/leaderboard.md, 'The votes, to recompute the board'): a vote keeps its answers' lengths
 * and markdown counts only when at least `pool` comparisons have votes with the same
 * categories, the same number of answers and the same figures (rounded to STYLE_STEP) in any
 * order; the others count without them, as votes whose measures are not known. A reader who has
 * not voted on a comparison sees its answers, and so their figures: were a comparison's figures
 * its own in the download, they would say which model wrote which answer. Records keep their
 * arrays (the table merges votes that share them). Yields every CHUNK records.
 */
export function* poolStyle(records: readonly VoteRecord[], pool = STYLE_POOL): Generator<void, VoteRecord[]> {
  const keys: (string | null)[] = new Array(records.length);
  const comparisons = new Map<string, Set<string>>();
  for (let r = 0; r < records.length; r++) {
    if (r > 0 && r % CHUNK === 0) yield;
    const key = poolKey(records[r]!);
    keys[r] = key;
    if (key === null) continue;
    let set = comparisons.get(key);
    if (!set) comparisons.set(key, (set = new Set()));
    set.add(records[r]!.comparisonId);
  }
  const pooled: VoteRecord[] = new Array(records.length);
  for (let r = 0; r < records.length; r++) {
    const record = records[r]!;
    const key = keys[r]!;
    if (key === null || comparisons.get(key)!.size >= pool) pooled[r] = record;
    else {
      const { lengths: _lengths, markdown: _markdown, ...rest } = record;
      pooled[r] = rest;
    }
  }
  return pooled;
}

/** The votes as the board's table: their style figures pooled (poolStyle), then tabulated. */
export function* tabulatePublished(records: readonly VoteRecord[]): Generator<void, VoteTable> {
  const pooled = yield* poolStyle(records);
  return yield* tabulate(pooled);
}

/** Which comparisons have ballots. */
function usedComparisons(ballots: Ballots) {
  const used = new Uint8Array(ballots.comparisons.length);
  for (let i = 0; i < ballots.count; i++) used[ballots.comparison[i]!] = 1;
  return used;
}

/**
 * The ballots as the board's table: the same table as tabulatePublished of their records, each
 * comparison's style figures kept or left out as poolStyle would (a comparison's pool key is the
 * same in every order it is shown in), worked out once per comparison.
 */
export function* tabulateCounted(ballots: Ballots, pool = STYLE_POOL): Generator<void, VoteTable> {
  const { comparisons } = ballots;
  const used = usedComparisons(ballots);
  const keys: (string | null)[] = new Array(comparisons.length).fill(null);
  const count = new Map<string, number>();
  for (let c = 0; c < comparisons.length; c++) {
    if (c > 0 && c % CHUNK === 0) yield;
    if (!used[c]) continue;
    const key = (keys[c] = ballots.poolKeys ? ballots.poolKeys[c]! : poolKey(comparisons[c]!));
    // Each comparison once: comparisons are listed once each.
    if (key !== null) count.set(key, (count.get(key) ?? 0) + 1);
  }
  const styled = new Uint8Array(comparisons.length);
  for (let c = 0; c < comparisons.length; c++) {
    const key = keys[c] ?? null;
    styled[c] = key === null || count.get(key)! >= pool ? 1 : 0;
  }
  return yield* tabulateBallots(ballots, styled);
}
