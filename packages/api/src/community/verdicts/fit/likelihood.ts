import { CHUNK, RIDGE, type Compact, type Layout } from "./model";

/**
 * The log-posterior at `params`, and (with `derivatives`) its gradient and the negated Hessian
 * (the observed information plus the prior's precision). Yields every CHUNK votes; the work is
 * done in a plain function, which the engine optimises where it would not a generator's loop.
 */
export function* evaluate(data: Compact, layout: Layout, params: Float64Array, derivatives: boolean) {
  const { size, models } = layout;
  const gradient = new Float64Array(size);
  const information = derivatives ? new Float64Array(size * size) : null;
  const nuisance = derivatives ? new Float64Array((size - models) ** 2) : null;
  let logLik = 0;
  const votes = data.count.length;
  for (let from = 0; from < votes; from += CHUNK) {
    if (from > 0) yield;
    logLik += accumulate(data, layout, params, from, Math.min(votes, from + CHUNK), gradient, information, nuisance);
  }
  if (information) {
    // The votes filled the θ×θ block and the θ rows of the θ×nuisance block; the nuisance block was summed apart.
    const q = size - models;
    for (let i = 0; i < q; i++) {
      for (let j = 0; j < q; j++) information[(models + i) * size + models + j] = nuisance![i * q + j]!;
      for (let m = 0; m < models; m++) information[(models + i) * size + m] = information[m * size + models + i]!;
    }
  }
  let logPost = logLik;
  for (let i = 0; i < size; i++) {
    logPost -= (RIDGE / 2) * params[i]! ** 2;
    gradient[i]! -= RIDGE * params[i]!;
    if (information) information[i * size + i]! += RIDGE;
  }
  return { logPost, gradient, information };
}

/**
 * Adds votes from..to-1 to the gradient and information; returns their log-likelihood.
 * Answer a of a vote has the features f_a = e(θ of its model) + e(β of its position, past the
 * first) + (length, markdown) on γ; the information of a softmax is n (Σ_a p_a f_a f_aᵀ − f̄ f̄ᵀ),
 * f̄ = Σ_a p_a f_a, written out here block by block: θ×θ and θ×nuisance (β and γ) into
 * `information` (rows θ only; evaluate mirrors them), nuisance×nuisance into `nuisance`.
 */
function accumulate(
  data: Compact,
  layout: Layout,
  params: Float64Array,
  from: number,
  to: number,
  gradient: Float64Array,
  information: Float64Array | null,
  nuisance: Float64Array | null,
) {
  const { size, models, positions, style } = layout;
  const { offsets, model, weight, count } = data;
  const lengths = data.length;
  const marks = data.markdown;
  const utility = new Float64Array(8);
  const prob = new Float64Array(8);
  const q = size - models;
  const g = models + positions;
  const gamma1 = style ? params[g]! : 0;
  const gamma2 = style ? params[g + 1]! : 0;
  let logLik = 0;
  for (let v = from; v < to; v++) {
    const start = offsets[v]!;
    const k = offsets[v + 1]! - start;
    const n = count[v]!;
    let max = -Infinity;
    for (let a = 0; a < k; a++) {
      const at = start + a;
      let u = params[model[at]!]!;
      if (positions > 0 && a > 0) u += params[models + a - 1]!;
      if (style) u += gamma1 * lengths![at]! + gamma2 * marks![at]!;
      utility[a] = u;
      if (u > max) max = u;
    }
    let sum = 0;
    for (let a = 0; a < k; a++) sum += prob[a] = Math.exp(utility[a]! - max);
    const logSum = Math.log(sum) + max;
    // s1, s2: the γ part of f̄.
    let s1 = 0;
    let s2 = 0;
    for (let a = 0; a < k; a++) {
      const at = start + a;
      const p = (prob[a]! /= sum);
      const w = weight[at]!;
      if (w > 0) logLik += n * w * (utility[a]! - logSum);
      const r = n * (w - p);
      gradient[model[at]!]! += r;
      if (positions > 0 && a > 0) gradient[models + a - 1]! += r;
      if (style) {
        const x1 = lengths![at]!;
        const x2 = marks![at]!;
        gradient[g]! += r * x1;
        gradient[g + 1]! += r * x2;
        s1 += p * x1;
        s2 += p * x2;
      }
    }
    if (!information) continue;
    for (let a = 0; a < k; a++) {
      const at = start + a;
      const np = n * prob[a]!;
      const row = model[at]! * size;
      // θ×θ: n p_a (δ_ab − p_b).
      information[row + model[at]!]! += np;
      for (let b = 0; b < k; b++) information[row + model[start + b]!]! -= np * prob[b]!;
      // θ×β: n p_a (δ_ab − p_b), positions past the first.
      if (positions > 0) {
        if (a > 0) information[row + models + a - 1]! += np;
        for (let b = 1; b < k; b++) information[row + models + b - 1]! -= np * prob[b]!;
      }
      // θ×γ: n p_a (x_a − s).
      if (style) {
        information[row + g]! += np * (lengths![at]! - s1);
        information[row + g + 1]! += np * (marks![at]! - s2);
      }
      // Nuisance rows (the answer's position, its γ) against nuisance columns.
      if (positions > 0 && a > 0) {
        const prow = (a - 1) * q;
        nuisance![prow + a - 1]! += np;
        for (let b = 1; b < k; b++) nuisance![prow + b - 1]! -= np * prob[b]!;
        if (style) {
          nuisance![prow + positions]! += np * (lengths![at]! - s1);
          nuisance![prow + positions + 1]! += np * (marks![at]! - s2);
        }
      }
      if (style) {
        const x1 = lengths![at]!;
        const x2 = marks![at]!;
        const r1 = positions * q;
        const r2 = r1 + q;
        // γ×β: n p_a x_a (δ_ab − p_b).
        if (positions > 0) {
          if (a > 0) {
            nuisance![r1 + a - 1]! += np * x1;
            nuisance![r2 + a - 1]! += np * x2;
          }
          for (let b = 1; b < k; b++) {
            nuisance![r1 + b - 1]! -= np * x1 * prob[b]!;
            nuisance![r2 + b - 1]! -= np * x2 * prob[b]!;
          }
        }
        // γ×γ: n p_a x_a (x_a − s).
        nuisance![r1 + positions]! += np * x1 * (x1 - s1);
        nuisance![r1 + positions + 1]! += np * x1 * (x2 - s2);
        nuisance![r2 + positions]! += np * x2 * (x1 - s1);
        nuisance![r2 + positions + 1]! += np * x2 * (x2 - s2);
      }
    }
  }
  return logLik;
}
