/**
 * The seeded randomness of a conformance run: one 32-bit seed gives the order of the cases, their
 * opaque ids and the generated cases, so `--seed N` replays a run exactly. Mulberry32: small, fast,
 * and the same in every JavaScript engine; it is no cryptographic generator, and needs not be one
 * (what it hides is the order, from an implementation that never sees the seed before its report).
 */

export const MAX_SEED = 0xffffffff;

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  below(n: number): number;
  /** One item of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** Lowercase hex digits, `length` of them. */
  hex(length: number): string;
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const below = (n: number) => Math.floor(next() * n);
  return {
    next,
    below,
    pick: (items) => items[below(items.length)],
    hex: (length) => Array.from({ length }, () => below(16).toString(16)).join(''),
  };
}

/** A copy of `items` in a random order (Fisher–Yates). */
export function shuffled<T>(items: readonly T[], random: Random): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = random.below(index + 1);
    [copy[index], copy[other]] = [copy[other], copy[index]];
  }
  return copy;
}

/** The opaque id of the case sent `position`-th (from 0): it says where in the run, nothing of the case. */
export function opaqueId(position: number): string {
  return `c${String(position + 1).padStart(4, '0')}`;
}
