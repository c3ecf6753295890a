/** One counted choice among the answers shown, the unit the rating is fitted on. */
export type VoteRecord = {
  source: "post" | "battle"; // comparison post vote, or battle
  comparisonId: string; // "post:<id>" or "battle:<id>" (anonymised in downloads by hashing)
  shown: string[]; // model keys in the order shown to the voter (2-4)
  choice: number | "tie" | "both_bad"; // index into `shown`
  category: string | null;
  categories?: string[]; // every category of the comparison when it has several (category is the first); a view by category counts it in each
  day: string; // YYYY-MM-DD (UTC) of the vote
  promptId: number | null; // prompt the comparison started from, if any
  lengths?: number[]; // answer lengths in characters, per shown answer (style control)
  markdown?: number[]; // markdown headers + list items per shown answer (style control)
};

/** Votes the board leaves out, with why (shown beside the board). */
export type LeftOut = { reason: string; votes: number };

/** What a loader hands the board: the counted votes, and the count of the others by reason. */
export type LoadedVotes = { records: VoteRecord[]; leftOut: LeftOut[] };

/** What every vote on one comparison shares: a vote record without its choice and day, its answers in column order. */
export type BallotShape = Omit<VoteRecord, "choice" | "day">;

/**
 * Counted votes in flat arrays, as the board gathers them (a million records would be a million
 * objects made at each refit): vote i is on comparisons[comparison[i]], shown in the order
 * orders[order[i]] (the column shown at each place: a permutation of its columns), picking the
 * answer at place choice[i] (or TIE or BOTH_BAD as in fit/table.ts), on days[day[i]].
 */
export type Ballots = {
  count: number;
  comparisons: BallotShape[];
  /** Each comparison's style pool key (style-pool.ts), when the gatherer knows them (it keeps them per post); else worked out from it. */
  poolKeys?: (string | null)[];
  orders: number[][];
  comparison: Int32Array;
  order: Int32Array;
  choice: Int8Array;
  day: Int32Array;
  days: string[];
};
