// Least squares for calibrating the instant estimator, in plain TypeScript: a handful of coefficients
// fitted to at most a few hundred rows, small enough for the normal equations.

const dot = (a: readonly number[], b: readonly number[]) =>
  a.reduce((sum, value, i) => sum + value * b[i]!, 0);

/**
 * Solves min ‖A x − b‖² with every x ≥ 0 (Lawson and Hanson's active-set method): a coefficient that
 * physics says cannot be negative (seconds per cm³ of wall, say) stays at zero rather than going
 * negative to soak up noise. Columns are scaled to unit length first, so cm³ and layer counts mix.
 */
export function nonNegativeLeastSquares(
  rows: readonly (readonly number[])[],
  targets: readonly number[],
): number[] {
  const width = rows[0]?.length ?? 0;
  const norms = Array.from({ length: width }, (_, j) => Math.hypot(...rows.map((row) => row[j]!)) || 1);
  const a = rows.map((row) => row.map((value, j) => value / norms[j]!));
  let x = new Array<number>(width).fill(0);
  const free = new Set<number>();
  // Each round frees the coefficient that would lower the error most; the method ends in few rounds.
  for (let round = 0; round < 3 * width + 10; round++) {
    const residuals = a.map((row, i) => targets[i]! - dot(row, x));
    const gradient = x.map((_, j) =>
      dot(
        residuals,
        a.map((row) => row[j]!),
      ),
    );
    const candidates = gradient.map((g, j) => ({ g, j })).filter(({ g, j }) => !free.has(j) && g > 1e-10);
    if (candidates.length === 0) break;
    free.add(candidates.reduce((best, next) => (next.g > best.g ? next : best)).j);
    for (;;) {
      const z = solveOn(a, targets, free);
      const blocking = [...free].filter((j) => z[j]! <= 1e-12);
      if (blocking.length === 0) {
        x = z;
        break;
      }
      // Step from x towards z as far as keeps every coefficient non-negative, then fix those at zero.
      const step = Math.min(...blocking.map((j) => x[j]! / (x[j]! - z[j]!)));
      x = x.map((value, j) => value + step * (z[j]! - value));
      for (const j of free) {
        if (x[j]! <= 1e-12) {
          free.delete(j);
          x[j] = 0;
        }
      }
    }
  }
  return x.map((value, j) => value / norms[j]!);
}

/** Unconstrained least squares on the `free` columns, the others held at zero. */
function solveOn(a: readonly number[][], b: readonly number[], free: ReadonlySet<number>): number[] {
  const used = [...free];
  const columns = used.map((j) => a.map((row) => row[j]!));
  const normal = columns.map((p) => columns.map((q) => dot(p, q)));
  const solved = solveLinear(
    normal,
    columns.map((column) => dot(column, b)),
  );
  const z = new Array<number>(a[0]?.length ?? 0).fill(0);
  used.forEach((j, k) => {
    z[j] = solved[k]!;
  });
  return z;
}

/** Gaussian elimination with partial pivoting; an unknown left without a pivot is solved as zero. */
function solveLinear(matrix: readonly (readonly number[])[], right: readonly number[]): number[] {
  const n = right.length;
  const m = matrix.map((row, i) => [...row, right[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const head = m[col]!;
    if (Math.abs(head[col]!) < 1e-12) continue;
    for (const row of m) {
      if (row === head) continue;
      const factor = row[col]! / head[col]!;
      for (let c = col; c <= n; c++) row[c]! -= factor * head[c]!;
    }
  }
  return m.map((row, i) => (Math.abs(row[i]!) < 1e-12 ? 0 : row[n]! / row[i]!));
}
