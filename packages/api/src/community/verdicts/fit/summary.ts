import { invert } from "./matrix";
import { POINTS_PER_UNIT, PROVISIONAL_VOTES, RATING_ANCHOR, Z95, type Compact, type Fit, type Layout, type ModelRating } from "./model";

/** Ratings, intervals and rank ranges from the fitted parameters and the information at them. */
export function summarise(data: Compact, layout: Layout, params: Float64Array, information: Float64Array, converged: boolean, iterations: number): Fit {
  const { size, models } = layout;
  const covariance = invert(information, size);
  // θ is anchored by its mean (the prior makes Σθ = 0 at the optimum); the intervals are of each
  // model's θ minus the mean θ, so the direction the votes say nothing about (all θ up together) drops out.
  const rowMean = new Float64Array(models);
  let grand = 0;
  for (let i = 0; i < models; i++) {
    for (let j = 0; j < models; j++) rowMean[i]! += covariance[i * size + j]! / models;
    grand += rowMean[i]! / models;
  }
  const meanTheta = params.slice(0, models).reduce((a, b) => a + b, 0) / (models || 1);
  const tally = tallies(data);
  const rows = data.keys.map((key, i) => {
    const variance = Math.max(0, covariance[i * size + i]! - 2 * rowMean[i]! + grand);
    const se = Math.sqrt(variance) * POINTS_PER_UNIT;
    const rating = RATING_ANCHOR + (params[i]! - meanTheta) * POINTS_PER_UNIT;
    const t = tally[i]!;
    return {
      key,
      rating,
      se,
      ciLow: rating - Z95 * se,
      ciHigh: rating + Z95 * se,
      ...t,
      comparisons: data.comparisons[i]!,
      provisional: t.votes < PROVISIONAL_VOTES,
    };
  });
  rows.sort((a, b) => b.rating - a.rating || b.votes - a.votes || a.key.localeCompare(b.key));
  const ratings: ModelRating[] = rows.map((row, i) => ({
    ...row,
    rank: i + 1,
    rankLow: 1 + rows.filter((other) => other.ciLow > row.ciHigh).length,
    rankHigh: rows.length - rows.filter((other) => other.ciHigh < row.ciLow).length,
  }));
  const positionEffects = layout.positions > 0 ? Array.from(params.slice(models, models + layout.positions), (b) => b * POINTS_PER_UNIT) : null;
  const g = models + layout.positions;
  const styleEffects = layout.style ? { length: params[g]! * POINTS_PER_UNIT, markdown: params[g + 1]! * POINTS_PER_UNIT } : null;
  return { ratings, positionEffects, styleEffects, votes: data.votes, iterations, converged };
}

/** Per model: votes shown in, won outright, tied. */
function tallies(data: Compact) {
  const rows = data.keys.map(() => ({ votes: 0, won: 0, ties: 0 }));
  for (let v = 0; v < data.count.length; v++) {
    const start = data.offsets[v]!;
    const end = data.offsets[v + 1]!;
    const n = data.count[v]!;
    for (let at = start; at < end; at++) {
      const row = rows[data.model[at]!]!;
      const w = data.weight[at]!;
      row.votes += n;
      if (w === 1) row.won += n;
      else if (w > 0 && w < 1) row.ties += n;
    }
  }
  return rows;
}
