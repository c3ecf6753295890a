import type { Ballots, VoteRecord } from "../types";
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
  /** The style group of each set of arrays (shown, lengths, markdown) seen: records sharing all three share a group. */
  groups: Map<readonly string[], Map<readonly number[] | null, Map<readonly number[] | undefined, number>>>;
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
    groups: new Map(),
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
  const { table, index, comparisons, categoryIndex, groups } = state;
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
      // Records sharing their arrays (the loaders share them per comparison and order) share a group.
      let byLengths = groups.get(record.shown);
      if (!byLengths) groups.set(record.shown, (byLengths = new Map()));
      let byMarks = byLengths.get(lengths);
      if (!byMarks) byLengths.set(lengths, (byMarks = new Map()));
      let group = byMarks.get(marks);
      if (group === undefined) byMarks.set(marks, (group = state.nextGroup++));
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

/**
 * The table of ballots: the table `tabulate` makes of their records (recordsOf), with the style
 * figures kept only for the comparisons `styled` marks (style-pool.ts), but written from each
 * comparison's figures, worked out once, instead of from a record per vote. Yields every CHUNK ballots.
 */
export function* tabulateBallots(ballots: Ballots, styled: Uint8Array): Generator<void, VoteTable> {
  const writer = new BallotWriter(ballots, styled);
  for (let from = 0; from < ballots.count; from += CHUNK) {
    if (from > 0) yield;
    writer.write(from, Math.min(ballots.count, from + CHUNK));
  }
  return writer.table();
}

/**
 * Writes ballots into a table. Each comparison is worked out at its first vote into flat arrays
 * (its models' indexes and style figures in column order at `compAt`, its categories), and each
 * vote is copied from them through its order: typed arrays alone, with no object made or read
 * per vote. (A relative style figure depends on its answer and the mean of all, so the figures in
 * column order, reordered, are the figures in the order shown.)
 */
class BallotWriter {
  private readonly keys: string[] = [];
  private readonly comparisonIds: string[] = [];
  private readonly categories: string[] = [];
  private readonly days: string[] = [];
  private readonly index = new Map<string, number>();
  private readonly comparisons = new Map<string, number>();
  private readonly categoryIndex = new Map<string, number>();
  /** The style group of each comparison and order with figures (key: comparison × orders + order). */
  private readonly groupOf = new Map<number, number>();
  private readonly dayOf: Int32Array;
  /** The orders flat: order o's places at orderAt[o] .. orderAt[o] + orderK[o]. */
  private readonly orderAt: Int32Array;
  private readonly orderK: Int32Array;
  private readonly orderPlaces: Int32Array;
  /** Per comparison: −1 until worked out, then where its answers start in compModels, compLength and compMarkdown. */
  private readonly compAt: Int32Array;
  private readonly compK: Int32Array;
  private readonly compIndex: Int32Array;
  private readonly compPrompt: Float64Array;
  private readonly compBattle: Uint8Array;
  private readonly compStyled: Uint8Array;
  private readonly compCategoryAt: Int32Array;
  private readonly compCategories: Int32Array;
  private readonly compModels: Int32Array;
  private readonly compLength: Float64Array;
  private readonly compMarkdown: Float64Array;
  private readonly compCategoryList: Int32Array;
  private compAnswers = 0;
  private compCategoryCount = 0;
  private groups: number[] = [];
  private readonly offsets: Int32Array;
  private readonly model: Int32Array;
  private readonly choice: Int8Array;
  private readonly length: Float64Array;
  private readonly markdown: Float64Array;
  private readonly styleGroup: Int32Array;
  private readonly comparison: Int32Array;
  private readonly battle: Uint8Array;
  private readonly day: Int32Array;
  private readonly prompt: Float64Array;
  private readonly categoryOffsets: Int32Array;
  private readonly category: Int32Array;
  private votes = 0;
  private maxShown = 0;
  private at = 0;
  private categoryAt = 0;

  constructor(
    private readonly ballots: Ballots,
    private readonly styled: Uint8Array,
  ) {
    const { comparisons, count, orders } = ballots;
    const uses = new Int32Array(comparisons.length);
    for (let i = 0; i < count; i++) uses[ballots.comparison[i]!]!++;
    let answers = 0;
    let categoryCount = 0;
    let compAnswers = 0;
    let compCategories = 0;
    comparisons.forEach((shape, c) => {
      const k = shape.shown.length;
      const listed = shape.categories ? shape.categories.length : shape.category === null ? 0 : 1;
      compAnswers += k;
      compCategories += listed;
      if (k < 2 || k > 8) return;
      answers += uses[c]! * k;
      categoryCount += uses[c]! * listed;
    });
    this.orderAt = new Int32Array(orders.length);
    this.orderK = new Int32Array(orders.length);
    this.orderPlaces = new Int32Array(orders.reduce((sum, order) => sum + order.length, 0));
    let place = 0;
    orders.forEach((order, o) => {
      this.orderAt[o] = place;
      this.orderK[o] = order.length;
      for (const column of order) this.orderPlaces[place++] = column;
    });
    const n = comparisons.length;
    this.dayOf = new Int32Array(ballots.days.length).fill(-1);
    this.compAt = new Int32Array(n).fill(-1);
    this.compK = new Int32Array(n);
    this.compIndex = new Int32Array(n);
    this.compPrompt = new Float64Array(n);
    this.compBattle = new Uint8Array(n);
    this.compStyled = new Uint8Array(n);
    this.compCategoryAt = new Int32Array(n);
    this.compCategories = new Int32Array(n);
    this.compModels = new Int32Array(compAnswers);
    this.compLength = new Float64Array(compAnswers);
    this.compMarkdown = new Float64Array(compAnswers);
    this.compCategoryList = new Int32Array(compCategories);
    this.offsets = new Int32Array(count + 1);
    this.model = new Int32Array(answers);
    this.choice = new Int8Array(count);
    this.length = new Float64Array(answers);
    this.markdown = new Float64Array(answers);
    this.styleGroup = new Int32Array(count);
    this.comparison = new Int32Array(count);
    this.battle = new Uint8Array(count);
    this.day = new Int32Array(count);
    this.prompt = new Float64Array(count);
    this.categoryOffsets = new Int32Array(count + 1);
    this.category = new Int32Array(categoryCount);
  }

