import { PROXY_SIMULATOR } from '@proctor/contracts';
import {
  bestPossible,
  exactKey,
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

/**
 * The exchanges of one method and host whose paths share a pattern (/api/items/:id), in recorded order. Their
 * paths differ only in ids, so against a given request two of them score differently only by the ids and query
 * values they share with it, and by their query names and body keys (their "kind"). The group finds its best
 * exchange without scoring them all: it counts shared values through postings, keeps per kind the one sharing
 * the most (the earliest of equals; a kind sharing nothing is represented by its first), and scores only those.
 */
class PatternGroup<T> {
  readonly entries: Entry<T>[] = [];
  readonly #kindOf: number[] = [];
  /** The position of each kind's first entry. */
  readonly #kindFirst: number[] = [];
  readonly #kinds = new Map<string, number>();
  /** Positions by a value they hold: `i{n}\0{segment}` for an id at segment n, `q{name}\0{values}` for a field. */
  readonly #postings = new Map<string, number[]>();
  #idHits = new Int32Array(0);
  #queryHits = new Int32Array(0);

  constructor(readonly shape: RequestTokens) {}

  add(entry: Entry<T>): void {
    const position = this.entries.length;
    this.entries.push(entry);
    const { tokens } = entry;
    const kindKey = `${tokens.queryFields.map(([name]) => name).join('\0')}\u0001${[...tokens.bodyKeys].sort().join('\0')}`;
    let kind = this.#kinds.get(kindKey);
    if (kind === undefined) {
      kind = this.#kindFirst.length;
      this.#kinds.set(kindKey, kind);
      this.#kindFirst.push(position);
    }
    this.#kindOf.push(kind);
    tokens.segments.forEach((segment, at) => {
      if (tokens.idLike[at]) push(this.#postings, `i${at}\0${segment}`, position);
    });
    for (const [name, values] of tokens.queryFields) push(this.#postings, `q${name}\0${values}`, position);
  }

  /** The group's best exchange for `tokens` and its score; the earliest of equals. */
  best(tokens: RequestTokens): { entry: Entry<T>; score: number } {
    const size = this.entries.length;
    if (this.#idHits.length < size) {
      this.#idHits = new Int32Array(size);
      this.#queryHits = new Int32Array(size);
    }
    const touched: number[] = [];
    const count = (key: string, hits: Int32Array) => {
      for (const position of this.#postings.get(key) ?? []) {
        if (this.#idHits[position] === 0 && this.#queryHits[position] === 0) touched.push(position);
        hits[position] = (hits[position] as number) + 1;
      }
    };
    tokens.segments.forEach((segment, at) => {
      if (tokens.idLike[at]) count(`i${at}\0${segment}`, this.#idHits);
    });
    for (const [name, values] of tokens.queryFields) count(`q${name}\0${values}`, this.#queryHits);

    // Within a kind: a shared id adds ½ of a path segment, a shared value ½ of a query field, each over the kind's
    // own count (segments of the longer path; query names of either).
    const { path, query } = PROXY_SIMULATOR.scoreWeights;
    const longer = Math.max(tokens.segments.length, this.shape.segments.length) || 1;
    const requestNames = new Set(tokens.queryFields.map(([name]) => name));
    const weights = new Map<number, { id: number; value: number }>();
    const weightOf = (kind: number) => {
      let weight = weights.get(kind);
      if (!weight) {
        const fields = (this.entries[this.#kindFirst[kind] as number] as Entry<T>).tokens.queryFields;
        const union = requestNames.size + fields.filter(([name]) => !requestNames.has(name)).length || 1;
        weight = { id: (path * 0.5) / longer, value: (query * 0.5) / union };
        weights.set(kind, weight);
      }
      return weight;
    };
    const leaders = new Map<number, { position: number; value: number }>();
    for (const position of touched) {
      const kind = this.#kindOf[position] as number;
      const weight = weightOf(kind);
      const value =
        weight.id * (this.#idHits[position] as number) + weight.value * (this.#queryHits[position] as number);
      const leader = leaders.get(kind);
      if (!leader || value > leader.value || (value === leader.value && position < leader.position))
        leaders.set(kind, { position, value });
      this.#idHits[position] = 0;
      this.#queryHits[position] = 0;
    }

    let best: { entry: Entry<T>; score: number } | undefined;
    this.#kindFirst.forEach((first, kind) => {
      const entry = this.entries[leaders.get(kind)?.position ?? first] as Entry<T>;
      const score = requestSimilarity(tokens, entry.tokens);
      if (
        !best ||
        score > best.score ||
        (score === best.score && entry.exchange.seq < best.entry.exchange.seq)
      )
        best = { entry, score };
    });
    return best as { entry: Entry<T>; score: number };
  }
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
      let group = groups.get(entry.tokens.pattern);
      if (!group) {
        group = new PatternGroup<T>(entry.tokens);
        groups.set(entry.tokens.pattern, group);
      }
      group.add(entry);
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
   * beat the best so far; within a group only each kind's leader is scored (see PatternGroup).
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
      const { entry, score } = group.best(tokens);
      if (score > bestScore || (score === bestScore && best && entry.exchange.seq < best.exchange.seq)) {
        best = entry;
        bestScore = score;
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
