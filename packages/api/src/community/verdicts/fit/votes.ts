import type { VoteRecord } from "../types";
import { CHUNK, type Compact, type FitOptions } from "./model";

/** The weight each shown answer gets from a vote's choice. */
export function choiceWeights(record: Pick<VoteRecord, "shown" | "choice">): number[] {
  const k = record.shown.length;
  if (typeof record.choice === "number") return record.shown.map((_, i) => (i === record.choice ? 1 : 0));
  return record.shown.map(() => 1 / k);
}

/** Relative sizes within a vote: (s_a − mean) / (mean + offset); for two answers, the Arena's normalised difference. */
function relative(values: number[], offset: number) {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return values.map((v) => (v - mean) / (mean + offset));
}

/** The vote records as the fit's flat arrays, identical votes merged (but with style control); yields every CHUNK records. */
export function* compact(records: VoteRecord[], options: FitOptions): Generator<void, Compact> {
  const state: Building = {
    style: options.style === true,
    index: new Map(),
    keys: [],
    merged: new Map(),
    offsets: [0],
    model: [],
    weight: [],
    count: [],
    length: [],
    markdown: [],
    votes: 0,
    maxShown: 0,
    seenIn: [],
    lastIn: [],
  };
  // The work is done in a plain function, which the engine optimises where it would not a generator's loop.
  for (let from = 0; from < records.length; from += CHUNK) {
    if (from > 0) yield;
    addRecords(state, records, from, Math.min(records.length, from + CHUNK));
  }
  const { style, keys, offsets, model, weight, count, length, markdown, votes, maxShown, seenIn } = state;
  const standardise = (values: number[]) => {
    if (values.length === 0) return new Float64Array(0);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length) || 1;
    return Float64Array.from(values, (v) => v / sd);
  };
  return {
    keys,
    offsets: Int32Array.from(offsets),
    model: Int32Array.from(model),
    weight: Float64Array.from(weight),
    count: Float64Array.from(count),
    length: style ? standardise(length) : null,
    markdown: style ? standardise(markdown) : null,
    votes,
    maxShown,
    comparisons: seenIn.map((set) => set.size),
  };
}

type Building = {
  style: boolean;
  index: Map<string, number>;
  keys: string[];
  /** Identical votes (same models in the same order, same choice) are merged unless style makes each unique. */
  merged: Map<string, number>;
  offsets: number[];
  model: number[];
  weight: number[];
  count: number[];
  length: number[];
  markdown: number[];
  votes: number;
  maxShown: number;
  seenIn: Set<string>[];
  /** The comparison each model was last seen in: a comparison's votes mostly come together, so its id is added once. */
  lastIn: string[];
};

/** Adds records from..to-1 to the arrays being built. */
function addRecords(state: Building, records: VoteRecord[], from: number, to: number) {
  const { style, index, keys, merged, offsets, model, weight, count, length, markdown, seenIn, lastIn } = state;
  for (let r = from; r < to; r++) {
    const record = records[r]!;
    const k = record.shown.length;
    if (k < 2 || k > 8) continue;
    const ids = record.shown.map((key) => {
      let i = index.get(key);
      if (i === undefined) {
        index.set(key, (i = keys.push(key) - 1));
        seenIn.push(new Set());
        lastIn.push("");
      }
      if (lastIn[i] !== record.comparisonId) {
        lastIn[i] = record.comparisonId;
        seenIn[i]!.add(record.comparisonId);
      }
      return i;
    });
    state.votes++;
    if (k > state.maxShown) state.maxShown = k;
    if (!style) {
      // Model indexes as characters, then the choice: a short key (indexes stay below 65,536 models).
      const signature = String.fromCharCode(...ids) + (typeof record.choice === "number" ? String(record.choice) : record.choice);
      const at = merged.get(signature);
      if (at !== undefined) {
        count[at]! += 1;
        continue;
      }
      merged.set(signature, count.length);
    }
    const w = choiceWeights(record);
    for (let a = 0; a < k; a++) {
      model.push(ids[a]!);
      weight.push(w[a]!);
    }
    if (style) {
      const l = record.lengths?.length === k ? relative(record.lengths, 1) : ids.map(() => 0);
      const m = record.markdown?.length === k ? relative(record.markdown, 1) : ids.map(() => 0);
      for (let a = 0; a < k; a++) {
        length.push(l[a]!);
        markdown.push(m[a]!);
      }
    }
    count.push(1);
    offsets.push(model.length);
  }
}
