/**
 * Act and extract: what an act costs beside the same action in bare Playwright on the shop simulator, and how
 * long one extract of 2,000 values (20 fields × 100 rows) takes. Both run the server's own code (act.ts,
 * extract.ts) on one page of one browser, alternating with the baseline so both see the same machine.
 */
import type { ActNode, ExtractField, ExtractNode } from '@proctor/contracts';
import { builtInSimulators, SimulatorHost } from '@proctor/simulators';
import type { Page } from 'playwright-core';
import { runAct } from '../../apps/server/src/services/webFlows/act';
import { runExtract } from '../../apps/server/src/services/webFlows/extract';
import { launchBare } from '../support/bareChromium';
import type { Goal } from '../support/main';
import type { Section } from '../support/section';
import { type Latency, latency, ms, pair } from '../support/stats';

const GOALS = {
  /** An act's p50 at most this many times the same action's in bare Playwright. */
  actRatio: 1.2,
  extractValues: 2_000,
  extractP50Ms: 100,
} as const;

interface Pair {
  act: Latency;
  bare: Latency;
}

interface ActFigures {
  rounds: number;
  click: Pair;
  type: Pair;
  extract: { values: number; flow: Latency; bareEvaluate: Latency };
}

const SEARCH = { role: 'searchbox', name: 'Search products' } as const;
const clickSearch: ActNode = {
  id: 'click',
  type: 'act',
  description: '',
  actionType: 'click',
  elementHint: 'Search products',
  locator: SEARCH,
};
const typeSearch: ActNode = { ...clickSearch, id: 'type', actionType: 'type', text: 'linen sheets' };

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** `rounds` of each side, alternating (after a few unmeasured ones), so neither gets the quieter moments. */
async function compare(
  rounds: number,
  act: () => Promise<unknown>,
  bare: () => Promise<unknown>,
): Promise<Pair> {
  for (let i = 0; i < 5; i++) {
    await act();
    await bare();
  }
  const acts: number[] = [];
  const bares: number[] = [];
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      acts.push(await timed(act));
      bares.push(await timed(bare));
    } else {
      bares.push(await timed(bare));
      acts.push(await timed(act));
    }
  }
  return { act: latency(acts), bare: latency(bares) };
}

const ROWS = 100;
const COLUMNS = 20;

/** A page of 100 rows of 20 cells, half text and half prices, as a results table of a real site would be. */
function tablePage(): string {
  const rows = Array.from({ length: ROWS }, (_row, r) => {
    const cells = Array.from({ length: COLUMNS }, (_cell, c) =>
      c % 2 === 0
        ? `<td class="c${c}">Item ${r}-${c} <b>note</b></td>`
        : `<td class="c${c}">$${r},${c}0.50</td>`,
    );
    return `<tr class="row">${cells.join('')}</tr>`;
  });
  return `<!doctype html><title>Table</title><table><tbody>${rows.join('')}</tbody></table>`;
}

const tableExtract: ExtractNode = {
  id: 'table',
  type: 'extract',
  description: '',
  schema: {
    fields: [
      {
        id: 'rows',
        name: 'rows',
        type: 'object',
        isArray: true,
        selector: 'tr.row',
        filters: [],
        subParameters: Array.from(
          { length: COLUMNS },
          (_cell, c): ExtractField => ({
            id: `c${c}`,
            name: `c${c}`,
            type: c % 2 === 0 ? 'string' : 'number',
            isArray: false,
            selector: `td.c${c}`,
            filters: [],
            subParameters: [],
          }),
        ),
      },
    ],
  },
};

async function extractFigures(page: Page, rounds: number): Promise<ActFigures['extract']> {
  await page.setContent(tablePage());
  const output = await runExtract(page, tableExtract);
  const rows = output.rows as Record<string, unknown>[];
  const values = rows.reduce((sum, row) => sum + Object.keys(row).length, 0);
  const bareRead = () =>
    page.$$eval('tr.row', (trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => (td.textContent ?? '').trim())),
    );
  const pairFigures = await compare(
    rounds,
    () => runExtract(page, tableExtract),
    () => bareRead(),
  );
  return { values, flow: pairFigures.act, bareEvaluate: pairFigures.bare };
}

export const actExtractSection: Section = {
  key: 'act',
  title: 'Act and extract vs bare Playwright (shop simulator, one browser; p50 / p95)',
  async run(ctx) {
    const rounds = Math.max(5, Number(ctx.options.rounds) || 60);
    const shop = builtInSimulators.find((simulator) => simulator.name === 'shop');
    if (!shop) throw new Error('No built-in shop simulator');
    const host = new SimulatorHost();
    await host.listen();
    ctx.teardown.add('simulator host', () => host.close());
    const instance = host.createInstance(shop);
    const browser = await launchBare();
    ctx.teardown.add('browser', () => browser.close());
    const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
    await page.goto(instance.url('/'));

    ctx.progress(`Act vs bare Playwright, ${rounds} rounds each…`);
    const searchBox = () => page.getByRole(SEARCH.role, { name: SEARCH.name });
    const click = await compare(
      rounds,
      () => runAct(page, clickSearch, {}, async () => null),
      () => searchBox().click(),
    );
    const type = await compare(
      rounds,
      () => runAct(page, typeSearch, {}, async () => null),
      () => searchBox().fill('linen sheets'),
    );
    ctx.progress(`Extract of ${ROWS} rows × ${COLUMNS} fields…`);
    const extract = await extractFigures(page, rounds);
    const figures: ActFigures = { rounds, click, type, extract };
    const ratio = (figure: Pair) => figure.act.p50 / figure.bare.p50;
    const goals = [
      ...(['click', 'type'] as const).map(
        (kind): Goal => ({
          goal: `act (${kind}) p50 ≤ ${GOALS.actRatio}× bare Playwright`,
          measured: `${ratio(figures[kind]).toFixed(2)}×`,
          met: ratio(figures[kind]) <= GOALS.actRatio,
        }),
      ),
      {
        goal: `${GOALS.extractValues} extracted values p50 ≤ ${GOALS.extractP50Ms} ms`,
        measured: `${extract.values} values, ${ms(extract.flow.p50)} ms`,
        met: extract.values >= GOALS.extractValues && extract.flow.p50 <= GOALS.extractP50Ms,
      },
    ];
    return {
      figures,
      rows: [
        ['act: click the search box (web flow)', pair(click.act), `≤ ${GOALS.actRatio}× bare (p50)`],
        ['  bare Playwright getByRole().click()', pair(click.bare), ''],
        ['act: type into it (web flow)', pair(type.act), `≤ ${GOALS.actRatio}× bare (p50)`],
        ['  bare Playwright getByRole().fill()', pair(type.bare), ''],
        [
          `extract: ${extract.values} values (web flow)`,
          pair(extract.flow),
          `p50 ≤ ${GOALS.extractP50Ms} ms`,
        ],
        ['  bare $$eval of the texts only', pair(extract.bareEvaluate), ''],
      ],
      goals,
      notes: [`${rounds} rounds of each side, alternating, after 5 unmeasured ones.`],
    };
  },
};
