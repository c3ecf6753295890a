import type { VoteRecord } from "../types";
import { CHUNK } from "./model";

/** The choice of a vote as the table stores it: the index of the answer picked, or one of these. */
export const TIE = -1;
export const BOTH_BAD = -2;

/**
 * Every vote of a refit in flat typed arrays, built once: the views (all votes, each category) are
 * index subsets of it, fitted without making new objects. Answers of vote v are offsets[v] ..
 * offsets[v+1]; votes showing fewer than 2 or more than 8 answers are not in it.
 */
export type VoteTable = {
  /** Model keys; `model` holds indexes into it. */
  keys: string[];
  votes: number;
  /** Most answers any vote showed. */
  maxShown: number;
  offsets: Int32Array;
  model: Int32Array;
  /** Per vote: the index of the answer picked, TIE or BOTH_BAD. */
  choice: Int8Array;
  /** Per answer: its length and markdown count relative to the vote's others ((s − mean) / (mean + 1)); 0 without them. */
  length: Float64Array;
  markdown: Float64Array;
  /**
   * Per vote: votes with the same style group show the same models in the same order with the
   * same lengths and markdown counts (the votes of one post shown in one order share them), so the
   * style fit may merge them; −1 for a vote without lengths (its style covariates are all 0).
   */
  styleGroup: Int32Array;
  /** Votes in each style group (a group of one cannot be merged with another vote). */
  groupSize: Int32Array;
  /** Per vote: its comparison, as an index (the same for every vote of one comparison). */
  comparison: Int32Array;
  /** Distinct comparisons, and their ids by index. */
  comparisonCount: number;
  comparisonIds: string[];
  /** Per vote: 1 for a battle, 0 for a post vote. */
  battle: Uint8Array;
  /** Per vote: its day, as an index into `days`. */
  day: Int32Array;
  days: string[];
  /** Per vote: the prompt its comparison started from (NaN for none). */
  prompt: Float64Array;
  /** Per vote: its categories as indexes into `categories`, vote v's from categoryOffsets[v] to categoryOffsets[v+1]. */
  categories: string[];
  categoryOffsets: Int32Array;
  category: Int32Array;
};

/** Style groups looked for among the last ones made: every order a post of up to three answers can be shown in, and more. */
const RECENT = 8;

/**
 * The step style measures are kept in: a relative measure is rounded to the nearest multiple of
 * it (half away from zero). Coarse on purpose: the votes download lists them per answer and model,
 * and exact figures would let a reader who has not voted match the answers they see to their
 * models (docs/leaderboard.md, 'The votes, to recompute the board').
 */
export const STYLE_STEP = 0.5;

/** A relative measure rounded to STYLE_STEP, the same for x and −x. */
const stepped = (x: number) => (x < 0 ? -1 : 1) * Math.round(Math.abs(x) / STYLE_STEP) * STYLE_STEP + 0;

/** Relative sizes within a vote: (s_a − mean) / (mean + offset), rounded to STYLE_STEP; for two answers, the Arena's normalised difference. */
function relative(values: readonly number[], at: number, k: number, offset: number, into: Float64Array) {
  let sum = 0;
  for (let a = 0; a < k; a++) sum += values[a]!;
  const mean = sum / k;
  for (let a = 0; a < k; a++) into[at + a] = stepped((values[a]! - mean) / (mean + offset));
}

/** A vote's style measure per answer as the table keeps it: relative to the vote's others, rounded to STYLE_STEP. */
export function styleFigures(values: readonly number[]): number[] {
  const into = new Float64Array(values.length);
  relative(values, 0, values.length, 1, into);
  return Array.from(into);
}

