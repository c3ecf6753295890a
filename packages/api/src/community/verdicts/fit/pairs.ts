import type { VoteRecord } from "../types";
import type { PairMatrix } from "./model";
import { choiceWeights } from "./votes";
import type { VoteTable } from "./table";

/**
 * Pairwise wins and counts among `order`'s models: for each vote showing both i and j, i wins when
 * picked, half when the vote was a tie; the counts are the votes that showed both.
 */
export function pairMatrix(records: Iterable<VoteRecord>, order: string[]): PairMatrix {
  const index = new Map(order.map((key, i) => [key, i]));
  const n = order.length;
  const wins = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const counts = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (const record of records) {
    const ids = record.shown.map((key) => index.get(key));
    const w = choiceWeights(record);
    for (let a = 0; a < ids.length; a++) {
      const i = ids[a];
      if (i === undefined) continue;
      for (let b = 0; b < ids.length; b++) {
        const j = ids[b];
        if (b === a || j === undefined || i === j) continue;
        counts[i]![j]! += 1;
        if (w[a] === 1) wins[i]![j]! += 1;
        else if (typeof record.choice !== "number") wins[i]![j]! += 0.5;
      }
    }
  }
  return { models: order, wins, counts };
}

/** pairMatrix of a table's votes (all, or the subset listed). */
export function tablePairMatrix(table: VoteTable, subset: Int32Array | null, order: string[]): PairMatrix {
  const n = order.length;
  const index = new Int32Array(table.keys.length).fill(-1);
  const at = new Map(order.map((key, i) => [key, i]));
  table.keys.forEach((key, i) => (index[i] = at.get(key) ?? -1));
  const wins = new Float64Array(n * n);
  const counts = new Float64Array(n * n);
  const total = subset ? subset.length : table.votes;
  for (let s = 0; s < total; s++) {
    const v = subset ? subset[s]! : s;
    const start = table.offsets[v]!;
    const end = table.offsets[v + 1]!;
    const choice = table.choice[v]!;
    for (let a = start; a < end; a++) {
      const i = index[table.model[a]!]!;
      if (i < 0) continue;
      for (let b = start; b < end; b++) {
        const j = index[table.model[b]!]!;
        if (b === a || j < 0 || i === j) continue;
        counts[i * n + j]! += 1;
        if (choice === a - start) wins[i * n + j]! += 1;
        else if (choice < 0) wins[i * n + j]! += 0.5;
      }
    }
  }
  const rows = (values: Float64Array) => Array.from({ length: n }, (_, i) => Array.from(values.subarray(i * n, (i + 1) * n)));
  return { models: order, wins: rows(wins), counts: rows(counts) };
}
