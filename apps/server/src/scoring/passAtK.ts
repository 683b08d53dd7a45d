/** pass@k and pass^k are given for k = 1 up to this many runs (or the number of scored runs, if fewer). */
export const MAX_PASS_AT_K = 5;

/**
 * pass@k = 1 − C(n−c, k) / C(n, k) (Chen et al. 2021) and pass^k = C(c, k) / C(n, k) (Yao et al. 2024) over n
 * scored runs of which c passed, for k = 1..min(MAX_PASS_AT_K, n), as products of k fractions (no overflow).
 */
export function passAtK(
  n: number,
  c: number,
): { passAtK: Record<string, number>; passHatK: Record<string, number> } {
  if (!Number.isInteger(n) || !Number.isInteger(c) || n < 0 || c < 0 || c > n)
    throw new RangeError(`Expected 0 ≤ passed ≤ scored, whole numbers; got ${c} of ${n}`);
  const atK: Record<string, number> = {};
  const hatK: Record<string, number> = {};
  let allFail = 1; // C(n−c, k) / C(n, k)
  let allPass = 1; // C(c, k) / C(n, k)
  for (let k = 1; k <= Math.min(MAX_PASS_AT_K, n); k++) {
    const i = k - 1;
    allFail *= Math.max(0, n - c - i) / (n - i);
    allPass *= Math.max(0, c - i) / (n - i);
    atK[String(k)] = 1 - allFail;
    hatK[String(k)] = allPass;
  }
  return { passAtK: atK, passHatK: hatK };
}
