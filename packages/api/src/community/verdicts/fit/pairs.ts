import type { VoteRecord } from "../types";
import type { PairMatrix } from "./model";
import { choiceWeights } from "./votes";

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

