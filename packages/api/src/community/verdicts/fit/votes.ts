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
export function* compact(table: VoteTable, subset: Int32Array | null, options: FitOptions): Generator<void, Compact> {
  const style = options.style === true;
  const total = subset ? subset.length : table.votes;
  const state: Building = {
    table,
    subset,
    style,
    local: new Int32Array(table.keys.length).fill(-1),
    keys: [],
    // Model indexes as digits of a number, then the choice, while that number stays exact; else as characters of a string.
    numeric: 9 * (table.keys.length + 1) ** 8 * 16 < Number.MAX_SAFE_INTEGER,
    merged: new Map(),
    styleMerged: new Map(),
    offsets: new Int32Array(total + 1),
    model: new Int32Array(table.model.length),
    weight: new Float64Array(table.model.length),
    count: new Float64Array(total),
    length: style ? new Float64Array(table.model.length) : null,
    markdown: style ? new Float64Array(table.model.length) : null,
    votes: 0,
    merges: 0,
    answers: 0,
    maxShown: 0,
    seenIn: [],
    lastIn: [],
  };
  for (let from = 0; from < total; from += CHUNK) {
    if (from > 0) yield;
    addVotes(state, from, Math.min(total, from + CHUNK));
  }
  const { keys, offsets, model, weight, count, length, markdown, votes, maxShown, seenIn, answers } = state;
  const kept = votes - state.merges;
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
    return values.slice(0, answers).map((value) => value / sd);
  };
  return {
    keys,
    offsets: offsets.slice(0, kept + 1),
    model: model.slice(0, answers),
    weight: weight.slice(0, answers),
    count: counts.slice(),
    length: length ? standardise(length) : null,
    markdown: markdown ? standardise(markdown) : null,
    votes,
    maxShown,
    comparisons: seenIn.map((set) => set.size),
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
  merged: Map<number | string, number>;
  /** With style control: votes merged by style group and choice. */
  styleMerged: Map<number, number>;
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
  seenIn: Set<number>[];
  /** The comparison each model was last seen in: a comparison's votes mostly come together, so its id is added once. */
  lastIn: number[];
};

/** Adds the view's votes from..to-1 to the arrays being built. */
function addVotes(state: Building, from: number, to: number) {
  const { table, subset, style, local, keys, numeric, merged, styleMerged, offsets, model, weight, count, length, markdown, seenIn, lastIn } = state;
  const base = table.keys.length + 1;
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
        seenIn.push(new Set());
        lastIn.push(-1);
      }
      if (lastIn[id] !== comparison) {
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
    const map = group >= 0 ? styleMerged : merged;
    const key = group >= 0 ? group * 16 + (choice + 2) : signature;
    const at = (map as Map<number | string, number>).get(key);
    if (at !== undefined) {
      count[at]! += 1;
      state.merges++;
      continue;
    }
    const kept = state.votes - 1 - state.merges;
    (map as Map<number | string, number>).set(key, kept);
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
}
