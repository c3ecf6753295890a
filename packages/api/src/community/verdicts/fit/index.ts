/**
 * The rating: the Luce choice model (Bradley-Terry generalised to k answers, Plackett-Luce's first
 * choice) fitted by maximum likelihood over counted votes, with a small ridge prior (docs/leaderboard.md).
 * The chance that answer a of a vote is picked is exp(u_a) / Σ_b exp(u_b), where
 *   u_a = θ[model of a] + β[position of a] (β[0] = 0; when `position`) + γ · x_a (when `style`).
 * A vote for one answer has weight 1 on it; a tie (and 'both bad', as the Arena counts it) splits
 * the vote evenly among the answers shown (half a win each for two). Pure: no database.
 */

import type { VoteRecord } from "../types";
import { evaluate } from "./likelihood";
import { cholesky, solve } from "./matrix";
import { POINTS_PER_UNIT, RATING_ANCHOR, type Fit, type FitOptions, type Layout } from "./model";
import { summarise } from "./summary";
import { tabulate, type VoteTable } from "./table";
import { compact, type Workspace } from "./votes";

export { POINTS_PER_UNIT, PROVISIONAL_VOTES, RATING_ANCHOR, RIDGE, Z95, type Fit, type FitOptions, type ModelRating, type PairMatrix } from "./model";
export { pairMatrix, tablePairMatrix } from "./pairs";
export { choiceWeights, workspaceFor, type Workspace } from "./votes";
export { BOTH_BAD, categorySubsets, inCategory, promptSubsets, STYLE_STEP, styleFigures, tabulate, TIE, type VoteTable } from "./table";

/** The fit stops at a Newton step whose largest change is under this (θ units; 1e-6 is 0.00017 rating points). */
const TOLERANCE = 1e-6;

/**
 * A step is taken unless it lowers the log-posterior by more than this share of it: the rounding
 * error of a sum over a million votes (a fixed 1e-9 was below it, and halved good last steps).
 */
const ROUNDING = 1e-12;

/** The fit as steps: it yields every CHUNK votes, and returns the fit. */
export function* fitSteps(records: VoteRecord[], options: FitOptions = {}): Generator<void, Fit> {
  const table = yield* tabulate(records);
  return yield* fitTableSteps(table, null, options);
}

/** The fit of a table's votes (all, or the subset listed) as steps: it yields every CHUNK votes, and returns the fit. */
export function* fitTableSteps(table: VoteTable, subset: Int32Array | null, options: FitOptions = {}, space?: Workspace): Generator<void, Fit> {
  const data = yield* compact(table, subset, options, space);
  const layout: Layout = {
    models: data.keys.length,
    positions: options.position ? Math.max(0, data.maxShown - 1) : 0,
    style: options.style === true,
    size: 0,
  };
  layout.size = layout.models + layout.positions + (layout.style ? 2 : 0);
  const { size } = layout;
  let params = new Float64Array(size);
  if (options.start) {
    const from = new Map(options.start.ratings.map((row) => [row.key, (row.rating - RATING_ANCHOR) / POINTS_PER_UNIT]));
    data.keys.forEach((key, i) => (params[i] = from.get(key) ?? 0));
    options.start.positionEffects?.forEach((points, i) => {
      if (i < layout.positions) params[layout.models + i] = points / POINTS_PER_UNIT;
    });
    const styleEffects = options.start.styleEffects;
    if (layout.style && styleEffects) {
      params[layout.models + layout.positions] = styleEffects.length / POINTS_PER_UNIT;
      params[layout.models + layout.positions + 1] = styleEffects.markdown / POINTS_PER_UNIT;
    }
  }
  let current = yield* evaluate(data, layout, params, true);
  let iterations = 0;
  let converged = size === 0;
  while (!converged && iterations < 50) {
    iterations++;
    const factor = Float64Array.from(current.information!);
    if (!cholesky(factor, size)) break;
    const step = solve(factor, size, current.gradient);
    if (step.reduce((m, s) => Math.max(m, Math.abs(s)), 0) < TOLERANCE) {
      // The last step: taken without a pass over the votes to confirm it. Newton's error after a step
      // this small is of the order of its square (far below 1e-6 rating points), and the information
      // the intervals come from is the one at the point it was taken from (1e-6 θ units away).
      params = params.map((p, i) => p + step[i]!);
      converged = true;
      break;
    }
    // A full Newton step is almost always taken: its pass computes the derivatives for the next step too.
    let scale = 1;
    let next = params;
    let trial = current;
    for (let halvings = 0; halvings < 30; halvings++) {
      next = params.map((p, i) => p + scale * step[i]!);
      trial = yield* evaluate(data, layout, next, scale === 1);
      if (trial.logPost >= current.logPost - ROUNDING * Math.abs(current.logPost)) break;
      scale /= 2;
    }
    const change = step.reduce((m, s) => Math.max(m, Math.abs(s * scale)), 0);
    params = next;
    current = trial.information ? trial : yield* evaluate(data, layout, params, true);
    if (change < TOLERANCE) converged = true;
  }
  return summarise(data, layout, params, current.information!, converged, iterations);
}

/** Fits the ratings of every model shown in `records` at once. Newton's method with step halving; converges in a handful of passes. */
export function fitRatings(records: VoteRecord[], options: FitOptions = {}): Fit {
  const steps = fitSteps(records, options);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** Runs steps to their end, giving the event loop a turn between two. */
export async function inSteps<T>(steps: Generator<void, T>): Promise<T> {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
