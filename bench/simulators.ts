/**
 * Simulator kit benchmark: per built-in simulator, instance creation, reset and state latency and memory per
 * instance. Usage: bench/README.md. Memory is measured in a child process per simulator, after a full
 * collection (`node --expose-gc`): freed SQLite pages stay in the allocator and would skew the next one.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  builtInSimulators,
  type PreparedSimulator,
  prepareSimulator,
  type SimulatorDefinition,
  SimulatorInstance,
} from '../packages/simulators/src/index';
import { fixtureSimulator } from '../packages/simulators/test/fixture/index';

/** The issue's goals. */
const GOALS = { resetMs: 10, stateMs: 10, createMs: 50, rssAt200Bytes: 2 * 1024 ** 3 };
/** Mutations made on every measured instance, so state() has a session's worth of log to read. */
const MUTATIONS_PER_INSTANCE = 20;
const LIVE_COUNTS = [50, 200] as const;
const WARMUP = 20;
const MiB = 1024 ** 2;

const { values: options } = parseArgs({
  options: {
    fixture: { type: 'boolean', default: false },
    only: { type: 'string' },
    iterations: { type: 'string', default: '300' },
    // Internal: measure the memory of one simulator in this (fresh) process and print it as JSON.
    'memory-of': { type: 'string' },
  },
});
const iterations = Math.max(10, Number.parseInt(options.iterations, 10) || 300);

function collect(): void {
  globalThis.gc?.();
  globalThis.gc?.();
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

function time(run: () => void): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

function measure(run: () => void): { p50: number; p95: number } {
  for (let i = 0; i < WARMUP; i++) run();
  const samples = Array.from({ length: iterations }, () => time(run));
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

let instanceCount = 0;
function newInstance(prepared: PreparedSimulator): SimulatorInstance {
  instanceCount += 1;
  const id = `bench${instanceCount}`;
  return new SimulatorInstance(prepared, {
    id,
    origin: `http://${id}.${prepared.definition.name}.localhost`,
  });
}

/**
 * Changes some rows without knowing the app: appends to a text column of existing rows, table after table.
 * Rows whose constraints refuse the change are skipped. The clock is advanced as a request would.
 */
function mutate(instance: SimulatorInstance, count: number): number {
  const candidates = instance.simulator.tables.flatMap((table) =>
    table.columns
      .filter((column) => /CHAR|TEXT|CLOB/i.test(column.type) && !table.primaryKey.includes(column.name))
      .map((column) => ({
        table: table.name,
        column: column.name,
        withoutRowid: table.primaryKey.length > 0,
      })),
  );
  let made = 0;
  for (let offset = 0; made < count && offset < count * 4; offset++) {
    for (const candidate of candidates) {
      if (made >= count) break;
      instance.clock.beginRequest(true);
      try {
        const changes = instance.db
          .prepare(
            `UPDATE "${candidate.table}" SET "${candidate.column}" = "${candidate.column}" || ' (edited)'
             WHERE rowid = (SELECT rowid FROM "${candidate.table}" LIMIT 1 OFFSET ?)`,
          )
          .run(offset).changes;
        made += changes;
      } catch {
        // A CHECK or UNIQUE constraint, or a WITHOUT ROWID table: try the next column.
      } finally {
        instance.clock.endRequest();
      }
    }
  }
  return made;
}

interface MemoryFigures {
  live: number;
  rssPerInstance: number;
  heapPerInstance: number;
  rssTotal: number;
}

function measureMemory(prepared: PreparedSimulator): MemoryFigures[] {
  const figures: MemoryFigures[] = [];
  const live: SimulatorInstance[] = [];
  collect();
  const base = process.memoryUsage();
  for (const target of LIVE_COUNTS) {
    while (live.length < target) {
      const instance = newInstance(prepared);
      mutate(instance, MUTATIONS_PER_INSTANCE);
      live.push(instance);
    }
    collect();
    const now = process.memoryUsage();
    figures.push({
      live: target,
      rssPerInstance: (now.rss - base.rss) / target,
      heapPerInstance: (now.heapUsed - base.heapUsed) / target,
      rssTotal: now.rss,
    });
  }
  for (const instance of live) instance.destroy();
  collect();
  return figures;
}

interface Row {
  name: string;
  seedMs: number;
  snapshotBytes: number;
  create: { p50: number; p95: number };
  reset: { p50: number; p95: number };
  state: { p50: number; p95: number };
  stateSize: number;
  memory: MemoryFigures[];
}

/** Runs this script again for one simulator's memory, in a process where nothing ran before. */
function measureMemoryInChild(definition: SimulatorDefinition): MemoryFigures[] {
  const args = [...process.execArgv, fileURLToPath(import.meta.url), '--memory-of', definition.name];
  if (options.fixture) args.push('--fixture');
  return JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8' })) as MemoryFigures[];
}

function benchmark(definition: SimulatorDefinition): Row {
  const prepared = prepareSimulator(definition);
  const create = measure(() => newInstance(prepared).destroy());

  const instance = newInstance(prepared);
  const reset = measure(() => instance.reset());
  const made = mutate(instance, MUTATIONS_PER_INSTANCE);
  const state = measure(() => instance.state());
  instance.destroy();

  return {
    name: definition.name,
    seedMs: prepared.seedMs,
    snapshotBytes: prepared.snapshot.length,
    create,
    reset,
    state,
    stateSize: made,
    memory: measureMemoryInChild(definition),
  };
}

const ms = (value: number) => value.toFixed(2);
// A heap delta can be a hair below zero after collection; show it as 0.00, not -0.00.
const mib = (bytes: number) => Math.max(0, bytes / MiB).toFixed(2);
const pair = (figure: { p50: number; p95: number }) => `${ms(figure.p50)} / ${ms(figure.p95)}`;

function printTable(rows: Row[]): void {
  const header = [
    'simulator',
    'seed build ms',
    'snapshot KiB',
    'create p50/p95 ms',
    'reset p50/p95 ms',
    `state p50/p95 ms (${MUTATIONS_PER_INSTANCE} mut.)`,
    ...LIVE_COUNTS.map((n) => `@${n} RSS/heap MiB per inst.`),
    `RSS @${LIVE_COUNTS[LIVE_COUNTS.length - 1]} MiB`,
  ];
  const lines = rows.map((row) => [
    row.name,
    ms(row.seedMs),
    (row.snapshotBytes / 1024).toFixed(0),
    pair(row.create),
    pair(row.reset),
    `${pair(row.state)}${row.stateSize < MUTATIONS_PER_INSTANCE ? ` (${row.stateSize} mut.)` : ''}`,
    ...row.memory.map((m) => `${mib(m.rssPerInstance)} / ${mib(m.heapPerInstance)}`),
    mib(row.memory[row.memory.length - 1]?.rssTotal ?? 0),
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...lines.map((line) => (line[i] as string).length)),
  );
  const format = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] as number)).join('  ');
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
}

