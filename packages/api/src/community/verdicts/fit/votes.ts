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

export function* compact(records: VoteRecord[], options: FitOptions): Generator<void, Compact> {
  const index = new Map<string, number>();
  const keys: string[] = [];
  const style = options.style === true;
  // Identical votes (same models in the same order, same choice) are merged unless style makes each unique.
  const merged = new Map<string, number>();
  const offsets: number[] = [0];
  const model: number[] = [];
  const weight: number[] = [];
  const count: number[] = [];
  const length: number[] = [];
  const markdown: number[] = [];
  let votes = 0;
  let seen = 0;
  let maxShown = 0;
  const seenIn: Set<string>[] = [];
  // The comparison each model was last seen in: a comparison's votes mostly come together, so its id is added once.
  const lastIn: string[] = [];
  for (const record of records) {
    if (++seen % CHUNK === 0) yield;
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
    votes++;
    if (k > maxShown) maxShown = k;
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
      length.push(...l);
      markdown.push(...m);
    }
    count.push(1);
    offsets.push(model.length);
  }
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

