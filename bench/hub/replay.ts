import { createHash } from 'node:crypto';
import { ExchangeIndex, type IndexedExchange, type RequestDescription } from '@proctor/simulators';
import type { Section } from '../support/section';
import { latency } from '../support/stats';

/** Exchanges in the recording, as the goal names them. */
const EXCHANGES = 10_000;
/** Lookups timed per kind. */
const LOOKUPS = 5_000;
/** The closeness a near miss must reach to be answered (the product's default is configured per simulator). */
const THRESHOLD = 0.5;

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A recorded single-page app on one host (the worst case for the closest match: every exchange of a method is a
 * candidate): pages, an API with ids in paths and query strings, and JSON writes.
 */
function recordedRequest(n: number): RequestDescription {
  const resource = ['items', 'orders', 'users', 'invoices', 'tickets'][n % 5]!;
  if (n % 10 === 9) {
    const body = JSON.stringify({ id: n, name: `Thing ${n}`, tags: ['a', 'b'], owner: { id: n % 97 } });
    return {
      method: 'POST',
      url: `https://app.example.com/api/${resource}/${n}/comments`,
      bodyHash: hash(body),
      bodyKeys: ['id', 'name', 'tags', 'owner.id'],
    };
  }
  return {
    method: 'GET',
    url: `https://app.example.com/api/${resource}/${n}?page=${n % 40}&sort=${n % 2 ? 'asc' : 'desc'}&q=term${n % 13}`,
    bodyHash: null,
    bodyKeys: [],
  };
}

const nanosToMs = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

/**
 * Replay lookup at 10k exchanges, the index the proxy simulator's replay answers every request from: an exact
 * hit (a request as recorded), and a near miss (an id and a query value never recorded) that scans every
 * recorded request of its method and host for the closest.
 */
export const replaySection: Section = {
  key: 'replay',
  title: 'Proxy simulator replay lookup at 10k exchanges',
  async run(ctx) {
    const exchanges: IndexedExchange<number>[] = Array.from({ length: EXCHANGES }, (_, seq) => ({
      seq,
      request: recordedRequest(seq),
      answer: seq,
    }));
    let started = process.hrtime.bigint();
    const index = new ExchangeIndex(exchanges);
    const buildMs = nanosToMs(started);
    ctx.progress(`index of ${index.size} exchanges built in ${buildMs.toFixed(0)} ms`);
    const exact: number[] = [];
    const near: number[] = [];
    let answered = 0;
    for (let i = 0; i < LOOKUPS; i += 1) {
      const recorded = recordedRequest((i * 7919) % EXCHANGES);
      started = process.hrtime.bigint();
      const hit = index.match(recorded, THRESHOLD);
      exact.push(nanosToMs(started));
      if (hit.kind !== 'exact') throw new Error(`A recorded request did not match exactly: ${recorded.url}`);
      const unrecorded = {
        ...recorded,
        url: recorded.url.replace(/\/(\d+)/, `/${EXCHANGES + i}`).replace(/q=term\d+/, `q=other${i}`),
      };
      started = process.hrtime.bigint();
      const closest = index.match(unrecorded, THRESHOLD);
      near.push(nanosToMs(started));
      if (closest.kind === 'closest') answered += 1;
    }
    const exactFigure = latency(exact);
    const nearFigure = latency(near);
    const worst = Math.max(exactFigure.p95, nearFigure.p95);
    return {
      figures: {
        exchanges: EXCHANGES,
        buildMs,
        exact: exactFigure,
        near: nearFigure,
        nearAnswered: answered,
      },
      rows: [
        ['index build (10k exchanges)', `${buildMs.toFixed(0)} ms`, ''],
        ['exact hit p50 / p95', `${exactFigure.p50.toFixed(3)} / ${exactFigure.p95.toFixed(3)} ms`, '≤ 1 ms'],
        [
          'near miss (closest match) p50 / p95',
          `${nearFigure.p50.toFixed(3)} / ${nearFigure.p95.toFixed(3)} ms`,
          '≤ 1 ms',
        ],
        ['near misses answered by a closest match', `${answered} of ${LOOKUPS}`, ''],
      ],
      goals: [
        {
          goal: 'replay lookup p95 ≤ 1 ms at 10k exchanges',
          measured: `${worst.toFixed(3)} ms`,
          met: worst <= 1,
        },
      ],
      notes: [
        'One host, so every recorded request of a method is a candidate for the closest match (the worst case).',
      ],
    };
  },
};
