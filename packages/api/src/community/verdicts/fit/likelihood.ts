import { CHUNK, RIDGE, type Compact, type Layout } from "./model";

/**
 * The log-posterior at `params`, and (with `derivatives`) its gradient and the negated Hessian
 * (the observed information plus the prior's precision). Yields every CHUNK votes; the work is
 * done in a plain function, which the engine optimises where it would not a generator's loop.
 */
export function* evaluate(data: Compact, layout: Layout, params: Float64Array, derivatives: boolean) {
  const { size } = layout;
  const gradient = new Float64Array(size);
  const information = derivatives ? new Float64Array(size * size) : null;
  const scratch = { mean: new Float64Array(size), touched: new Int32Array(size), stamp: new Int32Array(size) };
  let logLik = 0;
  const votes = data.count.length;
  for (let from = 0; from < votes; from += CHUNK) {
    if (from > 0) yield;
    logLik += accumulate(data, layout, params, from, Math.min(votes, from + CHUNK), gradient, information, scratch);
  }
  let logPost = logLik;
  for (let i = 0; i < size; i++) {
    logPost -= (RIDGE / 2) * params[i]! ** 2;
    gradient[i]! -= RIDGE * params[i]!;
    if (information) information[i * size + i]! += RIDGE;
  }
  return { logPost, gradient, information };
}

/** Adds votes from..to-1 to the gradient and information; returns their log-likelihood. */
function accumulate(
  data: Compact,
  layout: Layout,
  params: Float64Array,
  from: number,
  to: number,
  gradient: Float64Array,
  information: Float64Array | null,
  scratch: { mean: Float64Array; touched: Int32Array; stamp: Int32Array },
) {
  const { size, models, positions } = layout;
  const { mean, touched, stamp } = scratch;
  const utility = new Float64Array(8);
  const prob = new Float64Array(8);
  // Sparse feature vectors of one vote's answers: up to 4 parameters each (θ, β, γ length, γ markdown).
  const idx = new Int32Array(32);
  const val = new Float64Array(32);
  const nnz = new Int32Array(8);
  // stamp: the vote (1-based) that last touched each parameter, so each is listed once per vote.
  let logLik = 0;
  const gammaAt = models + positions;
  for (let v = from; v < to; v++) {
    const start = data.offsets[v]!;
    const k = data.offsets[v + 1]! - start;
    const n = data.count[v]!;
    let max = -Infinity;
    for (let a = 0; a < k; a++) {
      const at = start + a;
      let u = params[data.model[at]!]!;
      idx[a * 4] = data.model[at]!;
      val[a * 4] = 1;
      let f = 1;
      if (positions > 0 && a > 0) {
        u += params[models + a - 1]!;
        idx[a * 4 + f] = models + a - 1;
        val[a * 4 + f] = 1;
        f++;
      }
      if (layout.style) {
        const x1 = data.length![at]!;
        const x2 = data.markdown![at]!;
        u += params[gammaAt]! * x1 + params[gammaAt + 1]! * x2;
        idx[a * 4 + f] = gammaAt;
        val[a * 4 + f] = x1;
        f++;
        idx[a * 4 + f] = gammaAt + 1;
        val[a * 4 + f] = x2;
        f++;
      }
      nnz[a] = f;
      utility[a] = u;
      if (u > max) max = u;
    }
    let sum = 0;
    for (let a = 0; a < k; a++) sum += prob[a] = Math.exp(utility[a]! - max);
    const logSum = Math.log(sum) + max;
    for (let a = 0; a < k; a++) {
      prob[a]! /= sum;
      const w = data.weight[start + a]!;
      if (w > 0) logLik += n * w * (utility[a]! - logSum);
      const r = n * (w - prob[a]!);
      for (let f = 0; f < nnz[a]!; f++) gradient[idx[a * 4 + f]!]! += r * val[a * 4 + f]!;
    }
    if (!information) continue;
    // Information of a softmax: n (Σ_a p_a f_a f_aᵀ − f̄ f̄ᵀ), f̄ = Σ_a p_a f_a.
    let t = 0;
    for (let a = 0; a < k; a++) {
      const p = n * prob[a]!;
      for (let f = 0; f < nnz[a]!; f++) {
        const i = idx[a * 4 + f]!;
        const vi = val[a * 4 + f]! * p;
        for (let g = 0; g < nnz[a]!; g++) information[i * size + idx[a * 4 + g]!]! += vi * val[a * 4 + g]!;
        if (stamp[i] !== v + 1) {
          stamp[i] = v + 1;
          touched[t++] = i;
        }
        mean[i]! += prob[a]! * val[a * 4 + f]!;
      }
    }
    for (let x = 0; x < t; x++) {
      const i = touched[x]!;
      const mi = mean[i]! * n;
      for (let y = 0; y < t; y++) information[i * size + touched[y]!]! -= mi * mean[touched[y]!]!;
    }
    for (let x = 0; x < t; x++) mean[touched[x]!] = 0;
  }
  return logLik;
}
