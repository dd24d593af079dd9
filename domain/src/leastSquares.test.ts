import { describe, expect, it } from 'vitest';
import { nonNegativeLeastSquares } from './leastSquares.ts';

const residual = (rows: number[][], targets: number[], x: number[]) =>
  rows.reduce((sum, row, i) => sum + (row.reduce((s, v, j) => s + v * x[j]!, 0) - targets[i]!) ** 2, 0);

describe('non-negative least squares', () => {
  it('recovers non-negative coefficients exactly, whatever the columns’ scales', () => {
    const rows = [1, 2, 3, 5, 8, 13].map((n) => [1, n * 1000, n ** 2 / 1000]);
    const truth = [4, 0.002, 30];
    const targets = rows.map((row) => row.reduce((sum, v, j) => sum + v * truth[j]!, 0));
    const fitted = nonNegativeLeastSquares(rows, targets);
    fitted.forEach((value, j) => {
      expect(value).toBeCloseTo(truth[j]!, 6);
    });
  });

  it('holds at zero a coefficient that would go negative, and fits the rest as well as can be', () => {
    // y = 3a − b exactly: unconstrained, b's coefficient is −1.
    const rows = [
      [1, 0.5],
      [2, 1.5],
      [3, 1],
      [4, 3],
      [5, 2],
    ];
    const targets = rows.map(([a, b]) => 3 * a! - b!);
    const fitted = nonNegativeLeastSquares(rows, targets);
    expect(fitted[1]).toBe(0);
    // The best fit with a alone: Σ a·y / Σ a².
    const a = rows.map((row) => row[0]!);
    const best = a.reduce((sum, v, i) => sum + v * targets[i]!, 0) / a.reduce((sum, v) => sum + v * v, 0);
    expect(fitted[0]).toBeCloseTo(best, 9);
    // No non-negative pair on a grid around it does better.
    for (let p = 0; p <= 4; p += 0.05) {
      for (let q = 0; q <= 1; q += 0.05) {
        expect(residual(rows, targets, [p, q])).toBeGreaterThanOrEqual(
          residual(rows, targets, fitted) - 1e-9,
        );
      }
    }
  });

  it('gives zeros for a column of zeros', () => {
    const [a, b] = nonNegativeLeastSquares(
      [
        [1, 0],
        [2, 0],
      ],
      [2, 4],
    );
    expect(a).toBeCloseTo(2, 12);
    expect(b).toBe(0);
  });
});
