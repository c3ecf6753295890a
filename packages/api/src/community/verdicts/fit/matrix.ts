// Dense symmetric positive definite systems of the fit (a few dozen parameters): Cholesky, solve, inverse.

/** Cholesky factor (lower, in place) of a symmetric positive definite n×n matrix; false if it is not. */
export function cholesky(a: Float64Array, n: number) {
  for (let j = 0; j < n; j++) {
    let d = a[j * n + j]!;
    for (let k = 0; k < j; k++) d -= a[j * n + k]! ** 2;
    if (!(d > 0)) return false;
    const l = Math.sqrt(d);
    a[j * n + j] = l;
    for (let i = j + 1; i < n; i++) {
      let s = a[i * n + j]!;
      for (let k = 0; k < j; k++) s -= a[i * n + k]! * a[j * n + k]!;
      a[i * n + j] = s / l;
    }
  }
  return true;
}

/** Solves L Lᵀ x = b for a Cholesky factor L. */
export function solve(l: Float64Array, n: number, b: Float64Array) {
  const x = Float64Array.from(b);
  for (let i = 0; i < n; i++) {
    let s = x[i]!;
    for (let k = 0; k < i; k++) s -= l[i * n + k]! * x[k]!;
    x[i] = s / l[i * n + i]!;
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = x[i]!;
    for (let k = i + 1; k < n; k++) s -= l[k * n + i]! * x[k]!;
    x[i] = s / l[i * n + i]!;
  }
  return x;
}

/** The inverse of a symmetric positive definite matrix (NaN everywhere if it is not). */
export function invert(matrix: Float64Array, n: number) {
  const factor = Float64Array.from(matrix);
  const inverse = new Float64Array(n * n);
  if (!cholesky(factor, n)) return inverse.fill(NaN);
  const unit = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    unit.fill(0);
    unit[j] = 1;
    const column = solve(factor, n, unit);
    for (let i = 0; i < n; i++) inverse[i * n + j] = column[i]!;
  }
  return inverse;
}
