/**
 * URL patterns over many captured URLs: `urlPatternOf` (contracts), which turns a request's URL into its
 * endpoint's pattern, and the match the server makes with it (site-endpoint-from-request: the pattern read, then
 * the endpoint of the same origin, pattern and method looked up; here a Map keyed as the unique index is).
 * The URLs have the shapes captured traffic has: numeric ids, UUIDs, hex digests, long tokens, redacted
 * secrets, plain paths and assets, with queries; each knows the pattern it must give.
 */
import { urlPatternOf } from '@proctor/contracts';
import type { Section } from '../support/section';
import { type Latency, latency } from '../support/stats';

/** A deterministic generator (mulberry32), so every run reads the same URLs. */
function randomFrom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface GeneratedUrl {
  url: string;
  method: string;
  /** The pattern the URL's endpoint has. */
  pattern: string;
}

function generator(random: () => number) {
  const int = (below: number) => Math.floor(random() * below);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  const characters = (alphabet: string, length: number) =>
    Array.from({ length }, () => alphabet[int(alphabet.length)]).join('');
  const hex = (length: number) => `${int(10)}${characters('0123456789abcdef', length - 1)}`;
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
  // Letters and digits mixed, as session and reset tokens are (a digit and a letter in every one).
  const token = (length: number) =>
    `a7${characters('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', length - 2)}`;
  const slugs = ['linen-sheets', 'summer-sale', 'about-us', 'help', 'careers', 'blog', 'pricing'];
  const shapes: (() => GeneratedUrl)[] = [
    () => {
      const id = 1 + int(5_000_000);
      return {
        url: `https://api.shop.example.com/api/v2/users/${id}?include=orders&page=${int(9)}`,
        method: 'GET',
        pattern: '/api/v2/users/{userId}',
      };
    },
    () => ({
      url: `https://api.shop.example.com/orders/${uuid()}/line-items/${int(100)}`,
      method: pick(['GET', 'PUT', 'DELETE']),
      pattern: '/orders/{orderId}/line-items/{lineItemId}',
    }),
    () => ({
      url: `https://git.example.org/api/v1/repos/acme/widgets/commits/${hex(40)}/comments`,
      method: 'GET',
      pattern: '/api/v1/repos/acme/widgets/commits/{commitId}/comments',
    }),
    () => ({
      url: `https://auth.example.com/password-resets/${token(32)}/confirm`,
      method: 'POST',
      pattern: '/password-resets/{passwordResetId}/confirm',
    }),
    () => ({
      url: `https://api.example.com/v1/keys/redacted:${hex(16)}`,
      method: 'GET',
      pattern: '/v1/keys/{keyId}',
    }),
    () => {
      const path = `/${pick(slugs)}/${pick(slugs)}`;
      return { url: `https://www.example.com${path}?utm_source=mail`, method: 'GET', pattern: path };
    },
    () => {
      const path = `/static/js/${pick(['main', 'vendor', 'runtime'])}.chunk.js`;
      return { url: `https://cdn.example.net${path}#top`, method: 'GET', pattern: path };
    },
    () => ({
      url: `https://api.shop.example.com/graphql?operationName=Cart&variables=%7B%22id%22%3A${int(1e6)}%7D`,
      method: 'POST',
      pattern: '/graphql',
    }),
  ];
  return () => pick(shapes)();
}

interface PatternFigures {
  urls: number;
  /** URLs per second of urlPatternOf over all of them in one loop. */
  throughput: number;
  /** One call, timed alone. */
  perUrl: Latency;
  /** urlPatternOf and the lookup of the endpoint, per URL, timed alone. */
  matchPerUrl: Latency;
  matchThroughput: number;
  endpoints: number;
  /** URLs whose pattern was not the one their endpoint has. */
  wrongPatterns: number;
  /** URLs that found no endpoint. */
  unmatched: number;
}

const microseconds = (figure: Latency) =>
  `${(figure.p50 * 1000).toFixed(1)} / ${(figure.p95 * 1000).toFixed(1)} µs`;

const identityOf = (originUrl: string | null, method: string, urlPattern: string) =>
  `${originUrl} ${method} ${urlPattern}`;

export const urlPatternsSection: Section = {
  key: 'patterns',
  title: 'URL patterns (urlPatternOf, and the endpoint match made with it)',
  async run(ctx) {
    const count = Math.max(1_000, Number(ctx.options.urls) || 100_000);
    const next = generator(randomFrom(31));
    const generated = Array.from({ length: count }, next);
    ctx.progress(`urlPatternOf over ${count.toLocaleString('en')} URLs…`);
    // Warm the code up as a running server's is.
    for (const { url } of generated.slice(0, 5_000)) urlPatternOf(url);

    let started = performance.now();
    for (const { url } of generated) urlPatternOf(url);
    const throughput = count / ((performance.now() - started) / 1000);

    const one: number[] = [];
    let wrongPatterns = 0;
    for (const { url, pattern } of generated) {
      const at = performance.now();
      const read = urlPatternOf(url);
      one.push(performance.now() - at);
      if (read.urlPattern !== pattern) wrongPatterns++;
    }

    // The endpoints the URLs stand for, keyed by what makes an endpoint one (site_endpoints' unique index).
    const endpoints = new Map<string, number>();
    for (const { url, method, pattern } of generated)
      endpoints.set(identityOf(new URL(url).origin, method, pattern), endpoints.size + 1);
    const match = (url: string, method: string) => {
      const read = urlPatternOf(url);
      return endpoints.get(identityOf(read.originUrl, method, read.urlPattern));
    };
    ctx.progress(`… and matched to ${endpoints.size} endpoints…`);
    started = performance.now();
    for (const { url, method } of generated) match(url, method);
    const matchThroughput = count / ((performance.now() - started) / 1000);
    const matchTimes: number[] = [];
    let unmatched = 0;
    for (const { url, method } of generated) {
      const at = performance.now();
      const found = match(url, method);
      matchTimes.push(performance.now() - at);
      if (found === undefined) unmatched++;
    }

    const figures: PatternFigures = {
      urls: count,
      throughput,
      perUrl: latency(one),
      matchPerUrl: latency(matchTimes),
      matchThroughput,
      endpoints: endpoints.size,
      wrongPatterns,
      unmatched,
    };
    const perSecond = (value: number) => `${Math.round(value).toLocaleString('en')} URLs/s`;
    return {
      figures,
      rows: [
        [`urlPatternOf, ${count.toLocaleString('en')} URLs in one loop`, perSecond(throughput), ''],
        ['  one URL (p50 / p95)', microseconds(figures.perUrl), ''],
        [`pattern + endpoint lookup (${endpoints.size} endpoints)`, perSecond(matchThroughput), ''],
        ['  one URL (p50 / p95)', microseconds(figures.matchPerUrl), ''],
        ['URLs given another pattern than their endpoint’s', String(wrongPatterns), '0'],
        ['URLs that found no endpoint', String(unmatched), '0'],
      ],
      goals: [
        {
          goal: `Every one of ${count.toLocaleString('en')} URLs gives its endpoint's pattern and finds it`,
          measured: `${wrongPatterns} wrong, ${unmatched} unmatched`,
          met: wrongPatterns === 0 && unmatched === 0,
        },
      ],
      notes: ['One URL: each call timed alone, clock reads included; the loops time all of them at once.'],
    };
  },
};
