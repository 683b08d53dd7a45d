/**
 * Web flow benchmark: what an act costs beside the same action in bare Playwright on the shop simulator, and how
 * long one extract of 2,000 values (20 fields × 100 rows) takes. Both run the server's own code (act.ts,
 * extract.ts) on one page of one browser, alternating with the baseline so both see the same machine.
 * Usage: `npm run bench:flows [-- --json] [-- --rounds N]`.
 */
import { parseArgs } from 'node:util';
import type { ActNode, ExtractField, ExtractNode } from '@proctor/contracts';
import { builtInSimulators, SimulatorHost } from '@proctor/simulators';
import type { Page } from 'playwright-core';
import { runAct } from '../apps/server/src/services/webFlows/act';
import { runExtract } from '../apps/server/src/services/webFlows/extract';
import { launchBare } from './support/bareChromium';
import { type Goal, runBenchmark } from './support/main';
import { type Latency, latency, ms, pair, printColumns } from './support/stats';

const GOALS = {
  /** An act's p50 at most this many times the same action's in bare Playwright. */
  actRatio: 1.2,
  extractValues: 2_000,
  extractP50Ms: 100,
} as const;

const { values: options } = parseArgs({
  options: { json: { type: 'boolean', default: false }, rounds: { type: 'string', default: '60' } },
});
const rounds = Math.max(5, Number(options.rounds) || 60);
const progress = (line: string) => process.stderr.write(`${line}\n`);

interface Pair {
  act: Latency;
  bare: Latency;
}

interface Results {
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
async function compare(act: () => Promise<unknown>, bare: () => Promise<unknown>): Promise<Pair> {
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

async function extractFigures(page: Page): Promise<Results['extract']> {
  await page.setContent(tablePage());
  const output = await runExtract(page, tableExtract);
  const rows = output.rows as Record<string, unknown>[];
  const values = rows.reduce((sum, row) => sum + Object.keys(row).length, 0);
  const bareRead = () =>
    page.$$eval('tr.row', (trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => (td.textContent ?? '').trim())),
    );
  const pairFigures = await compare(
    () => runExtract(page, tableExtract),
    () => bareRead(),
  );
  return { values, flow: pairFigures.act, bareEvaluate: pairFigures.bare };
}

await runBenchmark<Results>({
  progress,
  json: options.json ?? false,
  closing: 'the browser and the simulator host',
  run: async (teardown) => {
    const shop = builtInSimulators.find((simulator) => simulator.name === 'shop');
    if (!shop) throw new Error('No built-in shop simulator');
    const host = new SimulatorHost();
    await host.listen();
    teardown.add('simulator host', () => host.close());
    const instance = host.createInstance(shop);
    const browser = await launchBare();
    teardown.add('browser', () => browser.close());
    const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
    await page.goto(instance.url('/'));

    progress(`Act vs bare Playwright, ${rounds} rounds each…`);
    const searchBox = () => page.getByRole(SEARCH.role, { name: SEARCH.name });
    const click = await compare(
      () => runAct(page, clickSearch, {}, async () => null),
      () => searchBox().click(),
    );
    const type = await compare(
      () => runAct(page, typeSearch, {}, async () => null),
      () => searchBox().fill('linen sheets'),
    );
    progress(`Extract of ${ROWS} rows × ${COLUMNS} fields…`);
    const extract = await extractFigures(page);
    return { rounds, click, type, extract };
  },
  goals: (results) => {
    const ratio = (figures: Pair) => figures.act.p50 / figures.bare.p50;
    return [
      ...(['click', 'type'] as const).map(
        (kind): Goal => ({
          goal: `act (${kind}) p50 ≤ ${GOALS.actRatio}× bare Playwright`,
          measured: `${ratio(results[kind]).toFixed(2)}×`,
          met: ratio(results[kind]) <= GOALS.actRatio,
        }),
      ),
      {
        goal: `${GOALS.extractValues} extracted values p50 ≤ ${GOALS.extractP50Ms} ms`,
        measured: `${results.extract.values} values, ${ms(results.extract.flow.p50)} ms`,
        met: results.extract.values >= GOALS.extractValues && results.extract.flow.p50 <= GOALS.extractP50Ms,
      },
    ];
  },
  report: (results, goals) => {
    console.log(`\nWeb flows (${results.rounds} rounds each, p50 / p95)\n`);
    printColumns(
      ['operation', 'web flow', 'bare Playwright'],
      [
        ['act: click the search box', pair(results.click.act), pair(results.click.bare)],
        ['act: type into it', pair(results.type.act), pair(results.type.bare)],
        [
          `extract: ${results.extract.values} values`,
          pair(results.extract.flow),
          `${pair(results.extract.bareEvaluate)} ($$eval of the texts only)`,
        ],
      ],
    );
    console.log('');
    printColumns(
      ['goal', 'measured', 'met'],
      goals.map((goal) => [goal.goal, goal.measured, goal.met ? 'yes' : 'NO']),
    );
  },
});
