import type { VoteRecord } from "../types";
import { CHUNK, type Compact, type FitOptions } from "./model";
import type { VoteTable } from "./table";

/** The weight each shown answer gets from a vote's choice. */
export function choiceWeights(record: Pick<VoteRecord, "shown" | "choice">): number[] {
  const k = record.shown.length;
  if (typeof record.choice === "number") return record.shown.map((_, i) => (i === record.choice ? 1 : 0));
  return record.shown.map(() => 1 / k);
}

/**
 * A view of the table (all its votes, or the subset listed) as the fit's flat arrays, models
 * indexed in the order they first appear. Identical votes are merged: the same models in the same
 * order with the same choice and, with style control, the same style group (the same lengths and
 * markdown counts). Yields every CHUNK votes.
 */
export function* compact(table: VoteTable, subset: Int32Array | null, options: FitOptions, space: Workspace = workspaceFor(table)): Generator<void, Compact> {
  const style = options.style === true;
  const total = subset ? subset.length : table.votes;
  const state: Building = {
    table,
    subset,
    style,
    local: space.local.fill(-1),
    keys: [],
    globalOf: [],
    // Model indexes as digits of a number, then the choice, while that number stays exact; else as characters of a string.
    numeric: (table.maxShown + 1) * (table.keys.length + 1) ** table.maxShown * 16 < Number.MAX_SAFE_INTEGER,
    merged: new Map(),
    hash: space.hash.fill(0),
    hashKeys: space.hashKeys,
    mask: space.hash.length - 1,
    bits: space.bits && !comparisonsOf.has(subset ?? table) ? space.bits.fill(0) : null,
    distinct: new Int32Array(table.keys.length),
    offsets: space.offsets,
    model: space.model,
    weight: space.weight,
    count: space.count,
    length: style ? space.length : null,
    markdown: style ? space.markdown : null,
    votes: 0,
    merges: 0,
    answers: 0,
    maxShown: 0,
    seenIn: comparisonsOf.has(subset ?? table) || space.bits ? null : [],
    lastIn: [],
  };
  for (let from = 0; from < total; from += CHUNK) {
    if (from > 0) yield;
    addVotes(state, from, Math.min(total, from + CHUNK));
  }
  const { keys, offsets, model, weight, count, length, markdown, votes, maxShown, seenIn, answers } = state;
  const kept = votes - state.merges;
  let comparisons = comparisonsOf.get(subset ?? table);
  if (!comparisons)
    comparisonsOf.set(subset ?? table, (comparisons = seenIn ? seenIn.map((set) => set.size) : keys.map((_, i) => state.distinct[state.globalOf[i]!]!)));
  const counts = count.subarray(0, kept);
  const standardise = (values: Float64Array) => {
    // Over every vote's answers: a merged vote's answers count as many times as the votes it stands for.
    if (answers === 0) return new Float64Array(0);
    let n = 0;
    let sum = 0;
    for (let v = 0; v < kept; v++) {
      for (let at = offsets[v]!; at < offsets[v + 1]!; at++) {
        sum += counts[v]! * values[at]!;
        n += counts[v]!;
      }
    }
    const mean = sum / n;
    let squares = 0;
    for (let v = 0; v < kept; v++) for (let at = offsets[v]!; at < offsets[v + 1]!; at++) squares += counts[v]! * (values[at]! - mean) ** 2;
    const sd = Math.sqrt(squares / n) || 1;
    const standard = values.subarray(0, answers);
    for (let at = 0; at < answers; at++) standard[at]! /= sd;
    return standard;
  };
  // Views of the workspace: valid until its next compact.
  return {
    keys,
    offsets: offsets.subarray(0, kept + 1),
    model: model.subarray(0, answers),
    weight: weight.subarray(0, answers),
    count: counts,
    length: length ? standardise(length) : null,
    markdown: markdown ? standardise(markdown) : null,
    votes,
    maxShown,
    comparisons,
  };
}

/** Distinct comparisons per model of a view's votes (the same for its plain and style fits, whose models come in the same order). */
const comparisonsOf = new WeakMap<object, number[]>();

/**
 * The arrays a view is compacted into, sized for the whole table: one per refit, reused view after
 * view (allocating them per view made the engine collect its whole heap each time).
 */
export type Workspace = {
  local: Int32Array;
  hash: Int32Array;
  hashKeys: Float64Array;
  bits: Uint8Array | null;
  offsets: Int32Array;
  model: Int32Array;
  weight: Float64Array;
  count: Float64Array;
  length: Float64Array;
  markdown: Float64Array;
};

export function workspaceFor(table: VoteTable): Workspace {
  const answers = table.model.length;
  let slots = 16;
  while (slots < 2 * table.votes) slots *= 2;
  const bits = table.keys.length * table.comparisonCount;
  return {
    local: new Int32Array(table.keys.length),
    hash: new Int32Array(slots),
    hashKeys: new Float64Array(slots),
    // 8 MB at most; past that, sets of comparisons per model.
    bits: bits <= 1 << 26 ? new Uint8Array(Math.ceil(bits / 8)) : null,
    offsets: new Int32Array(table.votes + 1),
    model: new Int32Array(answers),
    weight: new Float64Array(answers),
    count: new Float64Array(table.votes),
    length: new Float64Array(answers),
    markdown: new Float64Array(answers),
  };
}