type Building = {
  table: VoteTable;
  index: Map<string, number>;
  comparisons: Map<string, number>;
  categoryIndex: Map<string, number>;
  dayIndex: Map<string, number>;
  /** The last RECENT style groups made, and the arrays each was made of. */
  recent: { group: number; key: number[]; markdown: number[] | undefined; shown: string[] }[];
  /** The last comparison id, day and single category seen, and their indexes (a comparison's votes mostly share them). */
  lastComparison: string | null;
  lastComparisonIndex: number;
  lastDay: string | null;
  lastDayIndex: number;
  lastCategory: string | null;
  lastCategoryIndex: number;
  answers: number;
  categoryCount: number;
  nextGroup: number;
};

/** The vote records as a VoteTable; yields every CHUNK records. */
export function* tabulate(records: readonly VoteRecord[]): Generator<void, VoteTable> {
  let answers = 0;
  let categoryCount = 0;
  for (const record of records) {
    answers += record.shown.length;
    categoryCount += record.categories ? record.categories.length : record.category === null ? 0 : 1;
  }
  const n = records.length;
  const state: Building = {
    table: {
      keys: [],
      votes: 0,
      maxShown: 0,
      offsets: new Int32Array(n + 1),
      model: new Int32Array(answers),
      choice: new Int8Array(n),
      length: new Float64Array(answers),
      markdown: new Float64Array(answers),
      styleGroup: new Int32Array(n),
      groupSize: new Int32Array(n),
      comparison: new Int32Array(n),
      comparisonCount: 0,
      comparisonIds: [],
      battle: new Uint8Array(n),
      day: new Int32Array(n),
      days: [],
      prompt: new Float64Array(n),
      categories: [],
      categoryOffsets: new Int32Array(n + 1),
      category: new Int32Array(categoryCount),
    },
    index: new Map(),
    comparisons: new Map(),
    categoryIndex: new Map(),
    dayIndex: new Map(),
    recent: [],
    lastComparison: null,
    lastComparisonIndex: -1,
    lastDay: null,
    lastDayIndex: -1,
    lastCategory: null,
    lastCategoryIndex: -1,
    answers: 0,
    categoryCount: 0,
    nextGroup: 0,
  };
  // The work is done in a plain function, which the engine optimises where it would not a generator's loop.
  for (let from = 0; from < n; from += CHUNK) {
    if (from > 0) yield;
    addRecords(state, records, from, Math.min(n, from + CHUNK));
  }
  const { table } = state;
  const v = table.votes;
  return {
    ...table,
    offsets: table.offsets.subarray(0, v + 1),
    model: table.model.subarray(0, state.answers),
    choice: table.choice.subarray(0, v),
    length: table.length.subarray(0, state.answers),
    markdown: table.markdown.subarray(0, state.answers),
    styleGroup: table.styleGroup.subarray(0, v),
    groupSize: table.groupSize.subarray(0, state.nextGroup),
    comparison: table.comparison.subarray(0, v),
    comparisonCount: state.comparisons.size,
    battle: table.battle.subarray(0, v),
    day: table.day.subarray(0, v),
    prompt: table.prompt.subarray(0, v),
    categoryOffsets: table.categoryOffsets.subarray(0, v + 1),
    category: table.category.subarray(0, state.categoryCount),
  };
}

