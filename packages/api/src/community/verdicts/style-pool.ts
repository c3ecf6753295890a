import { styleFigures, tabulate, type VoteTable } from "./fit";
import { CHUNK } from "./fit/model";
import type { VoteRecord } from "./types";

/** Comparisons that must share a vote's style figures before they are used and published. */
export const STYLE_POOL = 5;

/** Each measure array's figures (rounded, relative to the vote's others) in ascending order, as text: the loaders share arrays per post and order. */
const sortedFigures = new WeakMap<readonly number[], string>();
function figuresOf(values: readonly number[] | undefined, k: number): string | null {
  if (values?.length !== k) return null;
  let text = sortedFigures.get(values);
  if (text === undefined) sortedFigures.set(values, (text = styleFigures(values).sort((a, b) => a - b).join(",")));
  return text;
}

/** What a vote's style figures are pooled by: its categories, its number of answers and its figures in any order; null without figures. */
function poolKey(record: VoteRecord): string | null {
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