type Building = {
  table: VoteTable;
  subset: Int32Array | null;
  style: boolean;
  /** The view's index of each of the table's models (−1 until seen). */
  local: Int32Array;
  keys: string[];
  numeric: boolean;
  /** The table's index of each of the view's models. */
  globalOf: number[];
  /** Votes merged by a string key, when the numeric one would not be exact. */
  merged: Map<string, number>;
  /** Votes merged by a numeric key: an open-addressing table of (kept vote + 1) by key. */
  hash: Int32Array;
  hashKeys: Float64Array;
  mask: number;
  /** Which (model, comparison) were seen, a bit each, and the distinct comparisons per model so far (when the bits fit). */
  bits: Uint8Array | null;
  distinct: Int32Array;
  offsets: Int32Array;
  model: Int32Array;
  weight: Float64Array;
  count: Float64Array;
  length: Float64Array | null;
  markdown: Float64Array | null;
  votes: number;
  merges: number;
  answers: number;
  maxShown: number;
  /** Distinct comparisons per model, unless already counted for this view's votes (null then). */
  seenIn: Set<number>[] | null;
  /** The comparison each model was last seen in: a comparison's votes mostly come together, so its id is added once. */
  lastIn: number[];
};

/** Adds the view's votes from..to-1 to the arrays being built. */
function addVotes(state: Building, from: number, to: number) {
  const { table, subset, style, local, keys, globalOf, numeric, merged, hash, hashKeys, mask, bits, distinct, count, seenIn, lastIn } = state;
  const base = table.keys.length + 1;
  const comparisons = table.comparisonCount;
  for (let i = from; i < to; i++) {
    const v = subset ? subset[i]! : i;
    const start = table.offsets[v]!;
    const k = table.offsets[v + 1]! - start;
    const comparison = table.comparison[v]!;
    let signature: number | string = numeric ? k : "";
    for (let a = 0; a < k; a++) {
      const global = table.model[start + a]!;
      let id = local[global]!;
      if (id < 0) {
        local[global] = id = keys.push(table.keys[global]!) - 1;
        globalOf.push(global);
        seenIn?.push(new Set());
        lastIn.push(-1);
      }
      if (bits) {
        const bit = global * comparisons + comparison;
        if ((bits[bit >>> 3]! & (1 << (bit & 7))) === 0) {
          bits[bit >>> 3]! |= 1 << (bit & 7);
          distinct[global]!++;
        }
      } else if (seenIn && lastIn[id] !== comparison) {
        lastIn[id] = comparison;
        seenIn[id]!.add(comparison);
      }
      if (numeric) signature = (signature as number) * base + id;
      else signature += String.fromCharCode(id);
    }
    state.votes++;
    if (k > state.maxShown) state.maxShown = k;
    const choice = table.choice[v]!;
    const group = style ? table.styleGroup[v]! : -1;
    // The choice as a digit of 0..15 (TIE and BOTH_BAD are −1 and −2).
    if (numeric) signature = (signature as number) * 16 + (choice + 2);
    else signature += `:${choice}`;
    // A style group of one vote has nothing to merge with (with generated votes, most of them).
    if (group >= 0 && table.groupSize[group] === 1) {
      append(state, start, k, choice);
      continue;
    }
    const kept = state.votes - 1 - state.merges;
    if (group < 0 && !numeric) {
      const at = merged.get(signature as string);
      if (at !== undefined) {
        count[at]! += 1;
        state.merges++;
        continue;
      }
      merged.set(signature as string, kept);
      append(state, start, k, choice);
      continue;
    }
    // Style groups and plain signatures apart: a group's key is negative.
    const key = group >= 0 ? -1 - (group * 16 + (choice + 2)) : (signature as number);
    let slot = Math.imul((key >>> 0) ^ Math.imul(Math.floor(key / 4294967296), 0x85ebca6b), 0x9e3779b1);
    slot = (slot ^ (slot >>> 15)) & mask;
    while (hash[slot] !== 0 && hashKeys[slot] !== key) slot = (slot + 1) & mask;
    if (hash[slot] !== 0) {
      count[hash[slot]! - 1]! += 1;
      state.merges++;
      continue;
    }
    hash[slot] = kept + 1;
    hashKeys[slot] = key;
    append(state, start, k, choice);
  }
}

/** Appends the table's vote v (answers start..start+k-1) as a vote of its own. */
function append(state: Building, start: number, k: number, choice: number) {
  const { table, local, model, weight, count, length, markdown, offsets } = state;
  const kept = state.votes - 1 - state.merges;
  const out = state.answers;
  for (let a = 0; a < k; a++) {
    model[out + a] = local[table.model[start + a]!]!;
    weight[out + a] = choice >= 0 ? (choice === a ? 1 : 0) : 1 / k;
    if (length) length[out + a] = table.length[start + a]!;
    if (markdown) markdown[out + a] = table.markdown[start + a]!;
  }
  state.answers += k;
  count[kept] = 1;
  offsets[kept + 1] = state.answers;
}
