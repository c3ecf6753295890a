/** Rating points per unit of θ: a gap of 400 points means 10:1 odds, as on an Elo scale. */
export const POINTS_PER_UNIT = 400 / Math.LN10;
/** The rating of the average model. */
export const RATING_ANCHOR = 1000;
/** Precision of the Gaussian prior on every parameter (SD ≈ 3.2 units ≈ 550 points): keeps a model that won or lost every vote finite. */
export const RIDGE = 0.1;
/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;
/** Under this many votes a model's row is marked provisional. */
export const PROVISIONAL_VOTES = 20;
/** Votes handled between two yields of a fit run in steps (so a refit never holds the event loop for long). */
export const CHUNK = 5_000;

export type FitOptions = {
  /** A fit to start from (its ratings as starting θ): the style view starts from the plain one. */
  start?: Fit;
  /** Fit a per-position effect (the order the answers were shown in) jointly with the ratings. */
  position?: boolean;
  /** Style control: each answer's relative length and markdown count as covariates. */
  style?: boolean;
};

export type ModelRating = {
  key: string;
  /** Position by rating, 1 = highest. */
  rank: number;
  /** The best and worst rank the intervals allow (1 + models surely better; N − models surely worse). */
  rankLow: number;
  rankHigh: number;
  rating: number;
  ciLow: number;
  ciHigh: number;
  /** Standard error of the rating, in rating points. */
  se: number;
  provisional: boolean;
  /** Votes the model's answer was shown in. */
  votes: number;
  /** Votes that picked it outright, and ties it shared. */
  won: number;
  ties: number;
  /** Distinct comparisons (posts or battles) it appeared in. */
  comparisons: number;
};

export type PairMatrix = {
  /** Model keys, in the order of `ratings` (highest first). */
  models: string[];
  /** wins[i][j]: votes showing both where i was picked, plus half of those where they tied. */
  wins: number[][];
  /** counts[i][j]: votes that showed both i and j. */
  counts: number[][];
};

export type Fit = {
  ratings: ModelRating[];
  /** Rating-point effect of being shown in position 1, 2, 3 (A is 0), when fitted. */
  positionEffects: number[] | null;
  /** Rating-point effect of one standard deviation of relative length and of markdown count, when fitted. */
  styleEffects: { length: number; markdown: number } | null;
  votes: number;
  iterations: number;
  converged: boolean;
};

/** Votes in flat typed arrays: answers of vote v are offsets[v] .. offsets[v+1]. */
export type Compact = {
  keys: string[];
  offsets: Int32Array;
  model: Int32Array;
  weight: Float64Array;
  /** Times each vote stands for (identical votes merged). */
  count: Float64Array;
  length: Float64Array | null;
  markdown: Float64Array | null;
  votes: number;
  /** Most answers any vote showed. */
  maxShown: number;
  /** Distinct comparisons each model appeared in. */
  comparisons: number[];
};

/** Layout of the parameter vector: θ per model, then β per position 1.., then γ (length, markdown). */
export type Layout = { models: number; positions: number; style: boolean; size: number };
