/** One counted choice among the answers shown, the unit the rating is fitted on. */
export type VoteRecord = {
  source: "post" | "battle"; // comparison post vote, or battle
  comparisonId: string; // "post:<id>" or "battle:<id>" (anonymised in downloads by hashing)
  shown: string[]; // model keys in the order shown to the voter (2-4)
  choice: number | "tie" | "both_bad"; // index into `shown`
  category: string | null;
  day: string; // YYYY-MM-DD (UTC) of the vote
  promptId: number | null; // prompt the comparison started from, if any
  lengths?: number[]; // answer lengths in characters, per shown answer (style control)
  markdown?: number[]; // markdown headers + list items per shown answer (style control)
};