function printGoals(rows: Row[]): boolean {
  let allMet = true;
  const check = (label: string, value: string, met: boolean) => {
    allMet &&= met;
    console.log(`  ${met ? 'ok  ' : 'MISS'} ${label}: ${value}`);
  };
  for (const row of rows) {
    console.log(`\n${row.name}`);
    check(`reset p50 <= ${GOALS.resetMs} ms`, ms(row.reset.p50), row.reset.p50 <= GOALS.resetMs);
    check(`state p50 <= ${GOALS.stateMs} ms`, ms(row.state.p50), row.state.p50 <= GOALS.stateMs);
    check(`creation p50 <= ${GOALS.createMs} ms`, ms(row.create.p50), row.create.p50 <= GOALS.createMs);
    const at200 = row.memory[row.memory.length - 1] as MemoryFigures;
    check(
      `process RSS with ${at200.live} live instances <= 2048 MiB`,
      `${mib(at200.rssTotal)} MiB`,
      at200.rssTotal <= GOALS.rssAt200Bytes,
    );
  }
  return allMet;
}

const chosen = [...builtInSimulators];
if (options.fixture || chosen.length === 0) {
  if (!options.fixture && options['memory-of'] === undefined) {
    console.log('No built-in simulator is registered yet: measuring the kit fixture.\n');
  }
  chosen.push(fixtureSimulator);
}
const memoryOf = options['memory-of'];
if (memoryOf !== undefined) {
  const definition = chosen.find((s) => s.name === memoryOf);
  if (!definition) throw new Error(`No simulator named ${memoryOf}`);
  const prepared = prepareSimulator(definition);
  process.stdout.write(JSON.stringify(measureMemory(prepared)));
  process.exit(0);
}
const simulators = options.only ? chosen.filter((s) => s.name === options.only) : chosen;
if (simulators.length === 0) {
  console.error(`No simulator named ${options.only}. Known: ${chosen.map((s) => s.name).join(', ')}`);
  process.exit(1);
}
if (!globalThis.gc) console.log('Note: run with node --expose-gc for exact memory figures.\n');

console.log(
  `Simulator kit benchmark: ${iterations} samples per latency, node ${process.version}, ${new Date().toISOString()}\n`,
);
const rows = simulators.map(benchmark);
printTable(rows);
const met = printGoals(rows);
console.log(met ? '\nAll goals met.' : '\nSome goals were missed.');
process.exitCode = met ? 0 : 1;