/** Adds records from..to-1 to the table being built. */
function addRecords(state: Building, records: readonly VoteRecord[], from: number, to: number) {
  const { table, index, comparisons, categoryIndex, recent } = state;
  const { keys, offsets, model, choice, length, markdown, styleGroup, comparison, categoryOffsets, category } = table;
  const intern = (map: Map<string, number>, list: string[] | null, key: string) => {
    let i = map.get(key);
    if (i === undefined) {
      i = map.size;
      map.set(key, i);
      list?.push(key);
    }
    return i;
  };
  for (let r = from; r < to; r++) {
    const record = records[r]!;
    const k = record.shown.length;
    if (k < 2 || k > 8) continue;
    const v = table.votes++;
    if (k > table.maxShown) table.maxShown = k;
    const at = state.answers;
    for (let a = 0; a < k; a++) model[at + a] = intern(index, keys, record.shown[a]!);
    state.answers += k;
    offsets[v + 1] = state.answers;
    // A choice outside the answers shown (none of the loaders makes one) picks none of them, as choiceWeights has it.
    choice[v] = typeof record.choice === "number" ? (record.choice >= 0 && record.choice < k ? record.choice : k) : record.choice === "tie" ? TIE : BOTH_BAD;
    // A comparison's votes mostly come together (the loaders read them in comparison order).
    if (record.comparisonId !== state.lastComparison) {
      state.lastComparison = record.comparisonId;
      state.lastComparisonIndex = intern(comparisons, table.comparisonIds, record.comparisonId);
    }
    comparison[v] = state.lastComparisonIndex;
    table.battle[v] = record.source === "battle" ? 1 : 0;
    if (record.day !== state.lastDay) {
      state.lastDay = record.day;
      state.lastDayIndex = intern(state.dayIndex, table.days, record.day);
    }
    table.day[v] = state.lastDayIndex;
    table.prompt[v] = record.promptId ?? NaN;
    const lengths = record.lengths?.length === k ? record.lengths : null;
    const marks = record.markdown?.length === k ? record.markdown : undefined;
    if (lengths) relative(lengths, at, k, 1, length);
    if (marks) relative(marks, at, k, 1, markdown);
    if (!lengths && !marks) styleGroup[v] = -1;
    else {
      // Records sharing their arrays (the loaders share them per post and order, and read a post's
      // votes together) share a group when it is among the last few made; others get one each
      // (merging is only a saving).
      const key = lengths ?? marks!;
      let group = -1;
      for (const entry of recent) {
        if (entry.key === key && entry.markdown === marks && entry.shown === record.shown) {
          group = entry.group;
          break;
        }
      }
      if (group < 0) {
        group = state.nextGroup++;
        if (recent.length === RECENT) recent.shift();
        recent.push({ group, key, markdown: marks, shown: record.shown });
      }
      styleGroup[v] = group;
      table.groupSize[group]!++;
    }
    if (record.categories) for (const name of record.categories) category[state.categoryCount++] = intern(categoryIndex, table.categories, name);
    else if (record.category !== null) {
      if (record.category !== state.lastCategory) {
        state.lastCategory = record.category;
        state.lastCategoryIndex = intern(categoryIndex, table.categories, record.category);
      }
      category[state.categoryCount++] = state.lastCategoryIndex;
    }
    categoryOffsets[v + 1] = state.categoryCount;
  }
}

/** Whether vote v of the table is in the category with this index. */
export function inCategory(table: VoteTable, v: number, category: number) {
  for (let at = table.categoryOffsets[v]!; at < table.categoryOffsets[v + 1]!; at++) if (table.category[at] === category) return true;
  return false;
}

/** The votes of each prompt (their comparison started from it), by prompt id. */
export function promptSubsets(table: VoteTable): Map<number, Int32Array> {
  const lists = new Map<number, number[]>();
  for (let v = 0; v < table.votes; v++) {
    const prompt = table.prompt[v]!;
    if (Number.isNaN(prompt)) continue;
    const list = lists.get(prompt);
    if (list) list.push(v);
    else lists.set(prompt, [v]);
  }
  return new Map([...lists].map(([prompt, list]) => [prompt, Int32Array.from(list)]));
}

/** The votes of each category (a vote in several categories is in each), by category index. */
export function categorySubsets(table: VoteTable): Int32Array[] {
  const sizes = new Int32Array(table.categories.length);
  for (const c of table.category) sizes[c]!++;
  const subsets = Array.from(sizes, (size) => new Int32Array(size));
  const filled = new Int32Array(table.categories.length);
  for (let v = 0; v < table.votes; v++) {
    for (let at = table.categoryOffsets[v]!; at < table.categoryOffsets[v + 1]!; at++) {
      const c = table.category[at]!;
      // A vote listing a category twice is in it once.
      if (filled[c]! > 0 && subsets[c]![filled[c]! - 1] === v) continue;
      subsets[c]![filled[c]!++] = v;
    }
  }
  return subsets.map((subset, c) => subset.subarray(0, filled[c]));
}
