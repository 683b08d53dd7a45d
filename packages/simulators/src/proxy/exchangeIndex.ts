import {
  bestPossible,
  exactKey,
  pathSimilarity,
  patternBound,
  type RequestDescription,
  type RequestTokens,
  requestSimilarity,
  tokenize,
} from './match';

/** A recorded exchange as the replay looks it up: its request and what answers it (`T`, e.g. a stored row). */
export interface IndexedExchange<T> {
  /** Its place in the recording: repeats of one request replay in this order. */
  seq: number;
  request: RequestDescription;
  answer: T;
}

interface Entry<T> {
  exchange: IndexedExchange<T>;
  tokens: RequestTokens;
}

/** The exchanges of one method and host whose paths share a pattern (/api/items/:id), in recorded order. */
interface PatternGroup<T> {
  /** The first one's tokens: what the group's path bound is computed from. */
  shape: RequestTokens;
  entries: Entry<T>[];
}

export type ReplayMatch<T> =
  | { kind: 'exact'; exchange: IndexedExchange<T> }
  | { kind: 'closest'; exchange: IndexedExchange<T>; score: number }
  | { kind: 'none'; closest: { exchange: IndexedExchange<T>; score: number } | null };

/**
 * A recording's exchanges, ready to answer requests: exact matches by a map, and the closest one of the same
 * method and host by `requestSimilarity` over tokens computed once here. Repeats of one request are answered
 * in recorded order, then the last one keeps answering; `restart()` (an environment's reset) starts over.
 */
export class ExchangeIndex<T> {
  readonly #exact = new Map<string, Entry<T>[]>();
  readonly #byMethodAndHost = new Map<string, Map<string, PatternGroup<T>>>();
  readonly #served = new Map<string, number>();
  readonly size: number;

  constructor(exchanges: Iterable<IndexedExchange<T>>) {
    const sorted = [...exchanges].sort((a, b) => a.seq - b.seq);
    for (const exchange of sorted) {
      const entry = { exchange, tokens: tokenize(exchange.request) };
      push(this.#exact, exactKey(entry.tokens), entry);
      const hostKey = `${entry.tokens.method} ${entry.tokens.host}`;
      const groups = this.#byMethodAndHost.get(hostKey) ?? new Map<string, PatternGroup<T>>();
      this.#byMethodAndHost.set(hostKey, groups);
      const group = groups.get(entry.tokens.pattern);
      if (group) group.entries.push(entry);
      else groups.set(entry.tokens.pattern, { shape: entry.tokens, entries: [entry] });
    }
    this.size = sorted.length;
  }

  /** The exchange that answers `request`: exact, else the closest at or above `threshold`, else none. */
  match(request: RequestDescription, threshold: number): ReplayMatch<T> {
    const tokens = tokenize(request);
    const key = exactKey(tokens);
    const repeats = this.#exact.get(key);
    if (repeats) {
      const served = this.#served.get(key) ?? 0;
      this.#served.set(key, served + 1);
      return {
        kind: 'exact',
        exchange: (repeats[Math.min(served, repeats.length - 1)] as Entry<T>).exchange,
      };
    }
    const closest = this.closest(tokens);
    if (closest && closest.score >= threshold) return { kind: 'closest', ...closest };
    return { kind: 'none', closest };
  }

  /**
   * The best-scoring exchange of the same method and host (the earliest of equals); null when there is none.
   * Groups of one path pattern are tried best bound first, and the scan stops at the first group that cannot
   * beat the best so far: at 10k exchanges on one host a lookup scores a group, not the recording.
   */
  closest(tokens: RequestTokens): { exchange: IndexedExchange<T>; score: number } | null {
    const groups = this.#byMethodAndHost.get(`${tokens.method} ${tokens.host}`);
    if (!groups) return null;
    const bounded = [...groups.values()]
      .map((group) => ({ group, bound: bestPossible(patternBound(tokens, group.shape)) }))
      .sort((a, b) => b.bound - a.bound);
    let best: Entry<T> | undefined;
    let bestScore = -1;
    for (const { group, bound } of bounded) {
      // Strictly below: an equal score in a later group may belong to an earlier exchange.
      if (bound < bestScore) break;
      for (const candidate of group.entries) {
        // The path weighs most: one whose path cannot lift it over the best so far is not scored further.
        if (bestPossible(pathSimilarity(tokens, candidate.tokens)) < bestScore) continue;
        const score = requestSimilarity(tokens, candidate.tokens);
        if (
          score > bestScore ||
          (score === bestScore && best && candidate.exchange.seq < best.exchange.seq)
        ) {
          best = candidate;
          bestScore = score;
        }
      }
    }
    return best ? { exchange: best.exchange, score: bestScore } : null;
  }

  /** Repeats replay from their first recorded answer again. */
  restart(): void {
    this.#served.clear();
  }
}

function push<V>(map: Map<string, V[]>, key: string, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
