/**
 * Seeded pseudo-random numbers for seeds and for apps at run time.
 *
 * sfc32 (Chris Doty-Humphrey's small fast counting generator): 128 bits of state, passes PractRand, and its
 * state is four uint32 values, so an instance can save and restore it with a backup or a reset. Math.random
 * is never used by the kit or by simulators: it would make mutations differ between runs.
 */

export type RngState = readonly [number, number, number, number];

const DEFAULT_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** 32-bit FNV-1a: turns a seed string (a simulator name, a fork label) into a number. */
export function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** splitmix32 spreads one 32-bit seed over the 128-bit state, so nearby seeds give unrelated streams. */
function expandSeed(seed: number): RngState {
  let x = seed >>> 0;
  const next = (): number => {
    x = (x + 0x9e3779b9) >>> 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  return [next(), next(), next(), next()];
}

export class Rng {
  #a: number;
  #b: number;
  #c: number;
  #d: number;

  constructor(seed: number | string | RngState) {
    const state =
      typeof seed === 'number'
        ? expandSeed(seed)
        : typeof seed === 'string'
          ? expandSeed(hashSeed(seed))
          : seed;
    this.#a = state[0] >>> 0;
    this.#b = state[1] >>> 0;
    this.#c = state[2] >>> 0;
    this.#d = state[3] >>> 0;
  }

  /** A uniformly distributed uint32. */
  uint32(): number {
    const t = (((this.#a + this.#b) >>> 0) + this.#d) >>> 0;
    this.#d = (this.#d + 1) >>> 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) >>> 0;
    this.#c = ((this.#c << 21) | (this.#c >>> 11)) >>> 0;
    this.#c = (this.#c + t) >>> 0;
    return t;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) {
      throw new RangeError(`Rng.int needs integers min <= max, got ${min}, ${max}`);
    }
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max), rounded to `decimals` places (prices, ratings) so it prints the same everywhere. */
  float(min: number, max: number, decimals = 2): number {
    const factor = 10 ** decimals;
    return Math.round((min + this.next() * (max - min)) * factor) / factor;
  }

  /** True with the given probability. */
  bool(probability = 0.5): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Rng.pick needs at least one item');
    return items[this.int(0, items.length - 1)] as T;
  }

  /** Picks by relative weight: `weighted([['open', 6], ['closed', 1]])`. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    if (!(total > 0)) throw new RangeError('Rng.weighted needs a positive total weight');
    let roll = this.next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return (entries[entries.length - 1] as readonly [T, number])[0];
  }

  /** A shuffled copy (Fisher-Yates); the input is left alone. */
  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }

  /** `count` distinct items in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, Math.max(0, count));
  }

  /** A random string such as an order number suffix or a share token. */
  token(length: number, alphabet: string = DEFAULT_ALPHABET): string {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[this.int(0, alphabet.length - 1)];
    return out;
  }

  /** A version-4-shaped UUID drawn from this stream (not from crypto), so it is reproducible. */
  uuid(): string {
    const hex = Array.from({ length: 4 }, () => this.uint32().toString(16).padStart(8, '0')).join('');
    const variant = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }

  /**
   * An independent stream named by `label`, derived from the current state without advancing it.
   * Seeds use it so that adding rows to one table does not reshuffle every table generated after it.
   */
  fork(label: string): Rng {
    const salt = expandSeed(hashSeed(label));
    const forked = new Rng([this.#a ^ salt[0], this.#b ^ salt[1], this.#c ^ salt[2], this.#d ^ salt[3]]);
    // sfc32 needs a few rounds to decorrelate states that differ in few bits.
    for (let i = 0; i < 12; i++) forked.uint32();
    return forked;
  }

  state(): RngState {
    return [this.#a, this.#b, this.#c, this.#d];
  }

  restore(state: RngState): void {
    [this.#a, this.#b, this.#c, this.#d] = state;
  }
}