  private intern(map: Map<string, number>, list: string[], key: string) {
    let i = map.get(key);
    if (i === undefined) {
      map.set(key, (i = map.size));
      list.push(key);
    }
    return i;
  }

  /** Works comparison c out at its first vote, shown in order o: its models interned in that order, as `tabulate` meets them. */
  private prepare(c: number, o: number) {
    const shape = this.ballots.comparisons[c]!;
    const k = shape.shown.length;
    const at = this.compAnswers;
    this.compAt[c] = at;
    this.compK[c] = k;
    this.compAnswers += k;
    // Votes showing fewer than 2 or more than 8 answers are not in the table: nothing of theirs is either.
    if (k < 2 || k > 8) return;
    const places = this.orderAt[o]!;
    for (let a = 0; a < k; a++) {
      const column = this.orderPlaces[places + a]!;
      this.compModels[at + column] = this.intern(this.index, this.keys, shape.shown[column]!);
    }
    this.compIndex[c] = this.intern(this.comparisons, this.comparisonIds, shape.comparisonId);
    const listed = shape.categories ?? (shape.category === null ? [] : [shape.category]);
    this.compCategoryAt[c] = this.compCategoryCount;
    this.compCategories[c] = listed.length;
    for (const name of listed) this.compCategoryList[this.compCategoryCount++] = this.intern(this.categoryIndex, this.categories, name);
    this.compPrompt[c] = shape.promptId ?? NaN;
    this.compBattle[c] = shape.source === "battle" ? 1 : 0;
    const styled = this.styled[c] === 1;
    const lengths = styled && shape.lengths?.length === k;
    const marks = styled && shape.markdown?.length === k;
    if (lengths) relative(shape.lengths!, at, k, 1, this.compLength);
    if (marks) relative(shape.markdown!, at, k, 1, this.compMarkdown);
    this.compStyled[c] = lengths || marks ? 1 : 0;
  }

  /** Writes ballots from..to-1. */
  write(from: number, to: number) {
    const { ballots, compAt, compK, compModels, compLength, compMarkdown, orderAt, orderK, orderPlaces, model, length, markdown, offsets, dayOf, groupOf } =
      this;
    const orders = orderAt.length;
    let { votes, maxShown, at, categoryAt } = this;
    for (let i = from; i < to; i++) {
      const c = ballots.comparison[i]!;
      const o = ballots.order[i]!;
      if (compAt[c]! < 0) this.prepare(c, o);
      const k = compK[c]!;
      if (k < 2 || k > 8 || orderK[o] !== k) continue;
      const v = votes++;
      if (k > maxShown) maxShown = k;
      const base = compAt[c]!;
      const places = orderAt[o]!;
      for (let a = 0; a < k; a++) {
        const column = base + orderPlaces[places + a]!;
        model[at + a] = compModels[column]!;
        length[at + a] = compLength[column]!;
        markdown[at + a] = compMarkdown[column]!;
      }
      at += k;
      offsets[v + 1] = at;
      const picked = ballots.choice[i]!;
      this.choice[v] = picked >= k ? k : picked;
      this.comparison[v] = this.compIndex[c]!;
      this.battle[v] = this.compBattle[c]!;
      const d = ballots.day[i]!;
      this.day[v] = dayOf[d]! >= 0 ? dayOf[d]! : (dayOf[d] = this.days.push(ballots.days[d]!) - 1);
      this.prompt[v] = this.compPrompt[c]!;
      let group = -1;
      if (this.compStyled[c] === 1) {
        const key = c * orders + o;
        group = groupOf.get(key) ?? -1;
        if (group < 0) groupOf.set(key, (group = this.groups.push(0) - 1));
        this.groups[group]!++;
      }
      this.styleGroup[v] = group;
      const first = this.compCategoryAt[c]!;
      for (let n = 0; n < this.compCategories[c]!; n++) this.category[categoryAt++] = this.compCategoryList[first + n]!;
      this.categoryOffsets[v + 1] = categoryAt;
    }
    this.votes = votes;
    this.maxShown = maxShown;
    this.at = at;
    this.categoryAt = categoryAt;
  }

  table(): VoteTable {
    const { votes } = this;
    return {
      keys: this.keys,
      votes,
      maxShown: this.maxShown,
      offsets: this.offsets.subarray(0, votes + 1),
      model: this.model.subarray(0, this.at),
      choice: this.choice.subarray(0, votes),
      length: this.length.subarray(0, this.at),
      markdown: this.markdown.subarray(0, this.at),
      styleGroup: this.styleGroup.subarray(0, votes),
      groupSize: Int32Array.from(this.groups),
      comparison: this.comparison.subarray(0, votes),
      comparisonCount: this.comparisonIds.length,
      comparisonIds: this.comparisonIds,
      battle: this.battle.subarray(0, votes),
      day: this.day.subarray(0, votes),
      days: this.days,
      prompt: this.prompt.subarray(0, votes),
      categories: this.categories,
      categoryOffsets: this.categoryOffsets.subarray(0, votes + 1),
      category: this.category.subarray(0, this.categoryAt),
    };
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
